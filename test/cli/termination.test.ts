// An agent that gives up on a hook terminates hookit (SIGTERM, or SIGINT/SIGHUP from a
// terminal). hookit's shells run in their own process groups, so before this fix a
// `sleep` in a hook outlived hookit. Now hookit kills those groups, then dies of the signal.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { binPath, fileSandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const box = fileSandbox();
const root = box.root;

/** Pids whose command line contains `marker`. */
function running(marker: string): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").includes(marker) ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)(
  "%s: hookit's running shell goes with it",
  async (signal) => {
    const seconds = `97.${signal.length}${Date.now() % 1000}`; // a command line no other process has
    const policy = join(root, `${signal}.json`);
    writeFileSync(
      policy,
      JSON.stringify({
        local: { slow: { description: "", event: "tool_call", shell: `sleep ${seconds}`, timeout: 60000, default: true } },
      }),
    );
    const home = join(root, signal);
    mkdirSync(home);
    const child = spawn(process.execPath, [binPath(), "hook", "--agent", "claude", "PreToolUse"], {
      env: { PATH: process.env.PATH, HOME: home, XDG_STATE_HOME: join(home, "state"), HOOKIT_CONFIG: policy },
      stdio: ["pipe", "ignore", "ignore"],
    });
    child.stdin.end(
      JSON.stringify({
        session_id: "s",
        cwd: root,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_use_id: "t",
      }),
    );
    for (let i = 0; i < 100 && running(`sleep ${seconds}`).length === 0; i++) await sleep(50);
    expect(running(`sleep ${seconds}`).length).toBeGreaterThan(0);
    const exited = new Promise<NodeJS.Signals | null>((r) => child.once("exit", (_code, sig) => r(sig)));
    child.kill(signal);
    expect(await exited).toBe(signal); // it still dies of the signal, as Node would
    // The group gets the signal before hookit dies; on a loaded machine the shell may take a moment to go.
    for (let i = 0; i < 200 && running(`sleep ${seconds}`).length > 0; i++) await sleep(50);
    expect(running(`sleep ${seconds}`)).toEqual([]);
  },
  20_000,
);
