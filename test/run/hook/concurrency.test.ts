// Agents run hooks in parallel (Claude and Codex run every matching hook at
// once), so many `hookit hook` processes of one session share the session
// state file and the decision log. Neither may lose or tear a write, and the
// session lock must serialize agent_end decisions.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { blockReason, CONTINUATION, jsonLine, RETRY_STOPPED } from "./_texts.ts";
import { decisionLog, fixtureWith, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";

useBuiltHookit();
const SESSION = "hookit-concurrency-session";
// A real shell that takes a moment, so the processes overlap while they hold the lock.
const FAILING = "sleep 0.05; exit 1";

test("20 hook processes of one session at once leave the session state and the decision log whole", async () => {
  const box = sandbox({ policyFile: true });
  box.policy({
    local: {
      tests: { description: "", event: "agent_end", shell: FAILING, default: true },
      deny: { description: "", event: "tool_call", shell: "false", default: true },
    },
  });
  const stop = fixtureWith("claude", "Stop.json", { session_id: SESSION });
  const preTool = fixtureWith("claude", "PreToolUse-Bash.json", { session_id: SESSION });
  const calls = Array.from({ length: 20 }, (_, i) =>
    i % 2 === 0 ? runHook(box, "claude", "Stop", stop) : runHook(box, "claude", "PreToolUse", preTool),
  );
  const replies = await Promise.all(calls);

  const continuation = CONTINUATION.replace("`false`", `\`${FAILING}\``);
  const stops = replies.filter((_, i) => i % 2 === 0).map((r) => r.stdout);
  // Serialized by the session lock: the first decision continues, every later one sees its fingerprint.
  expect(stops.filter((s) => s === jsonLine({ decision: "block", reason: continuation }))).toHaveLength(1);
  expect(stops.filter((s) => s === jsonLine({ systemMessage: RETRY_STOPPED }))).toHaveLength(9);
  const denied = jsonLine({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: blockReason("bash") },
  });
  expect(replies.filter((_, i) => i % 2 === 1).map((r) => r.stdout)).toEqual(Array(10).fill(denied));
  expect(replies.every((r) => r.exitCode === 0 && r.stderr === "")).toBe(true);

  const sessions = join(box.stateDir, "sessions");
  const files = readdirSync(sessions);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^claude-[0-9a-f]+\.json$/);
  const state = JSON.parse(readFileSync(join(sessions, files[0] as string), "utf8")) as {
    engine: Record<string, string>;
    continuations: number;
  };
  expect(Object.values(state.engine)).toEqual([`- **tests**: \`${FAILING}\` (exit 1)`]);
  expect(state.continuations).toBe(0);

  const log = decisionLog(box);
  expect(log).toHaveLength(20);
  expect(
    log
      .filter((r) => r.event === "Stop")
      .map((r) => r.outcome)
      .sort(),
  ).toEqual(["continue", ...Array(9).fill("report")]);
  expect(log.filter((r) => r.event === "PreToolUse").every((r) => r.outcome === "block" && r.session === SESSION)).toBe(true);
}, 60_000);
