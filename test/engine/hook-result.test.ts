// §9 "hook_result" (55–66): one projected Hook Result Event per native Hook
// Result, handlers run detached and result-major, never re-projected.
import { expect, test } from "vitest";
import type { NormalizedEvent } from "../../src/engine/index.ts";
import {
  UUID_V4_RE,
  abortedSignal,
  actionRequests,
  agentSettled,
  exists,
  globalFile,
  h,
  hooks,
  loadFails,
  rawHook,
  readLines,
  readText,
  regexError,
  rowSummary,
  run,
  sessionSwitch,
  tempDir,
  toolCall,
  toolResult,
  turnEnd,
} from "./_helpers.ts";

const interrupt = { type: "interrupt", outcome: "pass" };
const crashMessage = regexError("[");

test("55 one hook_result outcome per origin result; report when a handler failed", async () => {
  const set = hooks({
    passes: h("turn_end", "true"),
    fails: h("turn_end", "false"),
    reacts: h("hook_result", "false", { filter: { outcome: "report" } }),
  });
  const out = await run(turnEnd(1), set, tempDir());
  const id = expect.stringMatching(UUID_V4_RE);
  expect(out.eventOutcomes).toEqual([
    { event: "turn_end", outcome: "report" },
    { event: "hook_result", hookRef: "local/passes", invocationId: id, outcome: "pass" },
    { event: "hook_result", hookRef: "local/fails", invocationId: id, outcome: "report" },
  ]);
});

test("56 an origin is projected even when no handler matches", async () => {
  const set = hooks({ origin: h("tool_call", "true"), other: h("hook_result", "false", { filter: { hookRef: "^other/" } }) });
  const out = await run(toolCall(), set, tempDir());
  expect(out.eventOutcomes).toHaveLength(2);
  expect(out.eventOutcomes[1]).toEqual({
    event: "hook_result",
    hookRef: "local/origin",
    invocationId: expect.stringMatching(UUID_V4_RE),
    outcome: "pass",
  });
});

test("57 a watcher per origin outcome fires exactly once with that origin outcome", async () => {
  const outcomes = ["pass", "block", "patch", "cancel", "report"];
  const watchers = Object.fromEntries(
    outcomes.map((o) => [`watch-${o}`, h("hook_result", undefined, { filter: { outcome: o }, action: interrupt })]),
  );
  const set = hooks({
    settled: h("agent_settled", "true"),
    call: h("tool_call", "false"),
    result: h("tool_result", "false"),
    switch: h("session_before_switch", "false"),
    turn: h("turn_end", "false"),
    ...watchers,
  });
  const events: NormalizedEvent[] = [agentSettled(), toolCall(), toolResult(), sessionSwitch(), turnEnd(0)];
  for (const [i, event] of events.entries()) {
    const out = await run(event, set, tempDir());
    const reactive = (out.evaluationReport?.rows ?? []).filter((r) => r.type === "action");
    expect(reactive.map((r) => [r.hookRef, r.origin?.outcome])).toEqual([[`local/watch-${outcomes[i]}`, outcomes[i]]]);
  }
});

test("58 result-major order: every handler for the first origin, then for the next", async () => {
  const set = hooks({
    passes: h("turn_end", "true"),
    fails: h("turn_end", "false"),
    first: h("hook_result", undefined, { action: interrupt }),
    second: h("hook_result", undefined, { action: { type: "compact", outcome: "pass" } }),
  });
  const out = await run(turnEnd(0), set, tempDir());
  expect(actionRequests(out).map((e) => e.hookRef)).toEqual(["local/first", "local/second", "local/first", "local/second"]);
  const actionRows = (out.evaluationReport?.rows ?? []).filter((r) => r.type === "action");
  expect(actionRows.map((r) => r.origin?.hookRef)).toEqual(["local/passes", "local/passes", "local/fails", "local/fails"]);
});

