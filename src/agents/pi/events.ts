// Pi event objects → hookit's normalized events, and the frozen Native Event
// Outcome → what the Pi handler returns. Pi's vocabulary *is* hookit's, so the
// translation is mostly a checked copy (pi-extension-api.md §2).
import { INTERNAL, errorDetail, patchText } from "../../engine/texts.ts";
import type { ContentBlock, HookEvaluationOutcome, NativeEventName, NativeEventOutcome, NormalizedEvent } from "../../engine/types.ts";
import type { PiCancelResult, PiContext, PiEvent, PiToolCallResult, PiToolResultPatch } from "./pi-types.ts";
import { HookitError } from "../../base/errors.ts";

const AGENT_ID = "pi";

/** A Pi event object hookit cannot read. The message names the field. */
export class PiPayloadError extends HookitError {
  override name = "PiPayloadError";
  constructor(message: string) {
    super("E_PAYLOAD", message);
  }
}

/**
 * A private copy, so a later in-place change by Pi or another extension (Pi's
 * `tool_call.input` is mutable) cannot make the filter and the shells disagree,
 * and freezing the outcome can never freeze Pi's own objects.
 */
function snapshot<T>(value: T): T | undefined {
  try {
    return structuredClone(value);
  } catch {
    return undefined;
  }
}

function readSafely<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

function requireString(payload: PiEvent, key: string): string {
  const value = payload[key];
  if (typeof value !== "string") throw new PiPayloadError(`Pi ${String(payload.type)} event has no string "${key}"`);
  return value;
}

function requireRecord(payload: PiEvent, key: string): Record<string, unknown> {
  const value = payload[key];
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new PiPayloadError(`Pi ${String(payload.type)} event has no object "${key}"`);
  }
  return snapshot(value as Record<string, unknown>) ?? {};
}

function oneOf<T extends string>(payload: PiEvent, key: string, allowed: readonly T[]): T {
  const value = payload[key];
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  throw new PiPayloadError(`Pi ${String(payload.type)} event has no "${key}" of ${allowed.join("|")}`);
}

/** Throws `PiPayloadError` when a field hookit needs is missing or mistyped. */
export function toEvent(name: NativeEventName, payload: PiEvent): NormalizedEvent {
  const agent = AGENT_ID;
  switch (name) {
    case "tool_call": {
      const toolName = requireString(payload, "toolName");
      const input = requireRecord(payload, "input");
      // Pi's tool names are hookit's vocabulary, so the native name equals the normalized one.
      return {
        event: name,
        agent,
        toolName,
        toolCallId: requireString(payload, "toolCallId"),
        input,
        nativeToolName: toolName,
        nativeToolInput: input,
      };
    }
    case "tool_result": {
      const toolName = requireString(payload, "toolName");
      const input = requireRecord(payload, "input");
      if (!Array.isArray(payload.content)) throw new PiPayloadError(`Pi tool_result event has no "content" array`);
      const event: NormalizedEvent = {
        event: name,
        agent,
        toolName,
        toolCallId: requireString(payload, "toolCallId"),
        input,
        content: (snapshot(payload.content) ?? []) as ContentBlock[],
        isError: payload.isError === true,
        nativeToolName: toolName,
        nativeToolInput: input,
      };
      const details = snapshot(payload.details);
      if (details !== undefined) event.details = details;
      return event;
    }
    case "turn_end": {
      const turnIndex = payload.turnIndex;
      if (typeof turnIndex !== "number") throw new PiPayloadError(`Pi turn_end event has no number "turnIndex"`);
      return { event: name, agent, turnIndex };
    }
    case "agent_end":
    case "agent_settled":
      // HooKit consumes nothing from these payloads (messages, aborted).
      return { event: name, agent };
    case "session_before_switch": {
      const event: NormalizedEvent = { event: name, agent, reason: oneOf(payload, "reason", ["new", "resume"] as const) };
      if (typeof payload.targetSessionFile === "string") event.targetSessionFile = payload.targetSessionFile;
      return event;
    }
    case "session_before_fork":
      return {
        event: name,
        agent,
        entryId: requireString(payload, "entryId"),
        position: oneOf(payload, "position", ["before", "at"] as const),
      };
  }
}

