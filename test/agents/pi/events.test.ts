// Pi event objects (the captured fixtures) → normalized events, and outcomes → Pi answers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { controlResult, internalFailure, PiPayloadError, toEvent } from "../../../src/agents/pi/events.ts";
import type { PiEvent } from "../../../src/agents/pi/pi-types.ts";

const fixture = (name: string): PiEvent =>
  JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/pi", name), "utf8")) as PiEvent;

describe("toEvent with the captured Pi 1.6.0 events", () => {
  test("tool_call.json", () => {
    expect(toEvent("tool_call", fixture("tool_call.json"))).toEqual({
      event: "tool_call",
      agent: "pi",
      toolName: "bash",
      toolCallId: "call_1",
      input: { command: "echo hi" },
      nativeToolName: "bash",
      nativeToolInput: { command: "echo hi" },
    });
  });

  test("tool_result.json keeps content and the original error flag; structuredContent is not hookit's", () => {
    expect(toEvent("tool_result", fixture("tool_result.json"))).toEqual({
      event: "tool_result",
      agent: "pi",
      toolName: "bash",
      toolCallId: "call_1",
      input: { command: "echo hi" },
      content: [{ type: "text", text: "hi\n" }],
      isError: false,
      nativeToolName: "bash",
      nativeToolInput: { command: "echo hi" },
    });
  });

  test("the extension's turn_end carries turnIndex; the JSON-stream wire form does not", () => {
    const wire = fixture("turn_end-json-stream.json");
    expect(() => toEvent("turn_end", wire)).toThrow(PiPayloadError);
    expect(toEvent("turn_end", { ...wire, turnIndex: 0 })).toEqual({ event: "turn_end", agent: "pi", turnIndex: 0 });
  });

  test("agent_end and agent_settled consume nothing of their payload", () => {
    expect(toEvent("agent_end", fixture("agent_end-json-stream-followup.json"))).toEqual({ event: "agent_end", agent: "pi" });
    expect(toEvent("agent_settled", fixture("agent_settled.json"))).toEqual({ event: "agent_settled", agent: "pi" });
  });

  test("session_before_switch-new.json has no targetSessionFile key", () => {
    const event = toEvent("session_before_switch", fixture("session_before_switch-new.json"));
    expect(event).toEqual({ event: "session_before_switch", agent: "pi", reason: "new" });
    expect("targetSessionFile" in event).toBe(false);
    expect(
      toEvent("session_before_switch", { type: "session_before_switch", reason: "resume", targetSessionFile: "/s.jsonl" }),
    ).toMatchObject({ reason: "resume", targetSessionFile: "/s.jsonl" });
  });

  test("session_before_fork-clone.json", () => {
    expect(toEvent("session_before_fork", fixture("session_before_fork-clone.json"))).toEqual({
      event: "session_before_fork",
      agent: "pi",
      entryId: "c0f98416",
      position: "at",
    });
  });

  test("input is a private copy: a later change by Pi does not reach the evaluation", () => {
    const payload = fixture("tool_call.json");
    const event = toEvent("tool_call", payload);
    (payload.input as Record<string, unknown>).command = "rm -rf /";
    expect(event).toMatchObject({ input: { command: "echo hi" } });
  });

  test.each([
    ["tool_call", { type: "tool_call", toolCallId: "c", input: {} }, /no string "toolName"/],
    ["tool_call", { type: "tool_call", toolName: "bash", toolCallId: "c", input: "ls" }, /no object "input"/],
    ["tool_result", { type: "tool_result", toolName: "bash", toolCallId: "c", input: {}, content: "x" }, /"content" array/],
    ["session_before_switch", { type: "session_before_switch", reason: "quit" }, /"reason" of new\|resume/],
    ["session_before_fork", { type: "session_before_fork", entryId: "e" }, /"position" of before\|at/],
  ] as const)("%s with an unreadable payload names the field", (name, payload, message) => {
    expect(() => toEvent(name, payload)).toThrow(message);
  });
});

describe("controlResult", () => {
  test("block, patch, cancel; pass and report answer nothing", () => {
    expect(controlResult({ event: "tool_call", outcome: "block", reason: "no" }, {})).toEqual({ block: true, reason: "no" });
    const details = { truncated: false };
    const patch = controlResult(
      {
        event: "tool_result",
        outcome: "patch",
        reason: "r",
        patch: { content: [{ type: "text", text: "[BLOCKED by HooKit] r" }], isError: true },
      },
      { details },
    ) as { details: unknown };
    expect(patch).toEqual({ content: [{ type: "text", text: "[BLOCKED by HooKit] r" }], details, isError: true });
    expect(patch.details).toBe(details); // Pi's own object, unchanged and unfrozen
    expect(Object.isFrozen(details)).toBe(false);
    expect(controlResult({ event: "session_before_fork", outcome: "cancel", reason: "r" }, {})).toEqual({ cancel: true });
    expect(controlResult({ event: "tool_call", outcome: "pass" }, {})).toBeUndefined();
    expect(controlResult({ event: "turn_end", outcome: "report" }, {})).toBeUndefined();
  });

  test("internalFailure fails closed with HooKit's texts", () => {
    const error = new Error("boom");
    expect(internalFailure("tool_call", {}, error).result).toEqual({
      block: true,
      reason: "hookit: tool-call guard failed to execute; call blocked — boom",
    });
    expect(internalFailure("tool_result", { details: { a: 1 } }, error).result).toEqual({
      content: [
        {
          type: "text",
          text: "[BLOCKED by HooKit] hookit: tool-result guard failed to execute; result suppressed — boom\n\nThe original tool result was suppressed.",
        },
      ],
      details: { a: 1 },
      isError: true,
    });
    expect(internalFailure("session_before_switch", {}, error)).toEqual({
      message: "hookit: session switch guard failed to execute; action cancelled — boom",
      result: { cancel: true },
    });
    expect(internalFailure("agent_settled", {}, "odd")).toEqual({
      message: "HooKit: agent_settled hooks failed to execute — odd",
      result: undefined,
    });
  });
});
