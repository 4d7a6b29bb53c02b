// State and files under bad conditions, on the real `hookit hook` process: a
// read-only or full state directory degrades to "decide without state" with a
// warning the user sees, never to "allow everything"; a session lock left by a
// process killed with -9 is taken over at once, while a live holder's lock is
// never broken; hooks never run twice because a save failed.
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { agentPayloads } from "./_payloads.ts";
import { inspectReply } from "./_protocol.ts";
import { eventually, processAlive } from "../engine/_helpers.ts";
import { FAULTS, policy, reapPidFiles, runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

/** Blocks bash, hides every tool result, and fails every agent_end (so stops continue). */
const GUARDS = {
  "no-bash": { event: "tool_call", filter: { toolName: "^bash$" }, shell: "false" },
  "hide-results": { event: "tool_result", shell: "false" },
  "must-pass": { event: "agent_end", shell: 'echo run >> "$HOME/agent_end-runs"; exit 3' },
};

async function claude(box: Sandbox, kind: "preTool" | "postTool" | "stop", env: Record<string, string> = {}, faults = false) {
  const [event, payload] = agentPayloads("claude", box.project, "session-1")[kind];
  const reply = await runHook(box, "claude", event, payload, { env, nodeArgs: faults ? ["--require", FAULTS] : [] });
  const nativeKind = kind === "preTool" ? "tool_call" : kind === "postTool" ? "tool_result" : "stop";
  const verdict = inspectReply("claude", event, nativeKind, { ...reply, exitCode: reply.exitCode ?? -1 });
  expect(verdict.problems).toEqual([]);
  return { reply, verdict, notices: String(verdict.output?.systemMessage ?? "") };
}

const agentEndRuns = (box: Sandbox) =>
  existsSync(join(box.env.HOME!, "agent_end-runs"))
    ? readFileSync(join(box.env.HOME!, "agent_end-runs"), "utf8").split("\n").filter(Boolean).length
    : 0;

describe("an unusable state directory: decide without state, say so, never allow everything", () => {
  const cases: [string, (box: Sandbox) => { env: Record<string, string>; faults: boolean }][] = [
    [
      "the state path is a file (no directory can be made)",
      (box) => {
        writeFileSync(join(box.root, "state-file"), "");
        return { env: { XDG_STATE_HOME: join(box.root, "state-file") }, faults: false };
      },
    ],
    [
      "the state directory is read-only (EROFS)",
      (box) => ({
        env: { HOOKIT_FAULT_PATH: `^${box.env.XDG_STATE_HOME}`, HOOKIT_FAULT_ERRNO: "EROFS" },
        faults: true,
      }),
    ],
    [
      "the disk is full (ENOSPC)",
      (box) => ({
        env: { HOOKIT_FAULT_PATH: `^${box.env.XDG_STATE_HOME}`, HOOKIT_FAULT_ERRNO: "ENOSPC" },
        faults: true,
      }),
    ],
  ];

  test.each(cases)("%s", async (_name, setup) => {
    const box = sandbox();
    box.globalPolicy(policy(GUARDS));
    const { env, faults } = setup(box);

    const pre = await claude(box, "preTool", env, faults);
    expect(pre.verdict.blocked).toBe(true);
    expect(pre.verdict.reason).toContain('hook "no-bash" rejected bash');

    const post = await claude(box, "postTool", env, faults);
    expect(post.verdict.patched).toBe(true);

    const stop = await claude(box, "stop", env, faults);
    expect(stop.verdict.continued).toBe(true);
    expect(stop.notices).toMatch(/hookit: session state unavailable \(.+\); deciding without it\./);
    expect(agentEndRuns(box)).toBe(1);
    expect(existsSync(join(box.stateDir, "decisions.jsonl"))).toBe(false);
  });

  test("a save that fails after the hooks ran keeps their decision and runs nothing twice", async () => {
    const box = sandbox();
    box.globalPolicy(policy(GUARDS));
    // The lock can be taken; only the session file's atomic write meets the full disk.
    const env = { HOOKIT_FAULT_PATH: "/sessions/[^/]+\\.json\\.[^/]+\\.tmp$", HOOKIT_FAULT_ERRNO: "ENOSPC" };
    const stop = await claude(box, "stop", env, true);
    expect(agentEndRuns(box)).toBe(1);
    expect(stop.verdict.continued).toBe(true);
    expect(stop.notices).toContain("hookit: could not save session state");
    expect(stop.notices).toContain("ENOSPC");
  });

  // Known bug, reported: src/base/fs-atomic.ts ignores the byte count writeSync returns, so a
  // disk that fills up mid-write leaves a truncated file renamed over the good one (seen
  // on a real full tmpfs: 4096 of 20000 bytes written, no error). Flip to `test` once
  // writeFileAtomic writes until every byte is out (or throws).
  test("a disk that fills up mid-write leaves the old session file or the new one, never a truncated one", async () => {
    const box = sandbox();
    box.globalPolicy(policy(GUARDS));
    await claude(box, "stop");
    const [file] = readdirSync(join(box.stateDir, "sessions")).filter((name) => name.endsWith(".json"));
    const path = join(box.stateDir, "sessions", file!);
    const before = readFileSync(path, "utf8");
    await claude(box, "stop", { HOOKIT_FAULT_PATH: "/sessions/", HOOKIT_FAULT_SHORT: "10" }, true);
    const after = readFileSync(path, "utf8");
    expect(() => JSON.parse(after)).not.toThrow();
    expect(after === before || after.length > 10).toBe(true);
  });
});

describe("the session lock", () => {
  const lockOf = (box: Sandbox) => readdirSync(join(box.stateDir, "sessions")).find((name) => name.endsWith(".lock"));

  test("a lock left by a process killed with -9 is taken over at once, with the session's state", async () => {
    const box = sandbox();
    const home = box.env.HOME!;
    reapPidFiles(join(home, "hook.pid"));
    // The agent_end hook records hookit's pid (its parent) and its own, then hangs inside the lock.
    box.globalPolicy(
      policy({
        hang: { event: "agent_end", shell: 'echo $PPID > "$HOME/hookit.pid"; echo $$ > "$HOME/hook.pid"; exec sleep 30', timeout: 60_000 },
      }),
    );
    const first = claude(box, "stop");
    expect(await eventually(() => existsSync(join(home, "hook.pid")) && lockOf(box) !== undefined, 5000)).toBe(true);
    const hookit = Number(readFileSync(join(home, "hookit.pid"), "utf8"));
    process.kill(hookit, "SIGKILL");
    await first.catch(() => undefined);
    expect(await eventually(() => !processAlive(hookit))).toBe(true);
    expect(lockOf(box)).toBeDefined(); // the dead process could not release it

    box.globalPolicy(policy(GUARDS));
    const next = await claude(box, "stop");
    expect(next.reply.ms).toBeLessThan(2500);
    expect(next.verdict.continued).toBe(true);
    expect(next.notices).not.toContain("unavailable");
    expect(lockOf(box)).toBeUndefined();
  });

  test("a live holder's lock is never broken, however old it looks", async () => {
    const box = sandbox();
    const home = box.env.HOME!;
    // Read, wait, write: two runs at once would both read 0 and both write 1.
    box.globalPolicy(
      policy({
        slow: {
          event: "agent_end",
          shell: 'n=$(cat "$HOME/n" 2>/dev/null || echo 0); touch "$HOME/started"; sleep 1; echo $((n+1)) > "$HOME/n"; exit 3',
        },
      }),
    );
    const first = claude(box, "stop");
    expect(await eventually(() => existsSync(join(home, "started")), 5000)).toBe(true);
    const lock = join(box.stateDir, "sessions", lockOf(box)!);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo); // as if its hooks had run for a minute
    const second = claude(box, "stop");
    const replies = await Promise.all([first, second]);
    expect(readFileSync(join(home, "n"), "utf8").trim()).toBe("2");
    // One shared state: the second run saw the first one's fingerprint and did not repeat it.
    expect(replies.filter((r) => r.verdict.continued)).toHaveLength(1);
    expect(replies.some((r) => r.notices.includes("unavailable"))).toBe(false);
  });
});
