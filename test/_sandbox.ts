// The one sandbox every suite that runs hookit as a process uses: a throwaway HOME / XDG_* with a
// git project in it, policy writers, and the BUILT hookit (a private copy, see `_built.ts`) run the
// way an agent runs it: payload on stdin, answer on stdout/stderr/exit code. The environment holds
// nothing from the developer's shell but PATH, so no real policy, trust or log is ever touched.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, onTestFinished } from "vitest";
import { processAlive } from "./engine/_helpers.ts";
import { binPath } from "./_built.ts";

export { FIXTURES, ROOT, binPath, packageRoot, useBuiltHookit } from "./_built.ts";
import { FIXTURES, ROOT } from "./_built.ts";

/** Fault injection preloaded into hookit processes (`nodeArgs: ["--require", FAULTS]`, see the file). */
export const FAULTS = join(ROOT, "test/reliability/_faults.cjs");

export interface SandboxOptions {
  /**
   * `HOOKIT_CONFIG` names `<root>/policy.json` (written by `policy()`; missing until then), so that
   * file is the whole policy, and processes run in an empty folder outside the project.
   */
  policyFile?: boolean;
  /** An empty folder (`binDir`) put first on PATH, for fake programs and adapters. */
  binDir?: boolean;
  /** The PATH after `binDir` (default: the test process's PATH). */
  path?: string;
}

/** All a sandboxed process sees of the environment (plus `HOOKIT_CONFIG` with `policyFile`). */
export type SandboxEnv = Record<string, string> & { PATH: string; HOME: string; XDG_CONFIG_HOME: string; XDG_STATE_HOME: string };

export interface Sandbox {
  root: string;
  home: string;
  /** A git work tree: the project the agent works in. */
  project: string;
  /** Where processes run unless told otherwise: the project, or an empty folder with `policyFile`. */
  cwd: string;
  env: SandboxEnv;
  /** `$XDG_CONFIG_HOME/hookit`: the global policy, settings, external adapters. */
  configDir: string;
  /** `$XDG_STATE_HOME/hookit`: trust, session state, the decision log. */
  stateDir: string;
  binDir: string;
  /** Writes the file `HOOKIT_CONFIG` names (needs `policyFile`); a string is written as is. */
  policy(policy: unknown): string;
  globalPolicy(policy: unknown): string;
  /** Writes `<dir>/.hookit/hookit.json` (default: the project). */
  projectPolicy(policy: unknown, dir?: string): string;
}

/** A sandbox removed when the current test ends. */
export function sandbox(options: SandboxOptions = {}): Sandbox {
  const box = makeSandbox(options);
  onTestFinished(() => rmSync(box.root, { recursive: true, force: true }));
  return box;
}

/** A sandbox the whole file shares (call it at the top level), removed after the file's tests. */
export function fileSandbox(options: SandboxOptions = {}): Sandbox {
  const box = makeSandbox(options);
  afterAll(() => rmSync(box.root, { recursive: true, force: true }));
  return box;
}

/** `local` hooks, each `default: true` with an empty description unless it says otherwise. */
export function policy(entries: Record<string, Record<string, unknown>>): unknown {
  const local: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(entries)) local[name] = { description: "", default: true, ...entry };
  return { local };
}

export interface ProcessResult {
  stdout: string;
  stderr: string;
  /** null when a signal ended the process. */
  exitCode: number | null;
  // The three below are not enumerable, so a result compares with `toEqual` as the agent's answer
  // ({ stdout, stderr, exitCode }); a test that needs them reads them.
  readonly signal: NodeJS.Signals | null;
  readonly ms: number;
  readonly pid: number;
}

/** An agent's view of a run: what `toEqual` compares a result with. */
export type Reply = Pick<ProcessResult, "stdout" | "stderr" | "exitCode">;

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Kill the process (SIGKILL) after this long; the test then sees signal SIGKILL. */
  killAfterMs?: number;
  /** Options for node itself, e.g. `["--require", FAULTS]`. */
  nodeArgs?: string[];
}