/** Event context of an execution report segment (hookit-semantics §7.3). */
export function reportContext(name: NativeEventName, payload: PiEvent): Record<string, unknown> {
  switch (name) {
    case "tool_call":
    case "tool_result":
      return { event: name, toolName: payload.toolName, toolCallId: payload.toolCallId };
    case "turn_end":
      return { event: name, turnIndex: payload.turnIndex };
    case "session_before_switch":
      return { event: name, reason: payload.reason };
    case "session_before_fork":
      return { event: name, position: payload.position };
    default:
      return { event: name };
  }
}

/**
 * The guard answers Pi expects; anything else (pass, report) answers with nothing.
 * An asking block (hookit's `ask` extension) asks the user through Pi's confirm
 * dialog when Pi has a UI; without one (print, JSON mode) it is the block.
 */
export function controlResult(
  outcome: NativeEventOutcome,
  payload: PiEvent,
  ctx?: PiContext,
  evaluation?: HookEvaluationOutcome,
): PiToolCallResult | PiToolResultPatch | PiCancelResult | Promise<PiToolCallResult> {
  switch (outcome.outcome) {
    case "block":
      if (outcome.ask === true && ctx?.hasUI === true && typeof ctx.ui.confirm === "function") {
        return confirmCall(ctx, String(payload.toolName), outcome.reason, askMessages(evaluation));
      }
      return { block: true, reason: outcome.reason };
    case "patch":
      // Pi's own `details` object goes back unchanged, as HooKit does; replacing
      // `content` without `structuredContent` makes Pi drop the original one too.
      return { content: outcome.patch.content.map((block) => ({ ...block })), details: payload.details, isError: true };
    case "cancel":
      return { cancel: true };
    default:
      return undefined;
  }
}

/**
 * The owned messages selected on the block: when the outcome asks, every failing
 * hook is an asking one, so these are what the user is shown.
 */
function askMessages(evaluation: HookEvaluationOutcome | undefined): string[] {
  const rows = evaluation?.evaluationReport?.rows ?? [];
  const onBlock = new Set(
    rows.flatMap((r) => (r.type === "action" && r.actionType === "message" && r.outcome === "block" ? [r.hookRef] : [])),
  );
  return (evaluation?.effects ?? []).flatMap((e) =>
    e.type === "request-action" && e.action.type === "message" && onBlock.has(e.hookRef) ? [String(e.action.message)] : [],
  );
}

/** Yes runs the tool; no, a closed dialog or a broken UI keep the block. */
async function confirmCall(ctx: PiContext, toolName: string, reason: string, messages: string[]): Promise<PiToolCallResult> {
  try {
    const prompt = messages.length > 0 ? messages.join("\n\n") : reason;
    if ((await ctx.ui.confirm?.(`hookit: allow ${toolName}?`, prompt)) === true) return undefined;
  } catch {
    // A dialog that fails is a "no": an ask never lets a call run unconfirmed.
  }
  return { block: true, reason: `${reason}\n\nhookit: the user did not allow this call.` };
}

/**
 * The fail-closed answer when hookit itself broke on a guard event (Pi lets a
 * throwing `tool_result` or `session_before_*` handler through, §2.2, §2.5).
 * Also returns the text to show the user.
 */
export function internalFailure(
  name: NativeEventName,
  payload: PiEvent,
  error: unknown,
): { message: string; result: PiToolCallResult | PiToolResultPatch | PiCancelResult } {
  const detail = errorDetail(error);
  switch (name) {
    case "tool_call": {
      const reason = INTERNAL.tool_call(detail);
      return { message: reason, result: { block: true, reason } };
    }
    case "tool_result": {
      const reason = INTERNAL.tool_result(detail);
      const details = readSafely(() => payload.details);
      return { message: reason, result: { content: [{ type: "text", text: patchText(reason) }], details, isError: true } };
    }
    case "session_before_switch":
    case "session_before_fork":
      return { message: INTERNAL[name](detail), result: { cancel: true } };
    default:
      return { message: INTERNAL.report(name, detail), result: undefined };
  }
}
