// What hookit's events become in this agent, for doctor's gap notices and the agent's docs page
// (scripts/gen-docs.mjs), through src/agents/capabilities.ts: never bundled into the hook, which
// reads none of it.
import type { CapabilityRow } from "../../contract/types.ts";
import { type CapabilityRows, withEvidence } from "../shared/evidence.ts";
import { FORK_SEEN_AFTERWARDS, HOOK_RESULT_INSIDE_HOOKIT, messagesRow, SETTLED_WHEN_STOP_PASSES } from "../shared/capability-rows.ts";
import facts from "./facts.ts";

const rows: CapabilityRows = [
  {
    feature: "tool_call",
    native: "PreToolUse",
    support: "native",
    notes:
      'JSON deny; the model gets an error tool_result "PreToolUse:<tool> hook error: <reason>" (2.1.197: exactly the reason). Exit 2 is never used because it shows the hook command line to the model.',
  },
  {
    feature: "tool_result",
    native: "PostToolUse, PostToolUseFailure",
    support: "approximate",
    notes:
      "Bash: updatedToolOutput replaces the output, so the model reads only the patch text. Other tools: the original result stays and the patch text follows it as a system message that also quotes the hook command (2.1.197: a system-reminder). Failed tools (PostToolUseFailure) keep their error; the patch text is only added.",
  },
  {
    feature: "turn_end",
    native: "PostToolBatch",
    support: "approximate",
    notes:
      "Fires once after each batch of tool calls, so only turns that used tools are seen; the final text-only turn ends in Stop. turnIndex is always 0. Needs a Claude Code release that has PostToolBatch.",
  },
  {
    feature: "agent_end",
    native: "Stop",
    support: "native",
    notes:
      'decision:block continues the agent; the model gets a user message, a system-reminder that ends "Stop hook feedback:\\n<message>" (2.1.197: that text alone), and a system message quoting the hook command. Claude itself gives up after 8 blocks in a row.',
  },
  SETTLED_WHEN_STOP_PASSES,
  {
    feature: "session_before_switch",
    native: "",
    support: "impossible",
    notes: "No hook runs before /clear or /resume; SessionEnd and SessionStart only report it afterwards.",
  },
  FORK_SEEN_AFTERWARDS,
  HOOK_RESULT_INSIDE_HOOKIT,
  messagesRow(
    "PreToolUse, PostToolUse, PostToolUseFailure, Stop",
    "native",
    'A block\'s message follows its reason in the error tool_result the model reads. On a pass or a tool result it is hookSpecificOutput.additionalContext: a system-reminder "PreToolUse:Bash hook additional context: <message>" (PostToolUse: likewise) after the result. At Stop it joins the continuation. PostToolBatch has no channel: the user is told (systemMessage).',
  ),
  {
    feature: "ask",
    native: "PreToolUse",
    support: "native",
    notes:
      "permissionDecision \"ask\" with the asking hooks' messages (or the reason) as permissionDecisionReason: Claude's permission prompt. In -p nobody can answer: the call is denied and the model reads exactly that text.",
  },
  {
    feature: "actions",
    native: "PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, Stop",
    support: "approximate",
    notes:
      "interrupt/shutdown become continue:false with stopReason, which ends the agent's turn, not the Claude process. compact and emit-custom-event have no hook answer here; message: see messages.",
  },
  {
    feature: "user notices",
    native: "all events",
    support: "native",
    notes: "systemMessage: a warning line for the user; the model does not see it.",
  },
];

export const CAPABILITIES: CapabilityRow[] = withEvidence(rows, facts.verified.newest);
