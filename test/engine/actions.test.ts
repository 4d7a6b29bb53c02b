// §9 "Actions" (48–54): owned Actions are selected against their owner's own
// outcome and code, after the freeze, and become ordered request-action effects.
// Delivery is the host adapter's job; here we test what the engine hands it.
import { expect, test } from "vitest";
import { actionRequests, h, hooks, readLines, rowSummary, run, tempDir, toolCall } from "./_helpers.ts";

test("48 only selected actions of hooks that ran are requested, in hook order", async () => {
  const set = hooks({
    blocks: h("tool_call", "false"),
    "not-run": h("tool_call", "true"),
    message: h("tool_call", undefined, { action: { type: "message", message: "hi", delivery: "followUp", outcome: "pass" } }),
    miss: h("tool_call", undefined, { filter: { toolName: "^read$" }, action: { type: "interrupt", outcome: ["pass", "block"] } }),
    skip: h("tool_call", undefined, { when: "false", action: { type: "shutdown", outcome: ["pass", "block"] } }),
    interrupt: h("tool_call", undefined, { action: { type: "interrupt", outcome: "pass" } }),
  });
  const out = await run(toolCall(), set, tempDir());
  expect(out.eventOutcomes[0].outcome).toBe("block");
  expect(actionRequests(out).map((e) => e.hookRef)).toEqual(["local/message", "local/interrupt"]);
  expect(rowSummary(out).filter((r) => r.startsWith("→"))).toEqual(["→ local/message message pass", "→ local/interrupt interrupt pass"]);
});

test("49 selectors: outcome and code are ANDed, arrays any-of, exact values", async () => {
  const set = hooks({
    matches: h("tool_call", "false", { action: { type: "interrupt", outcome: ["pass", "block"], code: [0, 1] } }),
    "wrong-code": h("tool_call", "false", { action: { type: "interrupt", outcome: "block", code: null } }),
    "pass-but-code-misses": h("tool_call", "true", { action: { type: "interrupt", outcome: ["pass", "block"], code: [1, null] } }),
  });
  const out = await run(toolCall(), set, tempDir());
  expect(actionRequests(out).map((e) => e.hookRef)).toEqual(["local/matches"]);
});

test("50 a when spawn failure selects block/null actions; a passing sibling's action too", async () => {
  const set = hooks({
    broken: h("tool_call", "true", { when: "x\u0000y", action: { type: "interrupt", outcome: "block", code: null } }),
    sibling: h("tool_call", "true", { action: { type: "compact", outcome: "pass" } }),
  });
  const out = await run(toolCall(), set, tempDir());
  expect(actionRequests(out).map((e) => e.hookRef)).toEqual(["local/broken", "local/sibling"]);
  expect(out.evaluationReport?.rows.filter((r) => r.type === "action").map((r) => r.outcome)).toEqual(["block", "pass"]);
  // the broken hook has an action row but no hook row (its main shell never started)
  expect(rowSummary(out)).toEqual(["→ local/broken interrupt block", "local/sibling ✓", "→ local/sibling compact pass"]);
});

test("51 an action request carries its owner's invocation id", async () => {
  const dir = tempDir();
  const logId = `echo "$PI_HOOK_REF $PI_HOOK_INVOCATION_ID" >> ids`;
  const set = hooks({
    one: h("tool_call", undefined, { when: logId, action: { type: "interrupt", outcome: "pass" } }),
    two: h("tool_call", undefined, { when: logId, action: { type: "interrupt", outcome: "pass" } }),
  });
  const out = await run(toolCall(), set, dir);
  const printed = readLines(dir, "ids");
  const requested = actionRequests(out).map((e) => `${e.hookRef} ${e.invocationId}`);
  expect(requested).toEqual(printed);
  expect(actionRequests(out)[0]?.invocationId).not.toBe(actionRequests(out)[1]?.invocationId);
});

test("52 emit-custom-event requests and their data are frozen", async () => {
  const set = hooks({
    emit: h("tool_call", undefined, { action: { type: "emit-custom-event", name: "ping", data: { value: 1 }, outcome: "pass" } }),
  });
  const [request] = actionRequests(await run(toolCall(), set, tempDir()));
  expect(request?.action).toEqual({ type: "emit-custom-event", name: "ping", data: { value: 1 } });
  expect(Object.isFrozen(request?.action)).toBe(true);
  expect(Object.isFrozen(request?.action.data)).toBe(true);
  expect(Object.isFrozen(request)).toBe(true);
});

test("53 every action variant in order, selectors stripped, optional fields only when set (host delivery: Pi adapter)", async () => {
  const pass = { outcome: "pass" };
  const set = hooks({
    interrupt: h("tool_call", undefined, { action: { type: "interrupt", ...pass } }),
    "shutdown-interrupt": h("tool_call", undefined, { action: { type: "shutdown", interrupt: true, ...pass } }),
    shutdown: h("tool_call", undefined, { action: { type: "shutdown", ...pass } }),
    "compact-instructions": h("tool_call", undefined, { action: { type: "compact", instructions: "keep tests", ...pass } }),
    compact: h("tool_call", undefined, { action: { type: "compact", ...pass, code: 0 } }),
    steer: h("tool_call", undefined, { action: { type: "message", message: "s", delivery: "steer", triggerTurn: true, ...pass } }),
    "follow-up": h("tool_call", undefined, { action: { type: "message", message: "f", delivery: "followUp", ...pass } }),
    "next-turn": h("tool_call", undefined, { action: { type: "message", message: "n", delivery: "nextTurn", ...pass } }),
    event: h("tool_call", undefined, { action: { type: "emit-custom-event", name: "done", ...pass } }),
  });
  const out = await run(toolCall(), set, tempDir());
  expect(actionRequests(out).map((e) => e.action)).toEqual([
    { type: "interrupt" },
    { type: "shutdown", interrupt: true },
    { type: "shutdown" },
    { type: "compact", instructions: "keep tests" },
    { type: "compact" },
    { type: "message", message: "s", delivery: "steer", triggerTurn: true },
    { type: "message", message: "f", delivery: "followUp" },
    { type: "message", message: "n", delivery: "nextTurn" },
    { type: "emit-custom-event", name: "done" },
  ]);
  expect(out.effects.every((e) => e.type === "request-action")).toBe(true);
});

test("54 a block with message and event actions: the frozen block plus both requests (host delivery: Pi adapter)", async () => {
  const set = hooks({
    message: h("tool_call", undefined, { action: { type: "message", message: "m", delivery: "steer", outcome: "pass" } }),
    event: h("tool_call", undefined, { action: { type: "emit-custom-event", name: "e", outcome: "pass" } }),
    blocks: h("tool_call", "false"),
  });
  const out = await run(toolCall(), set, tempDir());
  expect(out.eventOutcomes[0]).toEqual({ event: "tool_call", outcome: "block", reason: 'hookit: hook "blocks" rejected bash — `false`' });
  expect(actionRequests(out).map((e) => e.action.type)).toEqual(["message", "emit-custom-event"]);
  expect(Object.isFrozen(out.eventOutcomes[0])).toBe(true);
  expect(Object.isFrozen(out.effects)).toBe(true);
});

test("§6.2 action strings are static: no interpolation of env or event fields", async () => {
  const set = hooks({
    msg: h("tool_call", "echo out", { action: { type: "message", message: "$PI_TOOL_NAME ${HOME}", delivery: "steer", outcome: "pass" } }),
  });
  const [request] = actionRequests(await run(toolCall(), set, tempDir()));
  expect(request?.action.message).toBe("$PI_TOOL_NAME ${HOME}");
});