test("59 handlers see each origin's payload in result-major order", async () => {
  const dir = tempDir();
  const log = `printf '%s %s\\n' "$PI_HOOK_REF" "$PI_EVENT_PAYLOAD" >> log`;
  const set = hooks({
    "origin-pass": h("turn_end", "true"),
    "origin-fail": h("turn_end", "exit 7"),
    first: h("hook_result", log),
    second: h("hook_result", log),
  });
  await run(turnEnd(0), set, dir);
  const lines = readLines(dir, "log");
  expect(lines.map((l) => l.split(" ")[0])).toEqual(["local/first", "local/second", "local/first", "local/second"]);
  expect(lines[0]).toContain('"outcome":"pass","code":0');
  expect(lines[2]).toContain('"outcome":"report","code":7');
});

test("60 hook_result filters: regex on refs and ids, exact outcome and code", async () => {
  const set = [
    ...hooks({
      fails: h("turn_end", "exit 7"),
      matches: h("hook_result", undefined, {
        filter: { hookRef: "^local/fails$", invocationId: "^[0-9a-f-]+$", outcome: "report", code: 7 },
        action: interrupt,
      }),
      "code-8": h("hook_result", undefined, { filter: { code: 8 }, action: interrupt }),
      "either-code": h("hook_result", undefined, { filter: { code: [1, 7] }, action: interrupt }),
    }),
    // not loadable (outcome must be an enum value); the engine still never treats it as a regex
    rawHook("not-enum", { event: "hook_result", filter: { outcome: "r.*" }, action: { type: "interrupt", outcome: "pass" } }),
  ];
  const out = await run(turnEnd(0), set, tempDir());
  expect(actionRequests(out).map((e) => e.hookRef)).toEqual(["local/matches", "local/either-code"]);
  const stored = globalFile({ local: { "not-enum": h("hook_result", "true", { filter: { outcome: "r.*" } }) } });
  expect(loadFails([stored])).toEqual([{ storage: "global", message: 'entry "local/not-enum" does not match the Hook or Preset schema' }]);
});

test("61 handlers run detached from an already-aborted signal", async () => {
  const dir = tempDir();
  const set = hooks({
    origin: h("tool_call", "true"),
    handler: h("hook_result", "touch handled", { action: { type: "interrupt", outcome: "pass" } }),
  });
  const out = await run(toolCall(), set, dir, { signal: abortedSignal() });
  expect(out.eventOutcomes[0].outcome).toBe("block");
  expect(exists(dir, "handled")).toBe(true);
  expect(actionRequests(out).map((e) => e.hookRef)).toEqual(["local/handler"]);
});

test("62 a handler's own id differs from the origin id in its payload; exact payload keys", async () => {
  const dir = tempDir();
  const set = hooks({
    origin: h("tool_call", "true"),
    handler: h(
      "hook_result",
      `printf '%s\\n%s\\n%s\\n' "$PI_HOOK_INVOCATION_ID" "$PI_EVENT_PAYLOAD" "$PI_HOOK_REF $PI_HOOK_EVENT $PI_EVENT" > seen`,
    ),
  });
  const out = await run(toolCall(), set, dir);
  const [ownId, payloadText, identity] = readText(dir, "seen").split("\n");
  const payload = JSON.parse(payloadText ?? "") as Record<string, unknown>;
  expect(ownId).toMatch(UUID_V4_RE);
  expect(ownId).not.toBe(payload.invocationId);
  expect(Object.keys(payload).sort()).toEqual(["code", "event", "hookRef", "invocationId", "outcome"]);
  const projected = out.eventOutcomes[1];
  const originId = projected && "invocationId" in projected ? projected.invocationId : undefined;
  expect(payload).toEqual({ event: "hook_result", hookRef: "local/origin", invocationId: originId, outcome: "pass", code: 0 });
  expect(identity).toBe("local/handler hook_result hook_result");
});

