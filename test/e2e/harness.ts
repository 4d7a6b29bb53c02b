// The e2e runner: one fresh HOME and git project per scenario, the test policy, `hookit install`,
// then one real CLI run against the fake model server (see driver.ts), network-isolated with
// `unshare -n` where the machine allows it. Returns what the model was sent and the project files.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { execa, execaSync } from "execa";
import { AGENTS, type AgentContext } from "./agents.ts";
import { basePath, cliCommand, type CliId } from "./clis.ts";
import { captureScript, readJsonl, sabotageHookCommand as sabotageAt, writeFiles } from "./scenario-files.ts";
import type { DriverResult, DriverSpec } from "./driver.ts";
import type { LoggedRequest, ModelTurn } from "./servers/types.ts";
import { conversation, type ViewItem } from "./views.ts";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CACHE_ROOT = resolve(process.env.HOOKIT_E2E_CACHE || join(homedir(), ".cache/hookit-e2e"));
let hookitBinPath: string | undefined;

/**
 * The hookit under test: a copy of this checkout's build (dist/ and package.json, i.e. the
 * published package) taken once per test file, so a rebuild in the work tree cannot swap files
 * under a running CLI; or the build named by HOOKIT_E2E_BIN, used in place.
 */
export function hookitBin(): string {
  if (hookitBinPath) return hookitBinPath;
  if (process.env.HOOKIT_E2E_BIN) return (hookitBinPath = resolve(process.env.HOOKIT_E2E_BIN));
  if (!existsSync(join(REPO_ROOT, "dist/bin.cjs"))) throw new Error("dist/bin.cjs is missing: run `npm run build` first");
  const copy = join(scratch(), "hookit");
  cpSync(join(REPO_ROOT, "dist"), join(copy, "dist"), { recursive: true });
  cpSync(join(REPO_ROOT, "package.json"), join(copy, "package.json"));
  return (hookitBinPath = join(copy, "dist/bin.cjs"));
}

export interface Scenario {
  agent: CliId;
  name: string;
  /** The model's script, one entry per model turn (a function when it needs the project path). */
  turns: ModelTurn[] | ((project: string) => ModelTurn[]);
  /** Written to `<project>/.hookit/hookit.json`; a string is written verbatim (broken JSON on purpose). */
  policy?: unknown;
  /** Run `hookit install --agent <id> --project <dir>` (default: when a policy is given). */
  install?: boolean;
  /** Install a hand-written hook that records every pre-tool payload into `capture/` (smoke tests). */
  captureHook?: boolean;
  /** Extra environment for the CLI run (and so for its hooks). */
  env?: Record<string, string>;
  /** A policy that fails validation, named to hooks through HOOKIT_CONFIG (so no trust step applies). */
  brokenPolicy?: string;
  /**
   * A `hookit` link to the built bin first on PATH for the install and the CLI, as
   * `npm install -g` leaves one: the project install then writes `hookit hook …` (command-form.ts).
   */
  hookitOnPath?: boolean;
  /** Runs after `hookit install`, before the CLI (e.g. to break the installed hook command). */
  sabotage?: (run: { dir: string; home: string; project: string }) => void;
  prompt?: string;
  /** Rewrites the CLI's command line (e.g. drops a permission flag a capture run must not have). */
  argv?: (argv: string[]) => string[];
}

export interface RunResult {
  scenario: Scenario;
  dir: string;
  project: string;
  home: string;
  isolated: boolean;
  driver: DriverResult;
  requests: LoggedRequest[];
  /** Main-loop model requests (not side calls), in order. */
  modelRequests: LoggedRequest[];
  /** The conversation carried by each model request. */
  views: ViewItem[][];
  /** Pre-tool payloads the capture hook saw. */
  captures: unknown[];
  exists(projectPath: string): boolean;
  read(projectPath: string): string;
  /** One paragraph to print when an assertion fails. */
  summary(): string;
}

let scratchRoot: string | undefined;
let driverFile: string | undefined;
let isolation: boolean | undefined;

