// Port of HooKit's tests/hook-evaluation.test.ts (see UPSTREAM.md), describes
// "session policy state" and "unexpected failures fail closed".
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  HookEvaluation,
  actionRows,
  caseDirectory,
  evaluate,
  hook,
  hookRows,
  hookWithAction,
  presentationMessages,
  reasonOf,
  toolCall,
  toolResult,
} from "./_facade.ts";

describe("session policy state", () => {
  it("deduplicates corrective retries and clears the fingerprint after a pass", async () => {
    const evaluator = new HookEvaluation();
    await evaluate(evaluator, "tool_call", toolCall, [hook("tool", "tool_call", "true")]);
    const failing = [hook("clean", "agent_end", "false")];

    const first = await evaluate(evaluator, "agent_end", {}, failing);
    expect(first.eventOutcomes[0].outcome).toBe("report");
    expect(first.effects.map((e) => e.type)).toEqual(["request-corrective-turn"]);
    expect(hookRows(first.evaluationReport).map((row) => row.hookRef)).toEqual(["local/clean"]);

    const repeated = await evaluate(evaluator, "agent_end", {}, failing);
    expect(repeated.effects.map((e) => e.type)).toEqual(["present"]);
    expect(presentationMessages(repeated)[0]).toMatch(/automatic retry stopped/);

    const passing = await evaluate(evaluator, "agent_end", {}, [hook("clean", "agent_end", "true")]);
    expect(passing.eventOutcomes[0].outcome).toBe("pass");

    const afterPass = await evaluate(evaluator, "agent_end", {}, failing);
    expect(afterPass.effects.at(-1)?.type).toBe("request-corrective-turn");
  });

  it("keeps execution accounting local to each native event", async () => {
    const evaluator = new HookEvaluation();
    const tool = await evaluate(evaluator, "tool_call", toolCall, [
      hook("tool", "tool_call", "true"),
      hookWithAction("tool-action", "tool_call", { type: "interrupt" }),
    ]);
    const end = await evaluate(evaluator, "agent_end", {}, [
      hook("end", "agent_end", "true"),
      hookWithAction("end-action", "agent_end", { type: "shutdown" }),
    ]);
    expect(hookRows(tool.evaluationReport).map((row) => row.hookRef)).toEqual(["local/tool", "local/tool-action"]);
    expect(hookRows(end.evaluationReport).map((row) => row.hookRef)).toEqual(["local/end", "local/end-action"]);
    expect(actionRows(tool.evaluationReport).map((row) => row.hookRef)).toEqual(["local/tool-action"]);
    expect(actionRows(end.evaluationReport).map((row) => row.hookRef)).toEqual(["local/end-action"]);
  });

  it("allows independent tool evaluations to overlap", async () => {
    const cwd = caseDirectory("parallel-evaluations");
    const evaluator = new HookEvaluation();
    const waitFor = (own: string, sibling: string) =>
      `touch ${own}; i=0; while [ ! -f ${sibling} ] && [ $i -lt 200 ]; do sleep 0.01; i=$((i + 1)); done; test -f ${sibling}`;
    const [first, second] = await Promise.all([
      evaluate(
        evaluator,
        "tool_call",
        { ...toolCall, toolCallId: "parallel-a" },
        [hook("a", "tool_call", waitFor("a.started", "b.started")), hookWithAction("action-a", "tool_call", { type: "interrupt" })],
        cwd,
      ),
      evaluate(
        evaluator,
        "tool_call",
        { ...toolCall, toolCallId: "parallel-b" },
        [hook("b", "tool_call", waitFor("b.started", "a.started")), hookWithAction("action-b", "tool_call", { type: "shutdown" })],
        cwd,
      ),
    ]);
    expect([first.eventOutcomes[0].outcome, second.eventOutcomes[0].outcome]).toEqual(["pass", "pass"]);
    expect(hookRows(first.evaluationReport).map((row) => row.hookRef)).toEqual(["local/a", "local/action-a"]);
    expect(hookRows(second.evaluationReport).map((row) => row.hookRef)).toEqual(["local/b", "local/action-b"]);
    expect(actionRows(first.evaluationReport).map((row) => row.hookRef)).toEqual(["local/action-a"]);
    expect(actionRows(second.evaluationReport).map((row) => row.hookRef)).toEqual(["local/action-b"]);
  });
});

describe("unexpected failures fail closed", () => {
  // an invalid pattern can only reach the engine by skipping the catalog: it is an unexpected error there
  const invalidFilter = { toolName: "[" };

  it("blocks tool calls and still dispatches completed invocation results", async () => {
    const cwd = caseDirectory("fail-closed-tool-call");
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [
        hook("completed", "tool_call", "true"),
        hook("crashes", "tool_call", "true", { filter: invalidFilter }),
        hook("later-sibling", "tool_call", "true"),
        hook("handler", "hook_result", `printf '%s\\n' "$PI_EVENT_PAYLOAD" >> completed.log`),
      ],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(reasonOf(result)).toMatch(/guard failed to execute; call blocked/);
    const records = readFileSync(join(cwd, "completed.log"), "utf8").trim().split("\n");
    expect(records).toHaveLength(2);
    expect(records[0]).toMatch(/"hookRef":"local\/completed"/);
    expect(records[1]).toMatch(/"hookRef":"local\/later-sibling"/);
    expect(records.some((record) => record.includes("local/crashes"))).toBe(false);
  });

  it("suppresses tool results", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_result", toolResult, [
      hook("crashes", "tool_result", "true", { filter: invalidFilter }),
    ]);
    const native = result.eventOutcomes[0];
    expect(native.outcome).toBe("patch");
    expect(native.outcome === "patch" && native.patch.isError).toBe(true);
    expect(reasonOf(result)).toMatch(/result suppressed/);
  });

  it("cancels both cancellable session changes", async () => {
    const evaluator = new HookEvaluation();
    const switching = await evaluate(evaluator, "session_before_switch", { reason: "new" }, [
      hook("crashes", "session_before_switch", "true", { filter: { reason: "[" } }),
    ]);
    expect(switching.eventOutcomes[0].outcome).toBe("cancel");
    const forking = await evaluate(evaluator, "session_before_fork", { entryId: "entry", position: "at" }, [
      hook("crashes", "session_before_fork", "true", { filter: { position: "[" } }),
    ]);
    expect(forking.eventOutcomes[0].outcome).toBe("cancel");
  });

  it("turn and settled infrastructure errors become presentation feedback", async () => {
    for (const [kind, event] of [
      ["turn_end", { turnIndex: 1 }],
      ["agent_settled", {}],
    ] as const) {
      const result = await evaluate(new HookEvaluation(), kind, event, [hook("crashes", kind, "true", { filter: { event: "[" } })]);
      expect(result.eventOutcomes[0].outcome, kind).toBe("report");
      expect(result.effects[0]?.type, kind).toBe("present");
      expect(presentationMessages(result)[0], kind).toMatch(/failed to execute/);
    }
  });

  it("agent_end infrastructure errors never request a corrective turn", async () => {
    const result = await evaluate(new HookEvaluation(), "agent_end", {}, [
      hook("crashes", "agent_end", "true", { filter: { event: "[" } }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("report");
    expect(result.effects.map((e) => e.type)).toEqual(["present"]);
    expect(presentationMessages(result)[0]).toMatch(/failed to execute/);
  });
});
