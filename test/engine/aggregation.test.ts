// §9 "Aggregation and outcomes" (1–10): every matching hook runs, failures
// aggregate into the event's failure kind with HooKit's exact texts.
import { expect, test } from "vitest";
import { NATIVE_EVENTS, type NormalizedEvent } from "../../src/engine/index.ts";
import {
  agentEnd,
  agentSettled,
  exists,
  h,
  hooks,
  reasonOf,
  rowSummary,
  run,
  sessionFork,
  sessionSwitch,
  tempDir,
  toolCall,
  toolResult,
  turnEnd,
} from "./_helpers.ts";

test("1 tool_call: every hook runs after a failure; one failure is the reason", async () => {
  const dir = tempDir();
  const set = hooks({
    passes: h("tool_call", "true"),
    blocks: h("tool_call", "exit 7"),
    "not-run": h("tool_call", "touch f"),
  });
  const out = await run(toolCall(), set, dir);
  expect(out.eventOutcomes[0]).toEqual({ event: "tool_call", outcome: "block", reason: 'hookit: hook "blocks" rejected bash — `exit 7`' });
  expect(exists(dir, "f")).toBe(true);
  expect(rowSummary(out)).toEqual(["local/passes ✓", "local/blocks ✗", "local/not-run ✓"]);
  expect(out.effects).toEqual([]); // a block's reason travels in the outcome (§3.4)
});

test("2 tool_call: two failures are listed under a count header", async () => {
  const out = await run(toolCall(), hooks({ first: h("tool_call", "false"), second: h("tool_call", "exit 7") }), tempDir());
  const reason = reasonOf(out);
  expect(reason.startsWith("hookit: 2 hooks rejected bash:")).toBe(true);
  expect(reason).toContain('- hookit: hook "first" rejected bash — `false`');
  expect(reason).toBe(
    'hookit: 2 hooks rejected bash:\n- hookit: hook "first" rejected bash — `false`\n- hookit: hook "second" rejected bash — `exit 7`',
  );
});

test("3 tool_result: one failure patches with isError, the same details and the fixed text", async () => {
  const details = { duration: 12 };
  const out = await run(toolResult({ details }), hooks({ redact: h("tool_result", "false") }), tempDir());
  const native = out.eventOutcomes[0];
  if (native.outcome !== "patch") throw new Error(`expected patch, got ${native.outcome}`);
  expect(native.patch.isError).toBe(true);
  expect(native.patch.details).toBe(details);
  expect(native.patch.content).toEqual([
    {
      type: "text",
      text: '[BLOCKED by HooKit] hookit: hook "redact" blocked bash result — `false`\n\nThe original tool result was suppressed.',
    },
  ]);
  expect(native.reason).toBe('hookit: hook "redact" blocked bash result — `false`');
});

test("4 tool_result: two failures are both in the patch text under a count header", async () => {
  const out = await run(toolResult(), hooks({ first: h("tool_result", "false"), second: h("tool_result", "exit 3") }), tempDir());
  const native = out.eventOutcomes[0];
  if (native.outcome !== "patch") throw new Error(`expected patch, got ${native.outcome}`);
  const text = native.patch.content[0]?.text ?? "";
  expect(text).toContain("hookit: 2 hooks blocked bash result:");
  expect(text).toContain('hook "first"');
  expect(text).toContain('hook "second"');
  expect(text).toBe(
    "[BLOCKED by HooKit] hookit: 2 hooks blocked bash result:\n" +
      '- hookit: hook "first" blocked bash result — `false`\n' +
      '- hookit: hook "second" blocked bash result — `exit 3`\n\nThe original tool result was suppressed.',
  );
});

test("5 turn_end: failures report with exactly one present effect listing each exit code", async () => {
  const set = hooks({
    one: h("turn_end", "false", { filter: { turnIndex: 4 } }),
    two: h("turn_end", "exit 2"),
  });
  const out = await run(turnEnd(4), set, tempDir());
  expect(out.eventOutcomes[0]).toEqual({ event: "turn_end", outcome: "report" });
  expect(out.effects).toEqual([
    {
      type: "present",
      severity: "error",
      message: "HooKit: 2 turn_end hooks failed:\n- **one**: `false` (exit 1)\n- **two**: `exit 2` (exit 2)",
    },
  ]);
});

test("6 agent_settled: two failing hooks report", async () => {
  const out = await run(agentSettled(), hooks({ a: h("agent_settled", "false"), b: h("agent_settled", "false") }), tempDir());
  expect(out.eventOutcomes[0]).toEqual({ event: "agent_settled", outcome: "report" });
  expect(out.effects).toHaveLength(1);
  const effect = out.effects[0];
  expect(effect?.type === "present" && effect.severity === "error").toBe(true);
  expect(effect?.type === "present" ? effect.message : "").toContain("2 agent_settled hooks failed");
});

test("7 session_before_switch: failures cancel with the switch header and report lines", async () => {
  const set = hooks({
    "new-only": h("session_before_switch", "false", { filter: { reason: "^new$" } }),
    always: h("session_before_switch", "false"),
  });
  const out = await run(sessionSwitch("new"), set, tempDir());
  expect(out.eventOutcomes[0]).toEqual({
    event: "session_before_switch",
    outcome: "cancel",
    reason: "hookit: session switch cancelled by 2 hooks:\n- **new-only**: `false` (exit 1)\n- **always**: `false` (exit 1)",
  });
  expect(out.effects).toEqual([]); // the reason travels in the outcome; the host shows it
});

test("8 session_before_fork: one failure cancels with the singular fork header", async () => {
  const out = await run(sessionFork("e", "at"), hooks({ guard: h("session_before_fork", "false") }), tempDir());
  expect(out.eventOutcomes[0]?.outcome).toBe("cancel");
  expect(reasonOf(out).startsWith("hookit: session fork cancelled by 1 hook:")).toBe(true);
  expect(reasonOf(out)).toBe("hookit: session fork cancelled by 1 hook:\n- **guard**: `false` (exit 1)");
});

const everyEvent: NormalizedEvent[] = [toolCall(), toolResult(), turnEnd(1), agentEnd(), agentSettled(), sessionSwitch(), sessionFork()];

test("9 no enabled hooks: a bare pass outcome, no effects, no report — for every native event", async () => {
  expect(everyEvent.map((e) => e.event)).toEqual([...NATIVE_EVENTS]);
  const dir = tempDir();
  for (const event of everyEvent) {
    const out = await run(event, [], dir);
    expect(out).toEqual({ eventOutcomes: [{ event: event.event, outcome: "pass" }], effects: [] });
    expect(Object.keys(out.eventOutcomes[0])).toEqual(["event", "outcome"]);
    expect(out.evaluationReport).toBeUndefined();
  }
});

test("10 a turn_end hook never runs during a tool_call evaluation", async () => {
  const dir = tempDir();
  const out = await run(toolCall(), hooks({ later: h("turn_end", "touch ran; false") }), dir);
  expect(out).toEqual({ eventOutcomes: [{ event: "tool_call", outcome: "pass" }], effects: [] });
  expect(exists(dir, "ran")).toBe(false);
});
