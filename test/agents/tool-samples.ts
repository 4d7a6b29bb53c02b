// What one native tool call of each agent becomes after hookit's parse(): the normalized calls
// (tool name and input) a policy is evaluated against. Payloads are shaped like the captured
// pre-tool fixtures of each agent (test/fixtures/<agent>/).
import antigravity from "../../src/agents/antigravity/adapter.ts";
import claude from "../../src/agents/claude/adapter.ts";
import codex from "../../src/agents/codex/adapter.ts";
import copilot from "../../src/agents/copilot/adapter.ts";
import cursor from "../../src/agents/cursor/adapter.ts";
import factory from "../../src/agents/factory/adapter.ts";
import gemini from "../../src/agents/gemini/adapter.ts";
import kimi from "../../src/agents/kimi/adapter.ts";
import { toolParts } from "../../src/agents/opencode/tools.ts";
import type { Adapter } from "../../src/contract/types.ts";

export interface SeenCall {
  toolName: string;
  input: Record<string, unknown>;
}

type Input = Record<string, unknown>;

function viaAdapter(adapter: Adapter, event: string, payload: Input): SeenCall[] {
  return adapter.parse(event, payload).events.map((e) => {
    if (e.event !== "tool_call") throw new Error(`expected tool_call events, got ${e.event}`);
    return { toolName: e.toolName, input: e.input };
  });
}

const claudeStyle = (adapter: Adapter) => (name: string, input: Input) =>
  viaAdapter(adapter, "PreToolUse", {
    session_id: "s",
    cwd: "/p",
    hook_event_name: "PreToolUse",
    tool_name: name,
    tool_input: input,
    tool_use_id: "t",
  });

/** The normalized calls of one pre-tool call of `name` with `input`, per agent. */
export const PRE_TOOL: Record<string, (name: string, input: Input) => SeenCall[]> = {
  claude: claudeStyle(claude),
  codex: claudeStyle(codex),
  factory: claudeStyle(factory),
  kimi: claudeStyle(kimi),
  gemini: (name, input) =>
    viaAdapter(gemini, "BeforeTool", { session_id: "s", cwd: "/p", hook_event_name: "BeforeTool", tool_name: name, tool_input: input }),
  copilot: (name, input) => viaAdapter(copilot, "preToolUse", { sessionId: "s", cwd: "/p", toolName: name, toolArgs: input }),
  cursor: (name, input) =>
    viaAdapter(cursor, "preToolUse", {
      conversation_id: "c",
      workspace_roots: ["/p"],
      hook_event_name: "preToolUse",
      tool_name: name,
      tool_input: input,
      tool_use_id: "t",
    }),
  antigravity: (name, input) =>
    viaAdapter(antigravity, "PreToolUse", { toolCall: { name, args: input }, stepIdx: 1, conversationId: "c", workspacePaths: ["/p"] }),
  opencode: (name, input) => toolParts(name, input).map(({ toolName, input: normalized }) => ({ toolName, input: normalized })),
  // Pi's tools are the vocabulary: hookit sees Pi's own call.
  pi: (name, input) => [{ toolName: name, input }],
};