/** Runs `node <built bin> <args…>` with `stdin` piped in, collecting everything. */
export function runBin(
  box: Sandbox,
  args: readonly string[],
  stdin: string | Buffer = "",
  options: RunOptions = {},
): Promise<ProcessResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), binPath(), ...args], {
      cwd: options.cwd ?? box.cwd,
      env: { ...box.env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.stdin.on("error", () => {}); // a hook that answers before reading everything closes the pipe early
    child.on("error", reject);
    const killer = options.killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), options.killAfterMs);
    child.on("close", (exitCode, signal) => {
      clearTimeout(killer);
      const result = { stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), exitCode };
      const extra = { signal, ms: Date.now() - started, pid: child.pid ?? -1 };
      for (const [key, value] of Object.entries(extra)) Object.defineProperty(result, key, { value, enumerable: false });
      resolve(result as ProcessResult);
    });
    child.stdin.end(stdin);
  });
}

/** `hookit hook --agent <agent> <event>` with a payload (objects are serialized). */
export function runHook(box: Sandbox, agent: string, event: string, payload: unknown, options: RunOptions = {}): Promise<ProcessResult> {
  const stdin = typeof payload === "string" || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
  return runBin(box, ["hook", "--agent", agent, event], stdin, options);
}

/** A captured payload, verbatim. */
export function fixtureText(agent: string, file: string): string {
  return readFileSync(join(FIXTURES, agent, file), "utf8");
}

/** A captured payload, parsed. */
export function fixture(agent: string, file: string): Record<string, unknown> {
  return JSON.parse(fixtureText(agent, file)) as Record<string, unknown>;
}

/** A captured payload with some fields replaced (a cwd that exists here, a session id, …). */
export function fixtureWith(agent: string, file: string, changes: Record<string, unknown>): string {
  return JSON.stringify({ ...fixture(agent, file), ...changes });
}

/** The decision log, one parsed record per line. */
export function decisionLog(box: Sandbox): Array<Record<string, unknown>> {
  const path = join(box.stateDir, "decisions.jsonl");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Kills leftover processes whose pids a hook wrote to files, when the test ends. */
export function reapPidFiles(...files: string[]): void {
  onTestFinished(() => {
    for (const file of files) {
      const pid = existsSync(file) ? Number(readFileSync(file, "utf8").trim()) : NaN;
      if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) process.kill(pid, "SIGKILL");
    }
  });
}

/** A stack trace line as Node prints one. */
export const STACK_RE = /^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m;
/** What must never reach a harness's protocol channel. */
export const STACK_OR_USAGE = /^\s+at .+:\d+|USAGE|Usage:|node:internal/m;

// --- internal ---

function makeSandbox(options: SandboxOptions): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "hookit-test-"));
  const home = join(root, "home");
  const project = join(root, "project");
  const binDir = join(root, "bin");
  mkdirSync(home);
  mkdirSync(join(project, ".git"), { recursive: true });
  if (options.binDir) mkdirSync(binDir);
  const policyFile = join(root, "policy.json");
  const systemPath = options.path ?? process.env.PATH ?? "/usr/bin:/bin";
  const env: SandboxEnv = {
    PATH: options.binDir ? `${binDir}:${systemPath}` : systemPath,
    HOME: home,
    XDG_CONFIG_HOME: join(root, "config"),
    XDG_STATE_HOME: join(root, "state"),
  };
  let cwd = project;
  if (options.policyFile) {
    env.HOOKIT_CONFIG = policyFile;
    cwd = join(root, "cwd");
    mkdirSync(cwd);
  }
  return {
    root,
    home,
    project,
    cwd,
    env,
    configDir: join(root, "config", "hookit"),
    stateDir: join(root, "state", "hookit"),
    binDir,
    policy(policy) {
      if (!options.policyFile) throw new Error("policy() writes HOOKIT_CONFIG's file: make the sandbox with { policyFile: true }");
      return writeText(policyFile, policy);
    },
    globalPolicy: (policy) => writeText(join(root, "config", "hookit", "hookit.json"), policy),
    projectPolicy: (policy, dir = project) => writeText(join(dir, ".hookit", "hookit.json"), policy),
  };
}

function writeText(path: string, content: unknown): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return path;
}
