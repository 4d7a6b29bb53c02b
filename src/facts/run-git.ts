// Runs git for the repository-state reader (repo-state.ts) and waits for it.
// `node:child_process` costs about 3 ms of CPU just to load (it brings net,
// streams and the async child machinery), more than git itself takes to answer;
// on a call that could discard work that was a tenth of the whole hook. The
// runtime's own synchronous spawner (what spawnSync calls underneath) does the
// same job without it: bench/tool-calls.mjs's Discard row went from 1.72 to
// 1.5x bare node. It is an internal interface, so its answer is used only when
// it has the shape spawnSync itself relies on; otherwise spawnSync does the work.
import { builtinModule } from "../base/builtin.ts";

export interface Ran {
  /** The exit status; `null` when git did not run or did not exit on its own (a signal, the timeout). */
  status: number | null;
  stdout: string;
  stderr: string;
}

interface Spawner {
  spawn(options: Record<string, unknown>): { status?: unknown; error?: unknown; output?: unknown };
}

const MAX_BUFFER = 16 * 1024 * 1024;
const TIMEOUT_MS = 5000;
const SIGTERM = 15;

/** Runs git through `node:child_process` (what runGit falls back to); for the tests that hold the two to the same answers. */
export const runGitPlain = (args: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>): Ran =>
  viaChildProcess(args, cwd, env);

export function runGit(args: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>): Ran {
  return viaRuntime(args, cwd, env) ?? viaChildProcess(args, cwd, env);
}

let spawner: Spawner | null | undefined;
function runtimeSpawner(): Spawner | null {
  if (spawner !== undefined) return spawner;
  try {
    const binding = (process as unknown as { binding(name: string): unknown }).binding("spawn_sync") as Spawner;
    spawner = typeof binding?.spawn === "function" ? binding : null;
  } catch {
    spawner = null;
  }
  return spawner;
}

function viaRuntime(args: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>): Ran | undefined {
  const binding = runtimeSpawner();
  if (!binding) return undefined;
  const pipe = { type: "pipe", readable: true, writable: true };
  const envPairs = Object.entries(env).flatMap(([key, value]) => (value === undefined ? [] : [`${key}=${value}`]));
  let result: ReturnType<Spawner["spawn"]>;
  try {
    result = binding.spawn({
      file: "git",
      args: ["git", ...args],
      cwd,
      envPairs,
      stdio: [{ type: "ignore" }, pipe, pipe],
      maxBuffer: MAX_BUFFER,
      timeout: TIMEOUT_MS,
      killSignal: SIGTERM,
      detached: false,
      windowsHide: false,
      windowsVerbatimArguments: false,
    });
  } catch {
    return undefined;
  }
  const output = result.output;
  // Anything but the shape spawnSync reads (an error code, a missing buffer) is left to spawnSync to report.
  if (result.error !== undefined || !Array.isArray(output) || !(output[1] instanceof Uint8Array) || !(output[2] instanceof Uint8Array))
    return undefined;
  const status = typeof result.status === "number" ? result.status : null;
  return { status, stdout: Buffer.from(output[1]).toString("utf8"), stderr: Buffer.from(output[2]).toString("utf8") };
}

function viaChildProcess(args: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>): Ran {
  // Loaded here, not imported at the top: only when the runtime's spawner is not there.
  const { spawnSync } = builtinModule<typeof import("node:child_process")>("node:child_process");
  const result = spawnSync("git", args, {
    cwd,
    env,
    encoding: "utf8",
    maxBuffer: MAX_BUFFER,
    timeout: TIMEOUT_MS,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}
