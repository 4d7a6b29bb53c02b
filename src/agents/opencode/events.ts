// OpenCode hook inputs → hookit Invocations (the same shape the command-hook
// adapters produce), so the runner's `decide()` judges them exactly as it judges
// every other harness. Pure: no I/O, and OpenCode's objects are copied, never kept.
import type { NormalizedEvent, SessionMetadata } from "../../engine/types.ts";
import { describe, isRecord } from "../shared/payload.ts";
import { PayloadError, type Invocation } from "../../contract/types.ts";
import type { ToolAfterInput, ToolAfterOutput, ToolBeforeInput } from "./opencode-types.ts";
import { toolParts } from "./tools.ts";

export const AGENT_ID = "opencode";

/** OpenCode's hook names, as `HOOKIT_NATIVE_EVENT` and the decision log name them. */
const NATIVE = {
  toolCall: "tool.execute.before",
  toolResult: "tool.execute.after",
  idle: "session.idle",
  turnEnd: "message.updated",
} as const;

export function toolCallInvocation(input: ToolBeforeInput, args: unknown, metadata: SessionMetadata): Invocation {
  const { tool, callID, sessionID } = readTool(input, NATIVE.toolCall);
  const nativeInput = snapshot(args);
  const parts = toolParts(tool, nativeInput);
  const events: NormalizedEvent[] = parts.map((part) => ({
    event: "tool_call",
    agent: AGENT_ID,
    toolName: part.toolName,
    toolCallId: callID,
    input: part.input,
    nativeToolName: tool,
    nativeToolInput: nativeInput,
  }));
  const invocation: Invocation = {
    agent: AGENT_ID,
    nativeEvent: NATIVE.toolCall,
    kind: "tool_call",
    events,
    sessionId: sessionID,
    metadata,
  };
  // Several files of one apply_patch: say which of them was blocked.
  if (parts.length > 1) invocation.labels = parts.map((part) => part.label);
  return invocation;
}

export function toolResultInvocation(input: ToolAfterInput, output: ToolAfterOutput, metadata: SessionMetadata): Invocation {
  const { tool, callID, sessionID } = readTool(input, NATIVE.toolResult);
  if (typeof output.output !== "string") {
    throw new PayloadError(`OpenCode ${NATIVE.toolResult}: the ${tool} result's output must be a string, got ${describe(output.output)}`);
  }
  const nativeInput = snapshot(input.args);
  const parts = toolParts(tool, nativeInput);
  // A patch that touched one file reads as that file's write/edit; a multi-file patch stays apply_patch.
  const single = parts.length === 1 ? parts[0] : undefined;
  const event: NormalizedEvent = {
    event: "tool_result",
    agent: AGENT_ID,
    toolName: single?.toolName ?? tool,
    toolCallId: callID,
    input: single?.input ?? (nativeInput as Record<string, unknown>),
    // OpenCode calls this hook only for calls that succeeded.
    content: [{ type: "text", text: output.output }],
    isError: false,
    nativeToolName: tool,
    nativeToolInput: nativeInput,
  };
  return { agent: AGENT_ID, nativeEvent: NATIVE.toolResult, kind: "tool_result", events: [event], sessionId: sessionID, metadata };
}

/**
 * The session went idle: the agent wants to stop. After a run the user
 * aborted, HooKit runs no agent_end hook (so a stopped agent is never
 * restarted); agent_settled still follows.
 */
export function stopInvocation(sessionID: string, metadata: SessionMetadata, aborted = false): Invocation {
  return {
    agent: AGENT_ID,
    nativeEvent: NATIVE.idle,
    kind: "stop",
    events: aborted ? [] : [{ event: "agent_end", agent: AGENT_ID }],
    sessionId: sessionID,
    metadata,
  };
}

export function turnEndInvocation(sessionID: string, turnIndex: number, metadata: SessionMetadata): Invocation {
  return {
    agent: AGENT_ID,
    nativeEvent: NATIVE.turnEnd,
    kind: "turn_end",
    events: [{ event: "turn_end", agent: AGENT_ID, turnIndex }],
    sessionId: sessionID,
    metadata,
  };
}

/** `{ sessionID }` of a `session.idle` event, when it has one. */
export function idleSession(properties: unknown): string | undefined {
  return isRecord(properties) && typeof properties.sessionID === "string" ? properties.sessionID : undefined;
}

/** The assistant message a `message.updated` event reports as finished, if it does. */
export function finishedAssistantMessage(properties: unknown): { id: string; sessionID: string } | undefined {
  const info = isRecord(properties) ? properties.info : undefined;
  if (!isRecord(info) || info.role !== "assistant" || !isRecord(info.time) || typeof info.time.completed !== "number") return undefined;
  return typeof info.id === "string" && typeof info.sessionID === "string" ? { id: info.id, sessionID: info.sessionID } : undefined;
}

/**
 * The session whose run the user stopped, when a `message.updated` event says
 * so: OpenCode marks the interrupted assistant message with a
 * `MessageAbortedError` (the name its own UI checks for).
 */
export function abortedSession(properties: unknown): string | undefined {
  const info = isRecord(properties) ? properties.info : undefined;
  if (!isRecord(info) || info.role !== "assistant" || !isRecord(info.error) || info.error.name !== "MessageAbortedError") return undefined;
  return typeof info.sessionID === "string" ? info.sessionID : undefined;
}

/** The session a `session.created`/`session.updated` event describes, and whether it is a subagent's. */
export function sessionInfo(properties: unknown): { id: string; child: boolean } | undefined {
  const info = isRecord(properties) ? properties.info : undefined;
  if (!isRecord(info) || typeof info.id !== "string") return undefined;
  return { id: info.id, child: typeof info.parentID === "string" && info.parentID !== "" };
}

// --- internal ---

function readTool(input: ToolBeforeInput, hook: string): ToolBeforeInput {
  if (!isRecord(input)) throw new PayloadError(`OpenCode ${hook}: the input must be an object, got ${describe(input)}`);
  for (const key of ["tool", "callID", "sessionID"] as const) {
    if (typeof input[key] !== "string") throw new PayloadError(`OpenCode ${hook}: "${key}" must be a string, got ${describe(input[key])}`);
  }
  return input;
}

/**
 * A private copy, so a later in-place change (OpenCode's `output.args` is
 * mutable, and other plugins may edit it) cannot make the filter and the
 * shells disagree. Values that cannot be cloned are judged as they are.
 */
function snapshot<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
