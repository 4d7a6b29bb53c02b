// Shell isolation, seen from the agent's side of the real `hookit hook` process:
// a hook cannot hang the agent (its whole process group dies at the timeout,
// grandchildren holding the pipes included), a hook that floods output is cut
// off without a byte reaching the harness, and the variables hookit manages
// cannot be planted through the environment the agent hands down.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { MANAGED_KEYS } from "../../src/engine/env.ts";
import { agentPayloads } from "./_payloads.ts";
import { inspectReply } from "./_protocol.ts";
import { eventually, processAlive } from "../engine/_helpers.ts";
import { policy, reapPidFiles, runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

/** One Claude PreToolUse call under a global policy of one tool_call hook. */
async function preToolWith(box: Sandbox, hook: Record<string, unknown>, env: Record<string, string> = {}) {
  box.globalPolicy(policy({ probe: { event: "tool_call", ...hook } }));
  const [event, payload] = agentPayloads("claude", box.project).preTool;
  const reply = await runHook(box, "claude", event, payload, { env });
  const verdict = inspectReply("claude", event, "tool_call", { ...reply, exitCode: reply.exitCode ?? -1 });
  expect(verdict.problems).toEqual([]);
  return { reply, verdict };
}

const pidOf = (box: Sandbox, name: string) => Number(readFileSync(join(box.env.HOME!, name), "utf8").trim());

describe("a hook cannot hang the agent", () => {
  test("timeout: the whole group dies, grandchildren holding the pipes too, and the call is blocked", async () => {
    const box = sandbox();
    const home = box.env.HOME!;
    reapPidFiles(join(home, "bg.pid"), join(home, "sub.pid"));
    const shell = 'sleep 30 & echo $! > "$HOME/bg.pid"; (sleep 30 & echo $! > "$HOME/sub.pid"; wait); wait';
    const { reply, verdict } = await preToolWith(box, { shell, timeout: 300 });
    expect(reply.ms).toBeLessThan(3000);
    expect(verdict.blocked).toBe(true);
    expect(verdict.reason).toContain('hook "probe" rejected bash');
    expect(await eventually(() => !processAlive(pidOf(box, "bg.pid")) && !processAlive(pidOf(box, "sub.pid")))).toBe(true);
  });

  test("a `when` that hangs is killed the same way and fails closed", async () => {
    const box = sandbox();
    reapPidFiles(join(box.env.HOME!, "when.pid"));
    const when = 'trap "" TERM INT HUP; sleep 30 & echo $! > "$HOME/when.pid"; wait';
    const { reply, verdict } = await preToolWith(box, { when, shell: "true", timeout: 300 });
    expect(reply.ms).toBeLessThan(3000);
    expect(verdict.blocked).toBe(true);
    expect(await eventually(() => !processAlive(pidOf(box, "when.pid")))).toBe(true);
  });

  test("a process that leaves the group still cannot hold hookit's answer back", async () => {
    const box = sandbox();
    reapPidFiles(join(box.env.HOME!, "escaped.pid"));
    // setsid puts it beyond the group kill; it keeps the hook's stdout and stderr open.
    const shell = "setsid sh -c 'echo $$ > \"$HOME/escaped.pid\"; exec sleep 30' & sleep 30";
    const { reply, verdict } = await preToolWith(box, { shell, timeout: 300 });
    expect(reply.ms).toBeLessThan(3000);
    expect(verdict.blocked).toBe(true);
  });

  test("a clean exit that leaves a background job running answers at once", async () => {
    const box = sandbox();
    reapPidFiles(join(box.env.HOME!, "job.pid"));
    const shell = '(sleep 30 & echo $! > "$HOME/job.pid"); exit 0';
    const { reply, verdict } = await preToolWith(box, { shell, timeout: 20_000 });
    expect(reply.ms).toBeLessThan(3000);
    expect(verdict.blocked).toBe(false);
    expect(reply.stdout).toBe("");
  });
});

describe("a hook that floods its output is cut off", () => {
  test.each([
    ["stdout", "yes"],
    ["stderr", "cat /dev/zero >&2"],
    ["a background writer", 'yes & echo $! > "$HOME/flood.pid"; wait'],
  ])("on %s: stopped by the 1 MiB cap long before its timeout; the agent gets one clean answer", async (_where, shell) => {
    const box = sandbox();
    reapPidFiles(join(box.env.HOME!, "flood.pid"));
    const { reply, verdict } = await preToolWith(box, { shell, timeout: 20_000 });
    expect(reply.ms).toBeLessThan(5000);
    expect(verdict.blocked).toBe(true);
    expect(reply.stdout.length).toBeLessThan(2000);
    expect(reply.stderr).toBe("");
  });
});

describe("variables hookit manages cannot be spoofed by the inherited environment", () => {
  test("every managed key is hookit's own value or absent, whatever the agent's environment says", async () => {
    const box = sandbox();
    const spoofed = Object.fromEntries(MANAGED_KEYS.map((key) => [key, "spoofed"]));
    const { verdict } = await preToolWith(box, { shell: 'env -0 > "$HOME/env.dump"' }, spoofed);
    expect(verdict.blocked).toBe(false);
    const seen = new Map(
      readFileSync(join(box.env.HOME!, "env.dump"), "utf8")
        .split("\0")
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
    );
    for (const key of MANAGED_KEYS) expect(seen.get(key), key).not.toBe("spoofed");
    expect(seen.get("PI_TOOL_NAME")).toBe("bash");
    expect(seen.get("HOOKIT_AGENT")).toBe("claude");
    expect(seen.get("HOOKIT_NATIVE_EVENT")).toBe("PreToolUse");
    expect(seen.get("HOOKIT_NATIVE_TOOL_NAME")).toBe("Bash");
    expect(seen.get("PI_CWD")).toBe(box.project);
    // The Claude payload has no model: the variable is absent, not the planted value.
    expect(seen.has("PI_MODEL")).toBe(false);
    expect(seen.has("PI_HOOK_RUN_ID")).toBe(false);
    // Ordinary variables still pass through.
    expect(seen.get("HOME")).toBe(box.env.HOME);
  });
});
