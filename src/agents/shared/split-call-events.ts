// The tool events of the agents whose payloads carry no tool-call id and whose normalizer turns one
// native call into every call it stands for (Gemini CLI's read_many_files, Copilot CLI's grep over
// several paths). Written once so the two cannot drift apart on what is refused before a tool runs.
import { PayloadError } from "../../contract/types.ts";
import type { ToolCallEvent, ToolResultEvent } from "../../engine/types.ts";
import { mappedOrRefused, type NormalizedTool, type ToolClass } from "./tool-classes.ts";

/** An agent's tools: its tool table and the normalizer that splits one native call into calls. */
export interface SplitCalls {
  agent: string;
  table: readonly ToolClass[];
  split(name: string, input: Record<string, unknown>): NormalizedTool[];
}

/**
 * A tool_call becomes one event per call, and a file or shell tool hookit cannot map is refused
 * (PayloadError) rather than passed. A tool_result is one event: the single call the native one
 * became, else its native name and input; `result` reads the payload's result only then.
 */
export function splitCallEvents(
  tools: SplitCalls,
  kind: "tool_call" | "tool_result",
  name: string,
  input: Record<string, unknown>,
  where: string,
  result: () => { text: string; isError: boolean },
): ToolCallEvent[] | ToolResultEvent[] {
  const origin = { toolCallId: "", agent: tools.agent, nativeToolName: name, nativeToolInput: input };
  const calls = tools.split(name, input);
  if (kind === "tool_call") {
    const refused = (message: string) => new PayloadError(message);
    return mappedOrRefused(tools.table, name, calls, where, refused).map((call) => ({ event: "tool_call", ...call, ...origin }));
  }
  const tool = { ...(calls.length === 1 && calls[0] ? calls[0] : { toolName: name, input }), ...origin };
  const { text, isError } = result();
  return [{ event: "tool_result", ...tool, content: [{ type: "text", text }], isError }];
}
