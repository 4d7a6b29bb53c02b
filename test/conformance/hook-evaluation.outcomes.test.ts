// Port of HooKit's tests/hook-evaluation.test.ts (see UPSTREAM.md for the
// commit), describes "Hook Evaluation Outcome" and "Hook Evaluation Native
// Event Outcomes": one test here per upstream test, same names, run against
// hookit's engine through the facade.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  HookEvaluation,
  UUID_PATTERN,
  caseDirectory,
  evaluate,
  hook,
  hookRows,
  presentationMessages,
  reasonOf,
  toolCall,
  toolResult,
} from "./_facade.ts";

describe("Hook Evaluation Outcome", () => {
  it("exposes immutable Event Outcomes in result-major order", async () => {
    const result = await evaluate(new HookEvaluation(), "turn_end", { turnIndex: 3 }, [
      hook("passes", "turn_end", "true"),
      hook("fails", "turn_end", "false"),
      hook("reacts-to-failure", "hook_result", "false", { filter: { outcome: "report" } }),
    ]);
    expect(
      result.eventOutcomes.map((o) => ({ event: o.event, hookRef: "hookRef" in o ? o.hookRef : undefined, outcome: o.outcome })),
    ).toEqual([
      { event: "turn_end", hookRef: undefined, outcome: "report" },
      { event: "hook_result", hookRef: "local/passes", outcome: "pass" },
      { event: "hook_result", hookRef: "local/fails", outcome: "report" },
    ]);
    expect(Object.keys(result).sort()).toEqual(["effects", "evaluationReport", "eventOutcomes"]);
    expect(Object.keys(result.eventOutcomes[0]).sort()).toEqual(["event", "outcome"]);
    expect(Object.isFrozen(result) && Object.isFrozen(result.eventOutcomes)).toBe(true);
    for (const outcome of result.eventOutcomes) expect(Object.isFrozen(outcome)).toBe(true);
  });

  it("projects an explicit pass Event Outcome when no reactive Hook matches", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("origin", "tool_call", "true"),
      hook("misses", "hook_result", "false", { filter: { hookRef: "^other/" } }),
    ]);
    expect(result.eventOutcomes).toHaveLength(2);
    const reactive = result.eventOutcomes[1];
    expect(reactive).toEqual({ event: "hook_result", hookRef: "local/origin", invocationId: reactive?.invocationId, outcome: "pass" });
    expect(reactive?.invocationId).toMatch(UUID_PATTERN);
  });
});

