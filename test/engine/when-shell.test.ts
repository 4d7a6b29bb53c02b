// §9 "when / shell" (25–40): preconditions, spawn failures, timeouts, aborts,
// the true/false shortcuts and result mapping — all with real /bin/sh runs.
import { expect, test } from "vitest";
import {
  abortedSignal,
  actionRequests,
  agentEnd,
  agentSettled,
  exists,
  h,
  hooks,
  observer,
  readPayloads,
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

const rowsWithout = (rows: string[], ref: string) => rows.filter((row) => !row.startsWith(ref));

test("25 an ordinarily failing when skips the hook entirely", async () => {
  const dir = tempDir();
  const set = hooks({ skip: h("tool_call", "touch f", { when: "exit 9" }), pass: h("tool_call", "true") });
  const out = await run(toolCall(), set, dir);
  expect(out.eventOutcomes[0]).toEqual({ event: "tool_call", outcome: "pass" });
  expect(exists(dir, "f")).toBe(false);
  expect(rowSummary(out)).toEqual(["local/pass ✓"]);
  expect(out.eventOutcomes.slice(1).map((o) => "hookRef" in o && o.hookRef)).toEqual(["local/pass"]);
});

test("26 only filter misses and when skips: no evaluation report", async () => {
  const set = hooks({
    miss: h("tool_call", "false", { filter: { toolName: "^read$" } }),
    skip: h("tool_call", "false", { when: "false" }),
  });
  const out = await run(toolCall(), set, tempDir());
  expect(out.evaluationReport).toBeUndefined();
  expect(out).toEqual({ eventOutcomes: [{ event: "tool_call", outcome: "pass" }], effects: [] });
});

test("27 a when that cannot spawn (NUL byte) fails closed during when", async () => {
  const dir = tempDir();
  const set = hooks({ "nul-when": h("tool_call", "touch main", { when: "true\u0000x" }), observer: observer() });
  const out = await run(toolCall(), set, dir);
  expect(out.eventOutcomes[0].outcome).toBe("block");
  expect(reasonOf(out)).toContain("during when");
  expect(reasonOf(out)).not.toContain("touch main");
  expect(reasonOf(out)).toBe('hookit: hook "nul-when" rejected bash during when — `true\u0000x`');
  expect(exists(dir, "main")).toBe(false);
  expect(rowsWithout(rowSummary(out), "local/observer")).toEqual([]);
  expect(readPayloads(dir)).toMatchObject([{ hookRef: "local/nul-when", outcome: "block", code: null }]);
});

test("28 a shell containing NUL never starts: block, no row, code null", async () => {
  const dir = tempDir();
  const out = await run(toolCall(), hooks({ nul: h("tool_call", "true\u0000x"), observer: observer() }), dir);
  expect(reasonOf(out)).toBe('hookit: hook "nul" rejected bash — `true\u0000x`');
  expect(rowsWithout(rowSummary(out), "local/observer")).toEqual([]);
  expect(readPayloads(dir)).toMatchObject([{ hookRef: "local/nul", outcome: "block", code: null }]);
});

test("29 a shell past the 5 s default timeout is killed: block, failed row, code null", async () => {
  const dir = tempDir();
  const action = { type: "interrupt", outcome: "block", code: null };
  const started = Date.now();
  const out = await run(toolCall(), hooks({ slow: h("tool_call", "sleep 30", { action }) }), dir);
  const elapsed = Date.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(4900);
  expect(elapsed).toBeLessThan(8000);
  expect(reasonOf(out)).toBe('hookit: hook "slow" rejected bash — `sleep 30`');
  expect(out.evaluationReport?.rows[0]).toMatchObject({ type: "hook", hookRef: "local/slow", passed: false });
  expect(actionRequests(out)).toHaveLength(1); // its selector requires code null
});

test("30 an abort 50 ms into a real shell blocks at once; the started row failed", async () => {
  const dir = tempDir();
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  const started = Date.now();
  const set = hooks({ slow: h("tool_call", "sleep 30"), observer: observer() });
  const out = await run(toolCall(), set, dir, { signal: controller.signal });
  expect(Date.now() - started).toBeLessThan(2000);
  expect(reasonOf(out)).toBe('hookit: hook "slow" rejected bash — `sleep 30`');
  expect(rowSummary(out)[0]).toBe("local/slow ✗");
  expect(readPayloads(dir)).toMatchObject([{ hookRef: "local/slow", outcome: "block", code: null }]);
});

test("31 already aborted: agent_end hooks are skipped entirely", async () => {
  const dir = tempDir();
  const out = await run(agentEnd(), hooks({ check: h("agent_end", "touch m; false") }), dir, { signal: abortedSignal() });
  expect(out).toEqual({ eventOutcomes: [{ event: "agent_end", outcome: "pass" }], effects: [] });
  expect(exists(dir, "m")).toBe(false);
});

test("32 already aborted: turn_end action-only hooks are skipped entirely", async () => {
  const set = hooks({
    plain: h("turn_end", undefined, { action: { type: "interrupt", outcome: ["pass", "report"] } }),
    guarded: h("turn_end", undefined, { when: "true", action: { type: "shutdown", outcome: ["pass", "report"] } }),
  });
  const out = await run(turnEnd(1), set, tempDir(), { signal: abortedSignal() });
  expect(out).toEqual({ eventOutcomes: [{ event: "turn_end", outcome: "pass" }], effects: [] });
  expect(out.evaluationReport).toBeUndefined();
});

test("33 already aborted: a tool_call action-only hook fails closed; action row only", async () => {
  const set = hooks({ guard: h("tool_call", undefined, { action: { type: "interrupt", outcome: "block", code: null } }) });
  const out = await run(toolCall(), set, tempDir(), { signal: abortedSignal() });
  expect(out.eventOutcomes[0].outcome).toBe("block");
  expect(reasonOf(out)).toBe('hookit: hook "guard" rejected bash — `true`');
  expect(out.evaluationReport?.rows).toEqual([{ type: "action", hookRef: "local/guard", actionType: "interrupt", outcome: "block" }]);
  expect(actionRequests(out).map((e) => e.action)).toEqual([{ type: "interrupt" }]);
});

test("34 [derived] already aborted: agent_settled is not skipped; true reports with code null", async () => {
  const out = await run(agentSettled(), hooks({ ok: h("agent_settled", "true") }), tempDir(), { signal: abortedSignal() });
  expect(out.eventOutcomes[0]).toEqual({ event: "agent_settled", outcome: "report" });
  expect(out.effects).toEqual([
    { type: "present", severity: "error", message: "HooKit: 1 agent_settled hook failed:\n- **ok**: `true` (exit null)" },
  ]);
  expect(out.evaluationReport).toBeUndefined();
});

test("§3.5 already aborted: tool_result patches and session events cancel, with code null", async () => {
  const signal = abortedSignal();
  const result = await run(toolResult(), hooks({ r: h("tool_result", "true") }), tempDir(), { signal });
  expect(result.eventOutcomes[0]).toMatchObject({ outcome: "patch", reason: 'hookit: hook "r" blocked bash result — `true`' });
  const sw = await run(sessionSwitch(), hooks({ s: h("session_before_switch", "true") }), tempDir(), { signal });
  expect(reasonOf(sw)).toBe("hookit: session switch cancelled by 1 hook:\n- **s**: `true` (exit null)");
  const fork = await run(sessionFork(), hooks({ f: h("session_before_fork", "true") }), tempDir(), { signal });
  expect(reasonOf(fork)).toBe("hookit: session fork cancelled by 1 hook:\n- **f**: `true` (exit null)");
});

test("35 exact true/false are shortcuts; anything else runs in the real shell", async () => {
  const dir = tempDir();
  const set = hooks({
    "exact-true": h("turn_end", "true", { action: { type: "interrupt", outcome: "pass", code: 0 } }),
    "exact-false": h("turn_end", "false", { action: { type: "shutdown", outcome: "report", code: 1 } }),
    compound: h("turn_end", "false || true"),
    "not-trimmed": h("turn_end", " true && touch f"),
  });
  const out = await run(turnEnd(2), set, dir);
  expect(out.eventOutcomes[0]).toEqual({ event: "turn_end", outcome: "report" });
  expect(exists(dir, "f")).toBe(true);
  expect(rowSummary(out).filter((r) => !r.startsWith("→"))).toEqual([
    "local/exact-true ✓",
    "local/exact-false ✗",
    "local/compound ✓",
    "local/not-trimmed ✓",
  ]);
  expect(actionRequests(out).map((e) => e.action)).toEqual([{ type: "interrupt" }, { type: "shutdown" }]);
});

test("35 (shortcut) true and false never spawn: they work even where no shell can start", async () => {
  const missing = `${tempDir()}/gone`; // a cwd that does not exist makes every real spawn fail
  const set = hooks({ t: h("turn_end", "true"), f: h("turn_end", "false"), real: h("turn_end", "exit 0") });
  const out = await run(turnEnd(0), set, missing);
  expect(rowSummary(out)).toEqual(["local/t ✓", "local/f ✗"]);
  expect(out.effects[0]).toMatchObject({
    message: "HooKit: 2 turn_end hooks failed:\n- **f**: `false` (exit 1)\n- **real**: `exit 0` (exit null)",
  });
});

test("36 PWD and PI_CWD are the project cwd", async () => {
  const dir = tempDir();
  const set = hooks({ cwd: h("tool_call", 'test "$PWD" = "$PI_CWD" && touch marker') });
  const out = await run(toolCall(), set, dir, { env: { ...process.env, PWD: "/somewhere/else" } });
  expect(out.eventOutcomes[0].outcome).toBe("pass");
  expect(exists(dir, "marker")).toBe(true);
});

test("37 a passing when counts into the hook row's duration", async () => {
  const out = await run(toolCall(), hooks({ timed: h("tool_call", "true", { when: "sleep 0.06" }) }), tempDir());
  const row = out.evaluationReport?.rows[0];
  expect(row?.type === "hook" && row.durationMs).toBeGreaterThanOrEqual(50);
  expect(out.evaluationReport?.rows).toHaveLength(1);
});

test('38 [derived] when: "" is treated as absent', async () => {
  const dir = tempDir();
  const out = await run(toolCall(), hooks({ empty: h("tool_call", "touch f", { when: "" }) }), dir);
  expect(out.eventOutcomes[0].outcome).toBe("pass");
  expect(exists(dir, "f")).toBe(true);
});

test('39 [derived] shell: "" is valid config that always fails closed with code null, no row', async () => {
  const dir = tempDir();
  const out = await run(toolCall(), hooks({ empty: h("tool_call", ""), observer: observer() }), dir);
  expect(reasonOf(out)).toBe('hookit: hook "empty" rejected bash — ``');
  expect(rowsWithout(rowSummary(out), "local/observer")).toEqual([]);
  expect(readPayloads(dir)).toMatchObject([{ hookRef: "local/empty", outcome: "block", code: null }]);
});

test("40 a missing command is an ordinary failure with code 127", async () => {
  const out = await run(turnEnd(0), hooks({ missing: h("turn_end", "nonexistent-cmd") }), tempDir());
  expect(out.effects).toEqual([
    { type: "present", severity: "error", message: "HooKit: 1 turn_end hook failed:\n- **missing**: `nonexistent-cmd` (exit 127)" },
  ]);
});
