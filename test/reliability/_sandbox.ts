// Shared ground for the reliability suites: a throwaway HOME / XDG_* per test,
// policy writers, and the BUILT hookit run as a real process, the way an agent
// runs it. The environment holds nothing from the developer's shell but PATH.
import { eventually, processAlive } from "../engine/_helpers.ts";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { onTestFinished } from "vitest";
import { FIXTURES, ROOT, binPath, packageRoot, useBuiltHookit } from "../_built.ts";

export { FIXTURES, ROOT, binPath, packageRoot, useBuiltHookit };
/** Fault injection preloaded into hookit processes (see the file). */
export const FAULTS = join(import.meta.dirname, "_faults.cjs");

export interface Sandbox {
  root: string;
  /** A git work tree: the project the agent works in. */
  project: string;
  env: Record<string, string>;
  stateDir: string;
  globalPolicy(policy: unknown): string;
  /** Writes `<dir>/.hookit/hookit.json` (default: the project). */
  projectPolicy(policy: unknown, dir?: string): string;
}

/** A temporary HOME with a git project in it, removed when the test ends. */
export function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "hookit-rel-"));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: join(root, "home"),
    XDG_CONFIG_HOME: join(root, "config"),
    XDG_STATE_HOME: join(root, "state"),
  };
  mkdirSync(env.HOME!, { recursive: true });
  return {
    root,
    project,
    env,
    stateDir: join(env.XDG_STATE_HOME!, "hookit"),
    globalPolicy: (policy) => writeText(join(env.XDG_CONFIG_HOME!, "hookit", "hookit.json"), policy),
    projectPolicy: (policy, dir = project) => writeText(join(dir, ".hookit", "hookit.json"), policy),
  };
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
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  pid: number;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Kill the process (SIGKILL) after this long; the test then sees signal SIGKILL. */
  killAfterMs?: number;
  /** Options for node itself, e.g. `["--require", FAULTS]`. */
  nodeArgs?: string[];
}

/** Runs `node <built bin> <args>` with `stdin`, collecting everything. */
export function runBin(box: Sandbox, args: string[], stdin: string | Buffer = "", options: RunOptions = {}): Promise<ProcessResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), binPath(), ...args], {
      cwd: options.cwd ?? box.project,
      env: { ...box.env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.stdin.on("error", () => {}); // hookit may answer before reading everything
    child.on("error", reject);
    const killer = options.killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), options.killAfterMs);
    child.on("close", (code, signal) => {
      clearTimeout(killer);
      resolve({
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        code,
        signal,
        ms: Date.now() - started,
        pid: child.pid ?? -1,
      });
    });
    child.stdin.end(stdin);
  });
}

/** `hookit hook --agent <agent> <event>` with a JSON payload (objects are serialized). */
export function runHook(box: Sandbox, agent: string, event: string, payload: unknown, options: RunOptions = {}) {
  const stdin = typeof payload === "string" || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
  return runBin(box, ["hook", "--agent", agent, event], stdin, options);
}

/** A captured fixture payload, parsed. */
export function fixture(agent: string, file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FIXTURES, agent, file), "utf8")) as Record<string, unknown>;
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

// --- internal ---

function writeText(path: string, content: unknown): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return path;
}

export { eventually, processAlive };