describe("Hook Evaluation Native Event Outcomes", () => {
  it("aggregates a block while continuing matching tool-call Hooks", async () => {
    const cwd = caseDirectory("tool-call-block");
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [hook("passes", "tool_call", "true"), hook("blocks", "tool_call", "exit 7"), hook("not-run", "tool_call", "touch not-run")],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(reasonOf(result)).toBe('hookit: hook "blocks" rejected bash — `exit 7`');
    expect(existsSync(join(cwd, "not-run"))).toBe(true);
    expect(hookRows(result.evaluationReport).map(({ hookRef, passed }) => ({ hookRef, passed }))).toEqual([
      { hookRef: "local/passes", passed: true },
      { hookRef: "local/blocks", passed: false },
      { hookRef: "local/not-run", passed: true },
    ]);
  });

  it("includes every tool failure in one block or replacement patch", async () => {
    const call = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("first", "tool_call", "false"),
      hook("second", "tool_call", "exit 7"),
    ]);
    expect(call.eventOutcomes[0].outcome).toBe("block");
    for (const part of [/2 hooks rejected bash/, /hook "first"/, /hook "second"/]) expect(reasonOf(call)).toMatch(part);

    const output = await evaluate(new HookEvaluation(), "tool_result", toolResult, [
      hook("first", "tool_result", "false"),
      hook("second", "tool_result", "exit 9"),
    ]);
    const native = output.eventOutcomes[0];
    expect(native.outcome).toBe("patch");
    const text = native.outcome === "patch" ? native.patch.content[0]?.text : undefined;
    expect(text).toMatch(/hook "first"/);
    expect(text).toMatch(/hook "second"/);
  });

  it("passes when filters miss or matching shells pass", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("write-only", "tool_call", "false", { filter: { toolName: "^write$" } }),
      hook("nested", "tool_call", "true", { filter: { "request.target.path": "(^|/)\\.env$" } }),
      hook("passes", "tool_call", "true", { filter: { toolName: "ash$" } }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("pass");
  });

  it("matches nested regex fields and strict scalar filters", async () => {
    const payload = {
      toolName: "vendor_write",
      toolCallId: "nested",
      input: { request: { target: { path: "/app/.env" } }, retries: 2, dryRun: false },
    };
    const result = await evaluate(new HookEvaluation(), "tool_call", payload, [
      hook("nested", "tool_call", "false", {
        filter: { toolName: "_write$", "request.target.path": "(^|/)\\.env$", retries: 2, dryRun: false },
      }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("block");
  });

  it("uses the native tool name over a shadowing input field", async () => {
    const payload = { toolName: "bash", toolCallId: "shadow", input: { toolName: "write" } };
    const result = await evaluate(new HookEvaluation(), "tool_call", payload, [
      hook("bash", "tool_call", "false", { filter: { toolName: "^bash$" } }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("block");
  });

  it("suppresses a completed tool result with an immutable patch", async () => {
    const details = { duration: 12 };
    const result = await evaluate(new HookEvaluation(), "tool_result", { ...toolResult, details }, [
      hook("redact", "tool_result", "false"),
    ]);
    const native = result.eventOutcomes[0];
    expect(native.outcome).toBe("patch");
    if (native.outcome !== "patch") return;
    expect(native.patch.isError).toBe(true);
    expect(native.patch.details).toBe(details);
    expect(native.patch.content[0]?.text).toMatch(/original tool result was suppressed/);
    expect([native.patch, native.patch.content, native.patch.details].every((v) => Object.isFrozen(v))).toBe(true);
  });

  it("aggregates turn_end failures into one report effect", async () => {
    const result = await evaluate(new HookEvaluation(), "turn_end", { turnIndex: 4 }, [
      hook("one", "turn_end", "false", { filter: { turnIndex: 4 } }),
      hook("two", "turn_end", "exit 2"),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("report");
    expect(result.effects.map((e) => e.type)).toEqual(["present"]);
    const [message] = presentationMessages(result);
    for (const part of [/2 turn_end hooks failed/, /\*\*one\*\*/, /\*\*two\*\*/]) expect(message).toMatch(part);
    expect(hookRows(result.evaluationReport).map((row) => row.hookRef)).toEqual(["local/one", "local/two"]);
  });

  it("reports all agent_settled failures", async () => {
    const result = await evaluate(new HookEvaluation(), "agent_settled", {}, [
      hook("one", "agent_settled", "false"),
      hook("two", "agent_settled", "false"),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("report");
    expect(presentationMessages(result)[0]).toMatch(/2 agent_settled/);
  });

  it("cancels session switches and forks after aggregating failures", async () => {
    const evaluator = new HookEvaluation();
    const switching = await evaluate(evaluator, "session_before_switch", { reason: "new" }, [
      hook("new-only", "session_before_switch", "false", { filter: { reason: "^new$" } }),
      hook("always", "session_before_switch", "false"),
    ]);
    expect(switching.eventOutcomes[0].outcome).toBe("cancel");
    expect(reasonOf(switching)).toMatch(/session switch cancelled by 2 hooks/);

    const forking = await evaluate(evaluator, "session_before_fork", { entryId: "entry-1", position: "at" }, [
      hook("clone-only", "session_before_fork", "false", { filter: { position: "^at$" } }),
      hook("always", "session_before_fork", "false"),
    ]);
    expect(forking.eventOutcomes[0].outcome).toBe("cancel");
    expect(reasonOf(forking)).toMatch(/session fork cancelled by 2 hooks/);
  });

  it("returns an immutable report containing only actual shell executions", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("pass", "tool_call", "true", { source: "owner/hooks" }),
    ]);
    expect(Object.keys(result).sort()).toEqual(["effects", "evaluationReport", "eventOutcomes"]);
    for (const part of [result, result.effects, result.evaluationReport, result.evaluationReport?.rows]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
    const rows = hookRows(result.evaluationReport);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({ hookRef: "owner/hooks/pass", type: "hook", passed: true });
    expect(row?.durationMs ?? -1).toBeGreaterThanOrEqual(0);
    expect(Object.isFrozen(row)).toBe(true);
    // report rows carry no Invocation ID and no evaluated Event
    expect("invocationId" in (row ?? {})).toBe(false);
    expect("evaluatedEvent" in (row ?? {})).toBe(false);
  });
});
