// §9 "Reports" (92–98) and §7.1–7.2. Execution Reports (waves, persistence,
// the TUI summary) are host-level (Pi adapter); the engine's part is the
// Evaluation Report rows each evaluation returns, tested here.
import { expect, test } from "vitest";
import type { EvaluationReportRow, SessionMetadata } from "../../src/engine/index.ts";
import { actionRequests, h, hooks, rowSummary, run, tempDir, toolCall, toolResult, turnEnd } from "./_helpers.ts";

const tools = [1, 2, 3].map((i) => ({ toolName: "read", toolCallId: `call-${i}`, input: { path: `f${i}.txt` } }));

test("92 three tools with a call and a result hook: six rows, call-1, result-1, … (wave summary: Pi adapter)", async () => {
  const dir = tempDir();
  const set = hooks({ "call-guard": h("tool_call", "true"), "result-guard": h("tool_result", "true") });
  const rows: EvaluationReportRow[] = [];
  for (const tool of tools) {
    rows.push(...((await run(toolCall(tool), set, dir)).evaluationReport?.rows ?? []));
    rows.push(...((await run(toolResult(tool), set, dir)).evaluationReport?.rows ?? []));
  }
  expect(rows.map((r) => r.hookRef)).toEqual([
    "local/call-guard",
    "local/result-guard",
    "local/call-guard",
    "local/result-guard",
    "local/call-guard",
    "local/result-guard",
  ]);
  for (const row of rows) {
    expect(row).toEqual({ type: "hook", hookRef: row.hookRef, durationMs: expect.any(Number), passed: true });
    expect(row.type === "hook" && Number.isInteger(row.durationMs) && row.durationMs >= 0).toBe(true);
  }
});

test("93 filter misses and when skips only: no rows to report for either tool event", async () => {
  const set = hooks({
    miss: h("tool_call", "true", { filter: { toolName: "^write$" } }),
    skip: h("tool_result", "true", { when: "exit 1" }),
  });
  const dir = tempDir();
  expect((await run(toolCall(tools[0]), set, dir)).evaluationReport).toBeUndefined();
  expect((await run(toolResult(tools[0]), set, dir)).evaluationReport).toBeUndefined();
});

test("94 blocked calls still produce rows (a blocked wave is still reported)", async () => {
  const set = hooks({ deny: h("tool_call", "false") });
  const dir = tempDir();
  const outs = [await run(toolCall(tools[0]), set, dir), await run(toolCall(tools[1]), set, dir)];
  expect(outs.map((o) => o.eventOutcomes[0].outcome)).toEqual(["block", "block"]);
  expect(outs.flatMap(rowSummary)).toEqual(["local/deny ✗", "local/deny ✗"]);
});

test("95 an evaluation's rows are complete and frozen when it resolves (shutdown flush: Pi adapter)", async () => {
  const dir = tempDir();
  const set = hooks({ guard: h("tool_call", "true"), late: h("turn_end", "false") });
  const first = await run(toolCall(tools[0]), set, dir);
  const snapshot = JSON.stringify(first.evaluationReport);
  await run(turnEnd(0), set, dir);
  expect(JSON.stringify(first.evaluationReport)).toBe(snapshot);
  expect(Object.isFrozen(first.evaluationReport?.rows)).toBe(true);
  expect(Object.isFrozen(first.evaluationReport?.rows[0])).toBe(true);
});

test("96 rows carry only the hook's own duration, never a tool or wave time (wave discard: Pi adapter)", async () => {
  const out = await run(toolCall(tools[0]), hooks({ guard: h("tool_call", "sleep 0.02") }), tempDir());
  const [row] = out.evaluationReport?.rows ?? [];
  expect(Object.keys(row ?? {})).toEqual(["type", "hookRef", "durationMs", "passed"]);
  expect(row?.type === "hook" && row.durationMs).toBeGreaterThanOrEqual(15);
});

test("97 rows never contain message bodies, invocation ids, commands or raw input", async () => {
  const set = hooks({
    guard: h("tool_call", "echo SHELL-TEXT", {
      action: { type: "message", message: "MESSAGE-BODY", delivery: "steer", outcome: "pass" },
    }),
    watcher: h("hook_result", "true"),
  });
  const out = await run(toolCall({ input: { command: "RAW-INPUT" } }), set, tempDir());
  const text = JSON.stringify(out.evaluationReport);
  expect(rowSummary(out)).toEqual(["local/guard ✓", "→ local/guard message pass", "local/watcher ✓ from local/guard pass"]);
  for (const secret of ["MESSAGE-BODY", "RAW-INPUT", "SHELL-TEXT", "invocationId", actionRequests(out)[0]?.invocationId ?? "?"]) {
    expect(text).not.toContain(secret);
  }
});

test("98 a context capture that throws rejects the evaluation; the next one works", async () => {
  const dir = tempDir();
  const set = hooks({ guard: h("tool_call", "true") });
  const hostile = {} as SessionMetadata;
  Object.defineProperty(hostile, "sessionId", {
    get: () => {
      throw new Error("capture failed");
    },
  });
  await expect(run(toolCall(), set, dir, { metadata: hostile })).rejects.toThrow("capture failed");
  expect(rowSummary(await run(toolCall(), set, dir))).toEqual(["local/guard ✓"]);
});

test("§7.2 row order is result-major (the spec's turn_end example)", async () => {
  const set = hooks({
    first: h("turn_end", "true"),
    steer: h("turn_end", "true", { action: { type: "interrupt", outcome: "pass" } }),
    second: h("turn_end", "false"),
    after: h("hook_result", "true"),
  });
  expect(rowSummary(await run(turnEnd(0), set, tempDir()))).toEqual([
    "local/first ✓",
    "local/after ✓ from local/first pass",
    "local/steer ✓",
    "→ local/steer interrupt pass",
    "local/after ✓ from local/steer pass",
    "local/second ✗",
    "local/after ✓ from local/second report",
  ]);
});

test("§7.1 the whole outcome is deeply frozen", async () => {
  const out = await run(turnEnd(0), hooks({ bad: h("turn_end", "false"), w: h("hook_result", "true") }), tempDir());
  expect(Object.isFrozen(out)).toBe(true);
  expect(out.eventOutcomes.every((o) => Object.isFrozen(o))).toBe(true);
  expect(out.effects.every((e) => Object.isFrozen(e))).toBe(true);
  expect(Object.isFrozen(out.evaluationReport)).toBe(true);
});