test("63 a crashing handler reports the origin's hook_result; later siblings still act", async () => {
  const set = [
    ...hooks({ origin: h("tool_call", "true") }),
    rawHook("crash", { event: "hook_result", filter: { hookRef: "[" } }),
    rawHook("sibling", { event: "hook_result", action: { type: "interrupt", outcome: "pass" } }),
  ];
  const out = await run(toolCall(), set, tempDir());
  expect(out.eventOutcomes[0]).toEqual({ event: "tool_call", outcome: "pass" });
  expect(out.eventOutcomes[1]).toMatchObject({ event: "hook_result", hookRef: "local/origin", outcome: "report" });
  expect(actionRequests(out).map((e) => e.hookRef)).toEqual(["local/sibling"]);
  expect(out.effects.filter((e) => e.type === "present")).toEqual([
    {
      type: "present",
      severity: "error",
      message: `HooKit: hook_result hooks failed to execute — hookit: hook_result handler "local/crash" failed to execute — ${crashMessage}`,
    },
  ]);
});

test("64 crashes with ordinary handler failures: each crash presented, then the failure report", async () => {
  const set = [
    ...hooks({ origin: h("tool_call", "true") }),
    rawHook("bad-filter", { event: "hook_result", filter: { hookRef: "[" } }),
    rawHook("fails", { event: "hook_result", shell: "false" }),
    rawHook("sibling", { event: "hook_result" }),
    rawHook("bad-action-filter", { event: "hook_result", filter: { event: "[" }, action: { type: "interrupt", outcome: "pass" } }),
    rawHook("action-sibling", { event: "hook_result", action: { type: "shutdown", outcome: "pass" } }),
  ];
  const out = await run(toolCall(), set, tempDir());
  expect(out.effects.map((e) => e.type)).toEqual(["request-action", "present", "present", "present"]);
  expect(out.effects.slice(1).map((e) => (e.type === "present" ? e.message : ""))).toEqual([
    `hookit: hook_result handler "local/bad-filter" failed to execute — ${crashMessage}`,
    `hookit: hook_result handler "local/bad-action-filter" failed to execute — ${crashMessage}`,
    "HooKit: 1 hook_result hook failed:\n- **fails**: `false` (exit 1)",
  ]);
  expect(actionRequests(out).map((e) => e.hookRef)).toEqual(["local/action-sibling"]);
});

test("65 a failing handler never changes the native pass and is not re-projected", async () => {
  const set = hooks({ origin: h("tool_call", "true"), handler: h("hook_result", "false") });
  const out = await run(toolCall(), set, tempDir());
  expect(out.eventOutcomes).toEqual([
    { event: "tool_call", outcome: "pass" },
    { event: "hook_result", hookRef: "local/origin", invocationId: expect.stringMatching(UUID_V4_RE), outcome: "report" },
  ]);
  expect(out.effects).toEqual([
    { type: "present", severity: "error", message: "HooKit: 1 hook_result hook failed:\n- **handler**: `false` (exit 1)" },
  ]);
  expect(rowSummary(out)).toEqual(["local/origin ✓", "local/handler ✗ from local/origin pass"]);
});

test("66 tool_call pass with a failing handler: a bare pass plus one present effect (host: Pi adapter)", async () => {
  const set = hooks({ origin: h("tool_call", "true"), handler: h("hook_result", "exit 4") });
  const out = await run(toolCall(), set, tempDir());
  expect(Object.keys(out.eventOutcomes[0])).toEqual(["event", "outcome"]);
  expect(out.eventOutcomes[0].outcome).toBe("pass");
  expect(out.effects).toHaveLength(1);
  expect(out.effects[0]).toMatchObject({ type: "present", severity: "error" });
});

test("§4.3 empty outcome/code arrays in a hook_result filter match nothing", async () => {
  const set = hooks({
    origin: h("turn_end", "true"),
    "no-outcome": h("hook_result", undefined, { filter: { outcome: [] }, action: interrupt }),
    "no-code": h("hook_result", undefined, { filter: { code: [] }, action: interrupt }),
    "null-code": h("hook_result", undefined, { filter: { code: [1, null] }, action: interrupt }),
    zero: h("hook_result", undefined, { filter: { outcome: ["report", "pass"], code: [0] }, action: interrupt }),
  });
  const out = await run(turnEnd(0), set, tempDir());
  expect(actionRequests(out).map((e) => e.hookRef)).toEqual(["local/zero"]);
});
