// Builders for the rows of the fixture tables (_adapter-contract.ts): the invocation of one native
// tool call, of its result, of a stop and of a lifecycle event. What names the session (`head`)
// and how each agent spells its tools stay in the agent's own test file.
import type { Invocation } from "../../src/contract/types.ts";

/** The session fields of an invocation: the agent, and what its payload says of the session. */
export type Head = Omit<Invocation, "nativeEvent" | "kind" | "events">;

/** One tool as the adapter reports it: hookit's name and input beside the agent's own. */
export interface SeenTool {
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
  nativeToolName: string;
  nativeToolInput: unknown;
}

/** A result: the tool, and the text the model read of it. */
export interface SeenResult extends SeenTool {
  text: string;
  isError?: boolean;
}

export function toolCall(head: Head, nativeEvent: string, tool: SeenTool, more: Partial<Invocation> = {}): Invocation {
  return { ...head, nativeEvent, kind: "tool_call", ...more, events: [{ event: "tool_call", ...tool, agent: head.agent }] };
}

export function toolResult(head: Head, nativeEvent: string, result: SeenResult, more: Partial<Invocation> = {}): Invocation {
  const { text, isError = false, ...tool } = result;
  const event = { event: "tool_result" as const, ...tool, agent: head.agent, content: [{ type: "text", text }], isError };
  return { ...head, nativeEvent, kind: "tool_result", ...more, events: [event] };
}

/** A stop; `stopHookActive` left out where the agent's payload has no such flag. */
export function stopOf(head: Head, nativeEvent: string, stopHookActive?: boolean): Invocation {
  const flag = stopHookActive === undefined ? {} : { stopHookActive };
  return { ...head, nativeEvent, kind: "stop", ...flag, events: [{ event: "agent_end", agent: head.agent }] };
}

export function lifecycle(head: Head, nativeEvent: string): Invocation {
  return { ...head, nativeEvent, kind: "lifecycle", events: [] };
}
