// Runs one `when` or `shell` command (hookit-semantics §5.1), with the
// deliberate departures from Node's `exec` that §11.5 recommends: stdin is
// closed rather than an open pipe nobody writes, output is capped and then
// the command is stopped, and timeouts/aborts kill the whole process group so
// a grandchild holding the pipes cannot hang the agent.
import type { spawn as Spawn } from "node:child_process";

// Loaded on first use: most hooks are filter misses or true/false shortcuts,
// and `hookit hook` should not pay for child_process when no shell runs.
let spawnFn: typeof Spawn | undefined;

export const DEFAULT_TIMEOUT_MS = 5000;
/** Output beyond this (per run, stdout + stderr) stops the command: it fails with code null. */
const OUTPUT_CAP_BYTES = 1024 * 1024;

export interface ShellResult {
  /** Exit code; `null` when none was obtained (timeout, abort, signal, spawn failure, flood). */
  code: number | null;
  /** The command spawned (or was a shortcut). Unstarted runs get no report row. */
  started: boolean;
}

export interface ShellOptions {
  cwd: string;
  /** The environment, or a function building it (only called when a shell is really spawned). */
  env: Record<string, string> | (() => Record<string, string>);
  signal?: AbortSignal;
  timeoutMs?: number;
}

// Process groups of the shells still running. Each runs detached (its own group), so
// when hookit itself is terminated (an agent's hook timeout sends SIGTERM) nothing
// would stop them: a `sleep 100` outlived the hook. On SIGTERM/SIGINT/SIGHUP the live
// groups are killed first, then the process dies of the same signal as it would have.
const live = new Set<number>();
const TERMINATING = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
let guarding = false;

function killLiveGroups(): void {
  for (const pid of live) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  live.clear();
}

function onTermination(signal: NodeJS.Signals): void {
  killLiveGroups();
  for (const name of TERMINATING) process.removeListener(name, onTermination);
  guarding = false;
  // A host with its own handler (Pi, OpenCode) decides what happens next; alone, die as Node would.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function guardTermination(): void {
  if (guarding) return;
  guarding = true;
  // Only where nobody handles the signal yet: an in-process host's own handling stays as it is.
  for (const name of TERMINATING) if (process.listenerCount(name) === 0) process.on(name, onTermination);
}

export function runShell(command: string, options: ShellOptions): Promise<ShellResult> {
  // The abort check comes before the shortcuts: an aborted `true` still fails closed.
  if (options.signal?.aborted) return Promise.resolve({ code: null, started: false });
  if (command === "true") return Promise.resolve({ code: 0, started: true });
  if (command === "false") return Promise.resolve({ code: 1, started: true });
  // HooKit hands "" to exec, which throws before spawning: keep that fail-closed result.
  if (command === "") return Promise.resolve({ code: null, started: false });
  return spawnShell(command, options);
}

async function spawnShell(command: string, options: ShellOptions): Promise<ShellResult> {
  spawnFn ??= (await import("node:child_process")).spawn;
  const spawn = spawnFn;
  return new Promise((resolve) => {
    let child: ReturnType<typeof Spawn>;
    // Before the spawn: a signal that comes while the shell starts must find the handler
    // in place. It runs on the event loop, so by then the group below is recorded.
    guardTermination();
    try {
      child = spawn("/bin/sh", ["-c", command], {
        cwd: options.cwd,
        env: typeof options.env === "function" ? options.env() : options.env,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true, // own process group, so the whole tree can be killed
      });
    } catch {
      resolve({ code: null, started: false }); // e.g. a NUL byte in the command
      return;
    }
    let started = false;
    let killed = false;
    let settled = false;
    let seen = 0;
    const pid = child.pid;
    if (pid !== undefined) live.add(pid);
    const finish = (result: ShellResult) => {
      if (settled) return;
      settled = true;
      if (pid !== undefined) live.delete(pid);
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", kill);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve(result);
    };
    const kill = () => {
      killed = true;
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > OUTPUT_CAP_BYTES && !killed) kill();
    };
    const timer = setTimeout(kill, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    options.signal?.addEventListener("abort", kill, { once: true });
    child.stdout?.on("data", count);
    child.stderr?.on("data", count);
    child.once("spawn", () => {
      started = true;
    });
    child.once("error", () => finish({ code: null, started }));
    // `exit`, not `close`: a background grandchild may keep the pipes open forever.
    child.once("exit", (code) => {
      if (!killed && code === 0) {
        // Reap leftovers only on failure paths; a clean exit keeps its background jobs.
        finish({ code: 0, started: true });
        return;
      }
      if (killed) kill(); // make sure the group is gone
      finish({ code: killed ? null : code, started: true });
    });
  });
}
