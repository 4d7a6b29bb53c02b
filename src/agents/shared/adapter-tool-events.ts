// The events of a Claude-style tool call (Claude Code, Codex, droid): the native call, read with
// readNativeTool, normalizes into one or more parts (a patch becomes one per file), and each
// event names the native call it came from.
import type { ToolCallEvent, ToolResultEvent } from "../../engine/types.ts";
import type { NativeTool } from "./payload.ts";
import type { NormalizedTool } from "./tool-classes.ts";

/** One tool_call per part. */
export function toolCallEvents(agent: string, tool: NativeTool, parts: readonly NormalizedTool[]): ToolCallEvent[] {
  return parts.map((part) => ({
    event: "tool_call",
    toolName: part.toolName,
    toolCallId: tool.id,
    input: part.input,
    ...origin(agent, tool),
  }));
}

/** The call's one tool_result: as `single` when the call stands for one part, else with its native name and input. */
export function toolResultEvent(
  agent: string,
  tool: NativeTool,
  single: NormalizedTool | undefined,
  text: string,
  isError: boolean,
): ToolResultEvent {
  return {
    event: "tool_result",
    toolName: single?.toolName ?? tool.name,
    toolCallId: tool.id,
    input: single?.input ?? tool.input,
    content: [{ type: "text", text }],
    isError,
    ...origin(agent, tool),
  };
}

// --- internal ---

function origin(agent: string, tool: NativeTool): Pick<ToolCallEvent, "agent" | "nativeToolName" | "nativeToolInput"> {
  return { agent, nativeToolName: tool.name, nativeToolInput: tool.input };
}
