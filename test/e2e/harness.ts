// The e2e runner: one fresh HOME and git project per scenario, the test policy, `hookit install`,
// then one real CLI run against the fake model server (see driver.ts), network-isolated with
// `unshare -n` where the machine allows it. Returns what the model was sent and the project files.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { AGENTS, basePath, cliCommand, type AgentContext, type CliId } from "./agents.ts";
import type { DriverResult, DriverSpec } from "./driver.ts";
import type { LoggedRequest, ModelTurn } from "./servers/types.ts";
import { conversation, type ViewItem } from "./views.ts";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CACHE_ROOT = resolve(process.env.HOOKIT_E2E_CACHE || join(homedir(), ".cache/hookit-e2e"));
/** The hookit under test: this checkout's build, or another build named by HOOKIT_E2E_BIN. */
const HOOKIT_BIN = process.env.HOOKIT_E2E_BIN ? resolve(process.env.HOOKIT_E2E_BIN) : join(REPO_ROOT, "dist/bin.mjs");

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
  /** Runs after `hookit install`, before the CLI (e.g. to break the installed hook command). */
  sabotage?: (run: { dir: string; home: string; project: string }) => void;
  prompt?: string;
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

function scratch(): string {
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
}

function bundledDriver(): string {
  if (driverFile) return driverFile;
  const out = join(scratch(), "driver.mjs");
  buildSync({ entryPoints: [join(REPO_ROOT, "test/e2e/driver.ts")], bundle: true, platform: "node", format: "esm", target: "node20", outfile: out, logLevel: "error" });
  driverFile = out;
  return out;
}

/** A new network namespace with only loopback up, when this machine lets us make one. */
export function canIsolate(): boolean {
  isolation ??= spawnSync("unshare", ["-n", "sh", "-c", "ip link set lo up"], { stdio: "ignore" }).status === 0;
  return isolation;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function writeFiles(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}

function baseEnv(home: string): Record<string, string> {
  return { PATH: basePath(), HOME: home, TERM: "dumb", LANG: "C.UTF-8" };
}

function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): void {
  const r = spawnSync(command, args, { ...options, encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${r.status ?? r.signal}):\n${r.stdout}${r.stderr}${r.error ?? ""}`);
}

function captureScript(dir: string): string {
  const capture = join(dir, "capture");
  mkdirSync(capture, { recursive: true });
  const script = join(dir, "capture.sh");
  // Records stdin and prints nothing: "no opinion" on every harness.
  writeFileSync(script, `#!/bin/sh\ncat > "${capture}/pre-$(date +%s%N)-$$.json"\n`);
  chmodSync(script, 0o755);
  return script;
}

function runDriver(spec: DriverSpec, specFile: string): Promise<void> {
  writeFileSync(specFile, JSON.stringify(spec));
  const node = process.execPath;
  const driver = bundledDriver();
  const [cmd, args] = canIsolate()
    ? ["unshare", ["-n", "sh", "-c", 'ip link set lo up && exec "$0" "$1" "$2"', node, driver, specFile]]
    : [node, [driver, specFile]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd as string, args as string[], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`e2e driver exited ${code}: ${stderr}`))));
  });
}

function readJsonl(file: string): LoggedRequest[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as LoggedRequest);
}

export async function runScenario(scenario: Scenario): Promise<RunResult> {
  const profile = AGENTS[scenario.agent];
  const cli = cliCommand(scenario.agent, CACHE_ROOT);
  const dir = mkdtempSync(join(scratch(), `${scenario.agent}-${scenario.name.replace(/\W+/g, "-")}-`));
  const home = join(dir, "home");
  const project = join(dir, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const env = baseEnv(home);
  run("git", ["init", "-q"], { cwd: project, env });

  const ctx: AgentContext = { cacheRoot: CACHE_ROOT, home, project, port: await freePort(), prompt: scenario.prompt ?? "Please follow the e2e script." };
  const launch = profile.launch(ctx, cli);
  writeFiles(launch.files);
  if (scenario.captureHook) writeFiles(profile.captureHook(ctx, captureScript(dir)));
  if (scenario.policy !== undefined) {
    const text = typeof scenario.policy === "string" ? scenario.policy : JSON.stringify(scenario.policy, null, 2) + "\n";
    writeFiles({ [join(project, ".hookit/hookit.json")]: text });
  }
  if (scenario.install ?? scenario.policy !== undefined) {
    run(process.execPath, [HOOKIT_BIN, "install", "--agent", scenario.agent, "--project", project], { cwd: project, env });
  }

  const extraEnv: Record<string, string> = { ...scenario.env };
  if (scenario.brokenPolicy !== undefined) {
    writeFiles({ [join(dir, "broken-hookit.json")]: scenario.brokenPolicy });
    extraEnv.HOOKIT_CONFIG = join(dir, "broken-hookit.json");
  }
  scenario.sabotage?.({ dir, home, project });

  const spec: DriverSpec = {
    wire: profile.wire, turns: typeof scenario.turns === "function" ? scenario.turns(project) : scenario.turns, port: ctx.port,
    logFile: join(dir, "requests.jsonl"), resultFile: join(dir, "result.json"),
    argv: launch.argv, cwd: project, env: { ...env, ...launch.env, ...extraEnv }, timeoutMs: launch.timeoutMs,
  };
  await runDriver(spec, join(dir, "spec.json"));
  const driver = JSON.parse(readFileSync(spec.resultFile, "utf8")) as DriverResult;
  const requests = readJsonl(spec.logFile);
  const modelRequests = requests.filter((r) => r.answer?.startsWith("step:"));
  const captureDir = join(dir, "capture");
  const captures = existsSync(captureDir)
    ? readdirSync(captureDir).sort().map((f) => JSON.parse(readFileSync(join(captureDir, f), "utf8")) as unknown)
    : [];
  return {
    scenario, dir, project, home, isolated: canIsolate(), driver, requests, modelRequests,
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

/**
 * Points every installed hook command at a script that throws (exit 1, a stack trace on stderr),
 * the way a broken hookit install would fail. Rewrites the files `hookit install` wrote.
 */
export function sabotageHookCommand(run: { dir: string; home: string; project: string }): void {
  const crash = join(run.dir, "crash.mjs");
  // It leaves a trace first, so a test can tell "the harness ignored the crash" from "no hook ran".
  const trace = JSON.stringify(join(run.dir, "crash-calls"));
  writeFileSync(crash, `import { appendFileSync } from "node:fs";\nappendFileSync(${trace}, "crash\\n");\nthrow new Error("e2e: simulated hookit crash");\n`);
  let rewritten = 0;
  const visit = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory() && entry.name !== ".git" && entry.name !== "node_modules") visit(full);
      else if (entry.isFile() && statSync(full).size < 1_000_000) {
        const text = readFileSync(full, "utf8");
        if (text.includes(HOOKIT_BIN)) {
          writeFileSync(full, text.split(HOOKIT_BIN).join(crash));
          rewritten++;
        }
      }
    }
  };
  visit(run.project);
  visit(run.home);
  if (rewritten === 0) throw new Error(`sabotage: no installed hook command mentions ${HOOKIT_BIN}`);
}
