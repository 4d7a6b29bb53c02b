// Per-event facts (hookit-semantics §3.1, §4.2, §5.3): the filter candidate,
// the event's shell variables, its failure kind, and how failures aggregate.
import { putEnv } from "./env.ts";
import { redactedOutcome } from "./result-facts.ts";
import { INTERNAL, cancelReason, patchText, toolCallReason, toolResultReason, type Failure } from "./texts.ts";
import type { ContentBlock, FailureKind, NativeEventName, NativeEventOutcome, NormalizedEvent } from "./types.ts";

export const FAILURE_KIND: Record<NativeEventName | "hook_result", FailureKind> = {
  tool_call: "block",
  tool_result: "patch",
  turn_end: "report",
  agent_end: "report",
  agent_settled: "report",
  session_before_switch: "cancel",
  session_before_fork: "cancel",
  hook_result: "report",
};

/** Events whose hooks are skipped entirely when the signal is already aborted. */
export const SKIP_IF_ABORTED: ReadonlySet<string> = new Set(["turn_end", "agent_end"]);

/** HooKit's bounded candidate: exactly the keys of §4.2, in that order. */
export function hookitCandidate(event: NormalizedEvent): Record<string, unknown> {
  switch (event.event) {
    case "tool_call":
    case "tool_result":
      return { ...event.input, toolName: event.toolName };
    case "turn_end":
      return { event: "turn_end", turnIndex: event.turnIndex };
    case "agent_end":
    case "agent_settled":
      return { event: event.event };
    case "session_before_switch":
      return event.targetSessionFile === undefined
        ? { event: event.event, reason: event.reason }
        : { event: event.event, reason: event.reason, targetSessionFile: event.targetSessionFile };
    case "session_before_fork":
      return { event: event.event, entryId: event.entryId, position: event.position };
  }
}

/**
 * The filter candidate: HooKit's, plus hookit's trusted keys `agent` and
 * `nativeToolName`, which (like `toolName`) win over tool input keys.
 */
export function filterCandidate(event: NormalizedEvent, base: Record<string, unknown>): Record<string, unknown> {
  if (event.agent === undefined && !("nativeToolName" in event && event.nativeToolName !== undefined)) return base;
  const out = { ...base };
  if (event.agent !== undefined) out.agent = event.agent;
  if ("nativeToolName" in event && event.nativeToolName !== undefined) out.nativeToolName = event.nativeToolName;
  return out;
}

function textOf(content: readonly ContentBlock[]): string {
  return content
    .filter((block) => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text)
    .join("\n");
}

/** Event variables shared by every shell of one evaluation. */
export function eventEnv(event: NormalizedEvent, candidate: Record<string, unknown>): Record<string, string> {
  const env: Record<string, string> = {};
  putEnv(env, "HOOKIT_AGENT", event.agent);
  if (event.event === "tool_call" || event.event === "tool_result") {
    env.PI_TOOL_NAME = event.toolName; // HooKit sets it even when empty
    env.PI_TOOL_CALL_ID = event.toolCallId;
    env.PI_TOOL_INPUT = JSON.stringify(event.input);
    if (event.event === "tool_result") {
      env.PI_TOOL_RESULT = textOf(event.content);
      env.PI_TOOL_IS_ERROR = event.isError ? "true" : "false";
    }
    putEnv(env, "HOOKIT_NATIVE_TOOL_NAME", event.nativeToolName);
    if (event.nativeToolInput !== undefined) env.HOOKIT_NATIVE_TOOL_INPUT = JSON.stringify(event.nativeToolInput);
  } else {
    env.PI_EVENT_PAYLOAD = JSON.stringify(candidate);
  }
  return env;
}

/** The aggregate outcome of ordinary failures (the event's `adapter.outcome`). */
export function failureOutcome(event: NormalizedEvent, failures: Failure[]): NativeEventOutcome {
  switch (event.event) {
    case "tool_call": {
      const reason = toolCallReason(failures, event.toolName);
      // Any hook that blocks outright wins over the asking ones; a `when` that could not run never asks.
      const ask = failures.every((f) => f.hook.ask === true && f.code !== null);
      return ask ? { event: "tool_call", outcome: "block", reason, ask: true } : { event: "tool_call", outcome: "block", reason };
    }
    case "tool_result":
      // Redacting hooks (hookit's `redact`) keep what is not a secret; any other failure suppresses the result.
      return redactedOutcome(event, failures) ?? patchOutcome(event.details, toolResultReason(failures, event.toolName));
    case "session_before_switch":
      return { event: event.event, outcome: "cancel", reason: cancelReason("switch", failures) };
    case "session_before_fork":
      return { event: event.event, outcome: "cancel", reason: cancelReason("fork", failures) };
    default:
      return { event: event.event, outcome: "report" };
  }
}

/** The outcome when only unexpected errors happened: fail closed. */
export function internalErrorOutcome(event: NormalizedEvent, detail: string): NativeEventOutcome {
  switch (event.event) {
    case "tool_call":
      return { event: "tool_call", outcome: "block", reason: INTERNAL.tool_call(detail) };
    case "tool_result":
      return patchOutcome(event.details, INTERNAL.tool_result(detail));
    case "session_before_switch":
    case "session_before_fork":
      return { event: event.event, outcome: "cancel", reason: INTERNAL[event.event](detail) };
    default:
      return { event: event.event, outcome: "report" };
  }
}

function patchOutcome(details: unknown, reason: string): NativeEventOutcome {
  const patch: { content: ContentBlock[]; details?: unknown; isError: true } = {
    content: [{ type: "text", text: patchText(reason) }],
    isError: true,
  };
  if (details !== undefined) patch.details = details;
  return { event: "tool_result", outcome: "patch", reason, patch };
}
