import {
  PayloadError,
  type Decision,
  type HookRegistration,
  type Invocation,
  type InvocationKind,
  type Notice,
  type Reply,
} from "../../contract/types.ts";
import { isRecord } from "../../base/is-record.ts";
import { withUndelivered } from "./messages.ts";

// Every agent helper reads payloads with it.
export { isRecord };

export type Payload = Record<string, unknown>;

/** A tool call as the harness reported it, before normalization. */
export interface NativeTool {
  name: string;
  input: Record<string, unknown>;
  id: string;
}

/** Used when a decision carries an empty reason: Codex ignores a blank reason and lets the tool run. */
const FALLBACK_REASON = "Blocked by hookit policy.";

/** Names the JSON type of a value for error messages. */
export function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/** A string field that may be absent (null counts as absent: Codex sends `transcript_path: null`). */
export function optionalString(obj: Payload, key: string, where: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new PayloadError(`${where}: "${key}" must be a string, got ${describe(value)}`);
  return value;
}

function requireString(obj: Payload, key: string, where: string): string {
  const value = obj[key];
  if (typeof value !== "string") throw new PayloadError(`${where}: "${key}" must be a string, got ${describe(value)}`);
  return value;
}

export function readNativeTool(payload: Payload, where: string): NativeTool {
  const name = payload.tool_name;
  if (typeof name !== "string" || name === "") {
    throw new PayloadError(`${where}: "tool_name" must be a non-empty string, got ${describe(name)}`);
  }
  const input = payload.tool_input;
  if (!isRecord(input)) {
    throw new PayloadError(`${where}: "tool_input" of ${name} must be a JSON object, got ${describe(input)}`);
  }
  return { name, input, id: optionalString(payload, "tool_use_id", where) ?? "" };
}

/** A Claude-style Stop: the agent's end, and `stop_hook_active` when the payload states it (a non-boolean is unknown). */
export function readClaudeStyleStop(invocation: Invocation, payload: Payload): void {
  invocation.events = [{ event: "agent_end", agent: invocation.agent }];
  const active = payload.stop_hook_active;
  if (typeof active === "boolean") invocation.stopHookActive = active;
}

/**
 * The Claude-style answer to a continuation or a stop: `decision: "block"` continues a Stop,
 * `continue: false` ends the turn on any event. Stopping wins: an interrupt Action asked for it.
 */
export function claudeStyleStopAnswer(invocation: Invocation, decision: Decision): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  if (invocation.kind === "stop" && decision.continueWith !== undefined && decision.stopAgent === undefined) {
    answer.decision = "block";
    answer.reason = nonEmptyReason(decision.continueWith);
  }
  if (decision.stopAgent !== undefined) {
    answer.continue = false;
    answer.stopReason = decision.stopAgent;
  }
  return answer;
}

/** The text of a tool output: strings as they are, content blocks joined, anything else as JSON. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return "";
  if (Array.isArray(value) && value.length > 0 && value.every((b) => isRecord(b) && typeof b.text === "string")) {
    return value.map((block) => (block as { text: string }).text).join("\n");
  }
  return JSON.stringify(value);
}

/** A blank reason would read as "no reason" (Codex then lets the tool run): always give one. */
export function nonEmptyReason(reason: string, fallback = FALLBACK_REASON): string {
  return reason.trim() === "" ? fallback : reason;
}

export function joinNotices(notices: Notice[]): string | undefined {
  return notices.length === 0 ? undefined : notices.map((notice) => notice.message).join("\n");
}

/** One JSON object on stdout and exit 0, or nothing at all for "no opinion". */
export function jsonReply(output: Record<string, unknown>): Reply {
  const stdout = Object.keys(output).length === 0 ? "" : `${JSON.stringify(output)}\n`;
  return { stdout, stderr: "", exitCode: 0 };
}

/**
 * The Claude-style answer: `output` as JSON, with the decision's notices (and the message for the
 * model when this event has no channel for it) as its `systemMessage`, which the user sees.
 */
export function claudeStyleReply(output: Record<string, unknown>, invocation: Invocation, decision: Decision, delivered: boolean): Reply {
  const notices = joinNotices(withUndelivered(invocation, decision, delivered));
  if (notices !== undefined) output.systemMessage = notices;
  return jsonReply(output);
}

/** A string, or undefined for anything else (for payload fields that are optional and loosely typed). */
export function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The kind of exactly `nativeEvent` in an event table and its lifecycle list, or undefined. */
export function exactKindLookup(
  kinds: Record<string, InvocationKind>,
  lifecycle: readonly string[] = [],
): (nativeEvent: string) => InvocationKind | undefined {
  return (nativeEvent) =>
    Object.hasOwn(kinds, nativeEvent) ? kinds[nativeEvent] : lifecycle.includes(nativeEvent) ? "lifecycle" : undefined;
}

/**
 * `kindOf` from an event table, plus the lifecycle events hookit answers with a plain allow. A
 * name hookit does not know that is spelled like a pre-tool event (`pretooluse`, `PRE_TOOL_USE`,
 * `BeforeToolUse`) is a `tool_call`: parse() then refuses it (it is not the exact name), and a
 * refused pre-tool event blocks, where an unknown lifecycle event would have been allowed.
 */
export function kindLookup(
  kinds: Record<string, InvocationKind>,
  lifecycle: readonly string[] = [],
): (nativeEvent: string) => InvocationKind | undefined {
  const exact = exactKindLookup(kinds, lifecycle);
  const preTool = new Set(
    Object.keys(kinds)
      .filter((name) => kinds[name] === "tool_call")
      .map(squash),
  );
  return (nativeEvent) => exact(nativeEvent) ?? (looksPreTool(squash(nativeEvent), preTool) ? "tool_call" : undefined);
}

/**
 * The event name an answer must echo (`hookSpecificOutput.hookEventName`): the one the agent fired,
 * one hookit registered. A misspelt pre-tool event (kindOf's tool_call) reached hookit from the
 * agent's registered pre-tool event; echoing the misspelling would make Claude Code discard the
 * answer as a failed hook, and the tool would run.
 */
export function echoedEventName(registrations: readonly HookRegistration[], nativeEvent: string, kind: InvocationKind): string {
  if (registrations.some((registration) => registration.native === nativeEvent)) return nativeEvent;
  return registrations.find((registration) => registration.kind === kind)?.native ?? nativeEvent;
}

function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function looksPreTool(squashed: string, preTool: Set<string>): boolean {
  return preTool.has(squashed) || /^(pre|before)(tool|shell|mcp|readfile|command|exec)/.test(squashed);
}

/** The object a JSON string holds, or undefined (some harnesses send tool arguments as a JSON string). */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
