// Port of HooKit's tests/hook-evaluation.test.ts (see UPSTREAM.md), describe
// "owned Action evaluation".
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HookOutcome } from "../../src/engine/index.ts";
import {
  HookEvaluation,
  UUID_PATTERN,
  actionRows,
  caseDirectory,
  context,
  evaluate,
  hook,
  hookRows,
  hookWithAction,
  requestedActions,
  rootDirectory,
  toolCall,
  toolResult,
} from "./_facade.ts";

describe("owned Action evaluation", () => {
  it("skips already-aborted turn-end Hooks before traversal", async () => {
    const result = await evaluate(
      new HookEvaluation(),
      "turn_end",
      { turnIndex: 1 },
      [
        hookWithAction("always", "turn_end", { type: "interrupt" }),
        hookWithAction("gated", "turn_end", { type: "shutdown" }, { when: "true" }),
      ],
      rootDirectory(),
      context(rootDirectory(), { signal: AbortSignal.abort() }),
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    expect(result.effects).toEqual([]);
    expect(result.evaluationReport).toBeUndefined();
  });

  it("shares one fresh identity between each passing precondition and action request", async () => {
    const cwd = caseDirectory("action-identities");
    const identityCheck = (name: string) =>
      `test "$PI_HOOK_REF" = "local/${name}" && test "$PI_HOOK_EVENT" = tool_call && test "$PI_EVENT" = tool_call && ` +
      `test "$PI_TOOL_NAME" = bash && printf '%s' "$PI_HOOK_INVOCATION_ID" > ${name}.id`;
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [
        hookWithAction("first", "tool_call", { type: "interrupt" }, { filter: { toolName: "^bash$" }, when: identityCheck("first") }),
        hookWithAction("second", "tool_call", { type: "shutdown" }, { when: identityCheck("second") }),
      ],
      cwd,
    );
    const effects = requestedActions(result);
    expect(effects).toHaveLength(2);
    expect(readFileSync(join(cwd, "first.id"), "utf8")).toBe(effects[0]?.invocationId);
    expect(readFileSync(join(cwd, "second.id"), "utf8")).toBe(effects[1]?.invocationId);
    for (const effect of effects) expect(effect.invocationId).toMatch(UUID_PATTERN);
    expect(effects[0]?.invocationId).not.toBe(effects[1]?.invocationId);
    expect(hookRows(result.evaluationReport).map((row) => row.hookRef)).toEqual(["local/first", "local/second"]);
  });

  it("requests each matching owned Action after aggregate traversal", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("blocks", "tool_call", "false"),
      hook("not-run", "tool_call", "true"),
      hookWithAction("message", "tool_call", { type: "message", message: "blocked", delivery: "followUp" }),
      hookWithAction("miss", "tool_call", { type: "interrupt" }, { filter: { toolName: "^read$" } }),
      hookWithAction("skip", "tool_call", { type: "shutdown" }, { when: "false" }),
      hookWithAction("interrupt", "tool_call", { type: "interrupt" }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(requestedActions(result).map((e) => e.hookRef)).toEqual(["local/message", "local/interrupt"]);
    expect(actionRows(result.evaluationReport).map((r) => ({ ref: r.hookRef, type: r.actionType }))).toEqual([
      { ref: "local/message", type: "message" },
      { ref: "local/interrupt", type: "interrupt" },
    ]);
    expect(Object.isFrozen(result.evaluationReport?.rows)).toBe(true);
  });

  it("lets a failure Action select a precondition infrastructure result", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hookWithAction("broken-when", "tool_call", { type: "interrupt", outcome: "block", code: null }, { when: "bad\0command" }),
      hookWithAction("sibling", "tool_call", { type: "shutdown" }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(result.effects.map((e) => e.type)).toEqual(["request-action", "request-action"]);
    expect(actionRows(result.evaluationReport).map((r) => ({ ref: r.hookRef, outcome: r.outcome }))).toEqual([
      { ref: "local/broken-when", outcome: "block" },
      { ref: "local/sibling", outcome: "pass" },
    ]);
  });

  it("uses exact true/false as ordinary accounted command results", async () => {
    const cwd = caseDirectory("shortcut-results");
    const result = await evaluate(
      new HookEvaluation(),
      "turn_end",
      { turnIndex: 4 },
      [
        hookWithAction("exact-true", "turn_end", { type: "interrupt", code: 0 }),
        hookWithAction("exact-false", "turn_end", { type: "shutdown", outcome: "report", code: 1 }, { shell: "false" }),
        hook("compound", "turn_end", "false || true"),
        hook("not-trimmed", "turn_end", " true && touch ordinary-shell"),
      ],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("report");
    expect(existsSync(join(cwd, "ordinary-shell"))).toBe(true);
    expect(hookRows(result.evaluationReport).map(({ hookRef, passed }) => ({ hookRef, passed }))).toEqual([
      { hookRef: "local/exact-true", passed: true },
      { hookRef: "local/exact-false", passed: false },
      { hookRef: "local/compound", passed: true },
      { hookRef: "local/not-trimmed", passed: true },
    ]);
    // selector metadata is not part of an Action Request
    expect(requestedActions(result).map((e) => ({ ref: e.hookRef, action: e.action }))).toEqual([
      { ref: "local/exact-true", action: { type: "interrupt" } },
      { ref: "local/exact-false", action: { type: "shutdown" } },
    ]);
  });

  it("fails an already-aborted shortcut with code null and selects its failure Action", async () => {
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [hookWithAction("aborted", "tool_call", { type: "interrupt", outcome: "block", code: null })],
      rootDirectory(),
      context(rootDirectory(), { signal: AbortSignal.abort() }),
    );
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(hookRows(result.evaluationReport)).toHaveLength(0);
    expect(actionRows(result.evaluationReport).map(({ hookRef, outcome }) => ({ hookRef, outcome }))).toEqual([
      { hookRef: "local/aborted", outcome: "block" },
    ]);
  });

  it("ANDs scalar/list outcome and code selectors against each local result", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hookWithAction("matches", "tool_call", { type: "interrupt", outcome: ["pass", "block"], code: [0, 1] }, { shell: "false" }),
      hookWithAction("wrong-code", "tool_call", { type: "shutdown", outcome: "block", code: null }, { shell: "false" }),
      hookWithAction("pass-but-code-misses", "tool_call", { type: "compact", outcome: ["pass", "block"], code: [1, null] }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(requestedActions(result).map((e) => e.hookRef)).toEqual(["local/matches"]);
  });

  it("can react separately to every originating Hook outcome", async () => {
    const watcher = (outcome: HookOutcome) => hookWithAction("watch", "hook_result", { type: "interrupt" }, { filter: { outcome } });
    const cases = [
      await evaluate(new HookEvaluation(), "tool_call", toolCall, [hook("origin", "tool_call", "true"), watcher("pass")]),
      await evaluate(new HookEvaluation(), "tool_call", toolCall, [hook("origin", "tool_call", "false"), watcher("block")]),
      await evaluate(new HookEvaluation(), "tool_result", toolResult, [hook("origin", "tool_result", "false"), watcher("patch")]),
      await evaluate(new HookEvaluation(), "session_before_switch", { reason: "new" }, [
        hook("origin", "session_before_switch", "false"),
        watcher("cancel"),
      ]),
      await evaluate(new HookEvaluation(), "turn_end", { turnIndex: 1 }, [hook("origin", "turn_end", "false"), watcher("report")]),
    ];
    expect(
      cases.map((result) => {
        const requests = actionRows(result.evaluationReport);
        expect(requests).toHaveLength(1);
        return requests[0]?.origin?.outcome;
      }),
    ).toEqual(["pass", "block", "patch", "cancel", "report"]);
  });

  it("dispatches reactive Actions result-major with origin association", async () => {
    const result = await evaluate(new HookEvaluation(), "turn_end", { turnIndex: 3 }, [
      hook("passes", "turn_end", "true"),
      hook("fails", "turn_end", "false"),
      hookWithAction("first", "hook_result", { type: "interrupt" }),
      hookWithAction("second", "hook_result", { type: "emit-custom-event", name: "test:event", data: { value: 1 } }),
    ]);
    const actions = requestedActions(result);
    expect(actions.map((e) => e.hookRef)).toEqual(["local/first", "local/second", "local/first", "local/second"]);
    expect(actionRows(result.evaluationReport).map((row) => row.origin?.hookRef)).toEqual([
      "local/passes",
      "local/passes",
      "local/fails",
      "local/fails",
    ]);
    const eventAction = actions[1]?.action;
    expect(eventAction?.type).toBe("emit-custom-event");
    expect(Object.isFrozen(eventAction) && Object.isFrozen(eventAction?.data)).toBe(true);
  });

  it("exposes one ordered result-major report row sequence", async () => {
    const result = await evaluate(new HookEvaluation(), "turn_end", { turnIndex: 2 }, [
      hook("first", "turn_end", "true"),
      hookWithAction("steer", "turn_end", { type: "interrupt" }),
      hook("second", "turn_end", "false"),
      hook("after", "hook_result", "true"),
    ]);
    const rows = result.evaluationReport?.rows ?? [];
    expect(rows.map((row) => `${row.type === "hook" ? "a" : "x"}:${row.hookRef}`)).toEqual([
      "a:local/first",
      "a:local/after",
      "a:local/steer",
      "x:local/steer",
      "a:local/after",
      "a:local/second",
      "a:local/after",
    ]);
    const interruptIndex = rows.findIndex((row) => row.type === "action" && row.hookRef === "local/steer");
    expect(interruptIndex).toBeGreaterThan(0);
    expect(rows[interruptIndex - 1]).toMatchObject({ type: "hook", hookRef: "local/steer" });
  });

  it("measures a passing when plus shell in the reported duration", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("slow-when", "tool_call", "true", { when: "sleep 0.06" }),
    ]);
    const row = hookRows(result.evaluationReport)[0];
    expect(row, "a passing when still yields a Hook row").toBeDefined();
    expect(row?.durationMs ?? 0).toBeGreaterThanOrEqual(50);
  });
});
