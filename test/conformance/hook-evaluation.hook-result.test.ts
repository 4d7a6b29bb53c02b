// Port of HooKit's tests/hook-evaluation.test.ts (see UPSTREAM.md), describe
// "Hook Result Event phase".
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  HookEvaluation,
  UUID_PATTERN,
  caseDirectory,
  context,
  evaluate,
  hook,
  hookRows,
  hookWithAction,
  presentationMessages,
  readText,
  requestedActions,
  toolCall,
} from "./_facade.ts";

describe("Hook Result Event phase", () => {
  it("applies shared Event semantics to Native and Hook Result Events", async () => {
    const cwd = caseDirectory("shared-event-semantics");
    const result = await evaluate(
      new HookEvaluation(),
      "turn_end",
      { turnIndex: 2 },
      [
        hook("native-filter-miss", "turn_end", "touch native-filter-miss", { filter: { turnIndex: 99 } }),
        hook("native-precondition-false", "turn_end", "touch native-when-false", { when: "false" }),
        hookWithAction("native-action-only", "turn_end", { type: "interrupt" }),
        hook("reactive-filter-miss", "hook_result", "touch reactive-filter-miss", { filter: { hookRef: "^missing/" } }),
        hook("reactive-precondition-false", "hook_result", "touch reactive-when-false", { when: "false" }),
        hookWithAction("reactive-action-only", "hook_result", { type: "shutdown" }),
        hookWithAction(
          "reactive-broken-precondition",
          "hook_result",
          { type: "compact", outcome: "report", code: null },
          {
            when: "bad\0command",
          },
        ),
      ],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    for (const marker of ["native-filter-miss", "native-when-false", "reactive-filter-miss", "reactive-when-false"]) {
      expect(existsSync(join(cwd, marker)), marker).toBe(false);
    }
    expect(requestedActions(result).map((e) => ({ hookRef: e.hookRef, action: e.action.type }))).toEqual([
      { hookRef: "local/native-action-only", action: "interrupt" },
      { hookRef: "local/reactive-action-only", action: "shutdown" },
      { hookRef: "local/reactive-broken-precondition", action: "compact" },
    ]);
    // the code-null failure selects its Action without inventing a shell row
    expect(hookRows(result.evaluationReport).map((row) => ({ hookRef: row.hookRef, origin: row.origin?.hookRef }))).toEqual([
      { hookRef: "local/native-action-only", origin: undefined },
      { hookRef: "local/reactive-action-only", origin: "local/native-action-only" },
    ]);
    expect(presentationMessages(result).at(-1)).toMatch(/1 hook_result hook failed/);
  });

  it("awaits handlers in result-major, configured-handler order", async () => {
    const cwd = caseDirectory("synthetic-order");
    const result = await evaluate(
      new HookEvaluation(),
      "turn_end",
      { turnIndex: 2 },
      [
        hook("origin-pass", "turn_end", "true"),
        hook("origin-fail", "turn_end", "exit 7"),
        hook("first", "hook_result", `sleep 0.02; printf 'first:%s\\n' "$PI_EVENT_PAYLOAD" >> order.log`),
        hook("second", "hook_result", `printf 'second:%s\\n' "$PI_EVENT_PAYLOAD" >> order.log`),
      ],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("report");
    const lines = readText(cwd, "order.log").trim().split("\n");
    expect(lines.map((line) => line.slice(0, line.indexOf(":")))).toEqual(["first", "second", "first", "second"]);
    expect(lines[0]).toMatch(/"outcome":"pass","code":0/);
    expect(lines[2]).toMatch(/"outcome":"report","code":7/);
    const executions = hookRows(result.evaluationReport);
    expect(executions.map((row) => row.hookRef)).toEqual([
      "local/origin-pass",
      "local/first",
      "local/second",
      "local/origin-fail",
      "local/first",
      "local/second",
    ]);
    const reactive = executions.filter((row) => row.origin !== undefined);
    expect(reactive.map((row) => row.origin?.hookRef)).toEqual([
      "local/origin-pass",
      "local/origin-pass",
      "local/origin-fail",
      "local/origin-fail",
    ]);
    expect(Object.isFrozen(executions[1]?.origin)).toBe(true);
  });

  it("matches hook refs by regex, outcomes exactly, and codes strictly", async () => {
    const cwd = caseDirectory("synthetic-filters");
    const exact = { hookRef: "^local/fails$", invocationId: "^[0-9a-f-]+$", outcome: "report", code: 7 };
    const result = await evaluate(
      new HookEvaluation(),
      "turn_end",
      { turnIndex: 1 },
      [
        hook("passes", "turn_end", "true"),
        hook("fails", "turn_end", "exit 7"),
        hook("matching", "hook_result", "printf 'match\\n' >> match.log", { filter: exact }),
        hook("not-regex", "hook_result", "touch bad", { filter: { outcome: "r.*" } }),
        hook("wrong-code", "hook_result", "touch bad", { filter: { code: 8 } }),
        hookWithAction("matching-action", "hook_result", { type: "interrupt" }, { filter: exact }),
        hookWithAction("wrong-action", "hook_result", { type: "shutdown" }, { filter: { outcome: "r.*" } }),
      ],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("report");
    expect(readText(cwd, "match.log")).toBe("match\n");
    expect(existsSync(join(cwd, "bad"))).toBe(false);
    expect(requestedActions(result).map((e) => e.hookRef)).toEqual(["local/matching-action"]);
  });

  it("detaches handlers from the originating abort signal", async () => {
    const cwd = caseDirectory("synthetic-detached");
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [
        hook("origin", "tool_call", "true"),
        hook("handler", "hook_result", "touch handled"),
        hookWithAction("action", "hook_result", { type: "interrupt" }, { when: "true" }),
      ],
      cwd,
      context(cwd, { signal: AbortSignal.abort() }),
    );
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(existsSync(join(cwd, "handled"))).toBe(true);
    expect(requestedActions(result).some((e) => e.hookRef === "local/action")).toBe(true);
  });

  it("shares the origin Invocation ID while keeping the handler ID separate", async () => {
    const cwd = caseDirectory("synthetic-identities");
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [
        hookWithAction("origin", "tool_call", { type: "interrupt" }, { shell: `printf '%s' "$PI_HOOK_INVOCATION_ID" > origin.id` }),
        hookWithAction(
          "handler",
          "hook_result",
          { type: "shutdown" },
          {
            shell: `printf '%s|%s\\n' "$PI_HOOK_INVOCATION_ID" "$PI_EVENT_PAYLOAD" > identities.log`,
          },
        ),
      ],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    const line = readText(cwd, "identities.log").trim();
    const separator = line.indexOf("|");
    const handlerInvocationId = line.slice(0, separator);
    const payload = JSON.parse(line.slice(separator + 1)) as Record<string, unknown>;
    const originInvocationId = readText(cwd, "origin.id");
    const actionFor = (ref: string) => requestedActions(result).find((e) => e.hookRef === ref);
    expect(handlerInvocationId).toMatch(UUID_PATTERN);
    expect(Object.keys(payload).sort()).toEqual(["code", "event", "hookRef", "invocationId", "outcome"]);
    expect(payload.invocationId).toBe(originInvocationId);
    expect(actionFor("local/origin")?.invocationId).toBe(originInvocationId);
    expect(actionFor("local/handler")?.invocationId).toBe(handlerInvocationId);
    expect(handlerInvocationId).not.toBe(originInvocationId);
    expect("runId" in payload).toBe(false);
  });

  it("uses hook_result fail-closed policy for an unexpected handler error", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("origin", "tool_call", "true"),
      hook("crashes", "hook_result", "true", { filter: { hookRef: "[" } }),
      hookWithAction("later-sibling", "hook_result", { type: "shutdown" }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    expect(result.eventOutcomes[1]).toMatchObject({ outcome: "report", hookRef: "local/origin" });
    expect(requestedActions(result).map((e) => e.hookRef)).toEqual(["local/later-sibling"]);
    // the crashing Hook invents no result or report row
    expect(hookRows(result.evaluationReport).map((row) => row.hookRef)).toEqual(["local/origin", "local/later-sibling"]);
    const messages = presentationMessages(result);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^HooKit: hook_result hooks failed to execute —/);
  });

  it("isolates handler errors and failures while continuing siblings", async () => {
    const cwd = caseDirectory("synthetic-isolation");
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [
        hook("origin", "tool_call", "true"),
        hook("bad-filter", "hook_result", "true", { filter: { hookRef: "[" } }),
        hook("fails", "hook_result", "false"),
        hook("sibling", "hook_result", "touch sibling"),
        hookWithAction("bad-action-filter", "hook_result", { type: "interrupt" }, { filter: { hookRef: "[" } }),
        hookWithAction("action-sibling", "hook_result", { type: "shutdown" }),
      ],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    expect(existsSync(join(cwd, "sibling"))).toBe(true);
    // result-major Action work precedes unrelated crash diagnostics
    expect(result.effects.map((e) => e.type)).toEqual(["request-action", "present", "present", "present"]);
    const messages = presentationMessages(result);
    expect(messages[0]).toMatch(/bad-filter.*failed to execute/);
    expect(messages[1]).toMatch(/bad-action-filter.*failed to execute/);
    expect(messages[2]).toMatch(/1 hook_result hook failed/);
  });

  it("suppresses recursion when a result handler fails", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("origin", "tool_call", "true"),
      hook("handler", "hook_result", "false"),
    ]);
    expect(result.eventOutcomes.map((o) => ({ event: o.event, outcome: o.outcome }))).toEqual([
      { event: "tool_call", outcome: "pass" },
      { event: "hook_result", outcome: "report" },
    ]);
    expect(result.effects).toHaveLength(1);
    expect(presentationMessages(result)[0]).toMatch(/hook_result hook failed/);
    expect(hookRows(result.evaluationReport).map((row) => ({ hookRef: row.hookRef, origin: row.origin?.hookRef }))).toEqual([
      { hookRef: "local/origin", origin: undefined },
      { hookRef: "local/handler", origin: "local/origin" },
    ]);
  });
});