export function scratch(): string {
  scratchRoot ??= mkdtempSync(join(tmpdir(), "hookit-e2e-"));
  return scratchRoot;
}

/** Removes this worker's scratch directory unless HOOKIT_E2E_KEEP=1 (then it prints where it is). */
export function disposeScratch(): void {
  if (!scratchRoot) return;
  if (process.env.HOOKIT_E2E_KEEP === "1") console.info(`hookit e2e: scratch kept in ${scratchRoot}`);
  else rmSync(scratchRoot, { recursive: true, force: true });
  scratchRoot = undefined;
  driverFile = undefined;
  hookitBinPath = undefined;
}

/** driver.ts bundled into one ES module in this worker's scratch directory (built once). */
export function bundledDriver(): string {
  if (driverFile) return driverFile;
  const out = join(scratch(), "driver.mjs");
  buildSync({
    entryPoints: [join(REPO_ROOT, "test/e2e/driver.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: out,
    logLevel: "error",
    // execa's CommonJS parts (cross-spawn) `require` Node's built-ins, which an ES module has not.
    banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
  });
  driverFile = out;
  return out;
}

/** A new network namespace with only loopback up, when this machine lets us make one. */
export function canIsolate(): boolean {
  // HOOKIT_E2E_NO_ISOLATION=1 runs in the host's network namespace (debugging with host tools).
  if (process.env.HOOKIT_E2E_NO_ISOLATION === "1") return false;
  isolation ??= execaSync("unshare", ["-n", "sh", "-c", "ip link set lo up"], { stdio: "ignore", reject: false }).exitCode === 0;
  return isolation;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export function baseEnv(home: string): Record<string, string> {
  return { PATH: basePath(), HOME: home, TERM: "dumb", LANG: "C.UTF-8" };
}

export function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): void {
  const r = execaSync(command, args, { ...options, extendEnv: false, timeout: 60_000, reject: false, all: true });
  if (r.failed) throw new Error(`${r.shortMessage}:\n${r.all}`);
}

/** Writes the spec and returns the command line that runs the driver on it, isolated where possible. */
export function driverCommand(spec: DriverSpec, specFile: string): [string, string[]] {
  writeFileSync(specFile, JSON.stringify(spec));
  const node = process.execPath;
  const driver = bundledDriver();
  return canIsolate()
    ? ["unshare", ["-n", "sh", "-c", 'ip link set lo up && exec "$0" "$1" "$2"', node, driver, specFile]]
    : [node, [driver, specFile]];
}

async function runDriver(spec: DriverSpec, specFile: string): Promise<void> {
  const [cmd, args] = driverCommand(spec, specFile);
  const r = await execa(cmd, args, { stdin: "ignore", stdout: "ignore", reject: false });
  if (r.failed) throw new Error(`e2e driver failed (${r.shortMessage}): ${r.stderr}`);
}

/** One scenario's throwaway directory: an empty HOME and a fresh git project, and the base environment for it. */
export function freshRun(name: string): { dir: string; home: string; project: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(scratch(), `${name.replace(/\W+/g, "-")}-`));
  const home = join(dir, "home");
  const project = join(dir, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const env = baseEnv(home);
  run("git", ["init", "-q"], { cwd: project, env });
  return { dir, home, project, env };
}

/** `env` with `<dir>/bin/hookit` (a link to the built bin) and the test's node first on PATH. */
function withHookitOnPath(env: Record<string, string>, dir: string): Record<string, string> {
  const bin = join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  symlinkSync(hookitBin(), join(bin, "hookit"));
  return { ...env, PATH: `${bin}:${dirname(process.execPath)}:${env.PATH}` };
}

export async function runScenario(scenario: Scenario): Promise<RunResult> {
  const profile = AGENTS[scenario.agent];
  const cli = cliCommand(scenario.agent, CACHE_ROOT);
  const fresh = freshRun(`${scenario.agent}-${scenario.name}`);
  const { dir, home, project } = fresh;
  const env = scenario.hookitOnPath ? withHookitOnPath(fresh.env, dir) : fresh.env;

  const ctx: AgentContext = {
    cacheRoot: CACHE_ROOT,
    home,
    project,
    port: await freePort(),
    prompt: scenario.prompt ?? "Please follow the e2e script.",
  };
  const launch = profile.launch(ctx, cli);
  writeFiles(launch.files);
  if (scenario.captureHook) writeFiles(profile.captureHook(ctx, captureScript(dir)));
  if (scenario.policy !== undefined) {
    const text = typeof scenario.policy === "string" ? scenario.policy : JSON.stringify(scenario.policy, null, 2) + "\n";
    writeFiles({ [join(project, ".hookit/hookit.json")]: text });
  }
  if (scenario.install ?? scenario.policy !== undefined) {
    run(process.execPath, [hookitBin(), "install", "--agent", scenario.agent, "--project", project], {
      cwd: project,
      env: { ...env, ...launch.installEnv },
    });
  }

  const extraEnv: Record<string, string> = { ...scenario.env };
  if (scenario.brokenPolicy !== undefined) {
    writeFiles({ [join(dir, "broken-hookit.json")]: scenario.brokenPolicy });
    extraEnv.HOOKIT_CONFIG = join(dir, "broken-hookit.json");
  }
  scenario.sabotage?.({ dir, home, project });

  const spec: DriverSpec = {
    wire: profile.wire,
    turns: typeof scenario.turns === "function" ? scenario.turns(project) : scenario.turns,
    port: ctx.port,
    logFile: join(dir, "requests.jsonl"),
    resultFile: join(dir, "result.json"),
    argv: scenario.argv ? scenario.argv(launch.argv) : launch.argv,
    cwd: project,
    env: { ...env, ...launch.env, ...extraEnv },
    timeoutMs: launch.timeoutMs,
  };
  await runDriver(spec, join(dir, "spec.json"));
  const driver = JSON.parse(readFileSync(spec.resultFile, "utf8")) as DriverResult;
  const requests = readJsonl(spec.logFile);
  const modelRequests = requests.filter((r) => r.answer?.startsWith("step:"));
  const captureDir = join(dir, "capture");
  const captures = existsSync(captureDir)
    ? readdirSync(captureDir)
        .sort()
        .map((f) => JSON.parse(readFileSync(join(captureDir, f), "utf8")) as unknown)
    : [];
  return {
    scenario,
    dir,
    project,
    home,
    isolated: canIsolate(),
    driver,
    requests,
    modelRequests,
    views: modelRequests.map((r) => conversation(profile.wire, r)),
    captures,
    exists: (p) => existsSync(join(project, p)),
    read: (p) => (existsSync(join(project, p)) ? readFileSync(join(project, p), "utf8") : ""),
    summary: () =>
      [
        `${scenario.agent}/${scenario.name} in ${dir} (isolated: ${canIsolate()})`,
        `exit ${driver.exitCode} signal ${driver.signal} timedOut ${driver.timedOut} in ${driver.durationMs} ms${driver.error ? ` error ${driver.error}` : ""}`,
        `requests: ${requests.map((r) => `#${r.seq} ${r.method} ${r.url} → ${r.answer}`).join("; ") || "none"}`,
        `stderr: ${driver.stderr.slice(-1500)}`,
        `stdout: ${driver.stdout.slice(-1500)}`,
      ].join("\n"),
  };
}

/** Points every installed hook command at a hookit that is no longer there (a moved or deleted package). */
export function moveHookitAway(run: { dir: string; home: string; project: string }): void {
  sabotageAt(hookitBin(), run, join(run.dir, "moved-away", "dist", "bin.cjs"));
}

/** Points every installed hook command at a script that throws, the way a broken install fails. */
export function sabotageHookCommand(run: { dir: string; home: string; project: string }): void {
  sabotageAt(hookitBin(), run);
}
