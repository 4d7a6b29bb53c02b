// What hookit's events become in this agent, for doctor's gap notices and the agent's docs page
// (scripts/gen-docs.mjs), through src/agents/capabilities.ts: never bundled into the hook, which
// reads none of it.
import type { CapabilityRow } from "../../contract/types.ts";
import { type CapabilityRows, withEvidence } from "../shared/evidence.ts";
import { hookResultInProcess, messagesRow, noForkEvent } from "../shared/capability-rows.ts";

const rows: CapabilityRows = [
  {
    feature: "tool_call",
    native: "beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse",
    support: "native",
    notes:
      'JSON `{"permission":"deny","agent_message":R,"user_message":R}` (beforeReadFile: `permission` + `user_message` only). The exact text the model reads is not captured yet.',
  },
  {
    feature: "tool_result",
    // Only where a result can be answered: postToolUseFailure is read too (a tool_result hook sees the failure).
    native: "postToolUse",
    support: "approximate",
    notes:
      "MCP tools: `updated_mcp_tool_output` replaces the result. Built-in tools (Shell, Write, …) cannot be replaced: hookit appends `additional_context` saying the result above is rejected, but the model still sees it. A failed call (postToolUseFailure) reaches tool_result hooks too, but nothing can be added to it.",
  },
  {
    feature: "turn_end",
    native: "afterAgentResponse",
    support: "approximate",
    notes: "Fires per assistant message; Cursor sends no turn counter, so `turnIndex` is always 0.",
  },
  {
    feature: "agent_end",
    native: "stop",
    support: "native",
    notes: 'JSON `{"followup_message":C}`: Cursor submits C as the next user message, at most `loop_limit` times (5 by default).',
  },
  {
    feature: "agent_settled",
    native: "stop",
    support: "approximate",
    notes: "Synthesized by hookit when it lets `stop` through; another hook may still send a follow-up.",
  },
  {
    feature: "session_before_switch",
    native: "",
    support: "impossible",
    notes: "No hook runs before a new or resumed chat; sessionEnd/sessionStart only report it afterwards.",
  },
  noForkEvent("Cursor"),
  hookResultInProcess("Cursor"),
  messagesRow(
    "beforeShellExecution, beforeMCPExecution, preToolUse, postToolUse, stop",
    "approximate",
    "A block's message follows its reason in agent_message (beforeReadFile: user_message only). After a tool, postToolUse additional_context carries it. The pre-tool events have no context field, so a pass message on a tool call reaches only the user. stop: it joins the follow-up message. No live Cursor run here: from the documentation.",
  ),
  {
    feature: "ask",
    native: "beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse",
    support: "approximate",
    notes:
      "Sent as the deny: preToolUse accepts \"ask\" without enforcing it, and no live Cursor run here could show what beforeShellExecution's ask does headless. The model reads the reason, the asking hook's message and hookit's note to ask the user.",
  },
  {
    feature: "actions",
    native: "stop",
    support: "approximate",
    notes:
      "No event has a stop-the-agent field: at `stop`, `interrupt`/`shutdown` only drop hookit's follow-up so the agent does stop; elsewhere they are ignored. `compact` and `emit-custom-event` cannot be delivered; `message`: see messages.",
  },
  {
    feature: "user notices",
    native: "beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse",
    support: "approximate",
    notes:
      "Only a denial has a user field (`user_message`, after the reason). Otherwise notices go to stderr with exit 0, which Cursor only logs.",
  },
];

export const CAPABILITIES: CapabilityRow[] = withEvidence(rows, undefined, "fixtures (docs examples; no Cursor CLI runs here)");
