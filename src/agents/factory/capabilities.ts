// What hookit's events become in this agent, for doctor's gap notices and the agent's docs page
// (scripts/gen-docs.mjs), through src/agents/capabilities.ts: never bundled into the hook, which
// reads none of it.
import type { CapabilityRow } from "../../contract/types.ts";
import { type CapabilityRows, withEvidence } from "../shared/evidence.ts";
import { HOOK_RESULT_INSIDE_HOOKIT, messagesRow, SETTLED_WHEN_STOP_PASSES } from "../shared/capability-rows.ts";
import facts from "./facts.ts";

const rows: CapabilityRows = [
  {
    feature: "tool_call",
    native: "PreToolUse",
    support: "native",
    notes:
      'JSON deny backed by exit 2: the model gets the tool message "Error: <reason>". droid obeys the first permissionDecision among its PreToolUse hooks, so a hook listed earlier that answers allow would beat a JSON deny alone; exit 2 still denies (the model then reads the reason from stderr, with a trailing newline).',
  },
  {
    feature: "tool_result",
    native: "PostToolUse",
    support: "approximate",
    notes:
      "droid cannot replace a tool result: the model keeps the original output and gets the patch text as a user message right after it (additionalContext). Only calls that succeeded fire PostToolUse, so a failed command or edit never reaches tool_result hooks. When several PostToolUse hooks answer additionalContext, only the first one listed reaches the model.",
  },
  {
    feature: "turn_end",
    native: "",
    support: "impossible",
    notes: "droid has no hook at the end of a model turn: PostToolUse fires per tool call and Stop once per prompt.",
  },
  {
    feature: "agent_end",
    native: "Stop",
    support: "native",
    notes:
      "decision:block continues the agent; the model gets a user message that is exactly the message, and the next Stop has stop_hook_active:true. droid has no loop cap of its own; hookit caps it.",
  },
  SETTLED_WHEN_STOP_PASSES,
  {
    feature: "session_before_switch",
    native: "",
    support: "impossible",
    notes: "No hook runs before a new or resumed session; SessionEnd and SessionStart only report it afterwards.",
  },
  { feature: "session_before_fork", native: "", support: "impossible", notes: "droid has no hook before a session fork." },
  HOOK_RESULT_INSIDE_HOOKIT,
  messagesRow(
    "PreToolUse, PostToolUse, Stop",
    "approximate",
    'A block\'s message follows its reason: "Error: <reason>\\n\\n<message>". After a tool (PostToolUse) it is hookSpecificOutput.additionalContext, a message after the result. PreToolUse drops additionalContext, so a pass message on a tool call reaches only the user (systemMessage). Stop: it joins the continuation.',
  ),
  {
    feature: "ask",
    native: "PreToolUse",
    support: "approximate",
    notes:
      "droid exec --auto ignores permissionDecision \"ask\" and runs the tool, so an ask is the deny (exit 2): the model reads the reason, the asking hook's message and hookit's note to ask the user.",
  },
  {
    feature: "actions",
    native: "PreToolUse, PostToolUse, Stop",
    support: "approximate",
    notes:
      "interrupt/shutdown become continue:false with stopReason: droid stops the agent before the tool runs (PreToolUse), after it ran (PostToolUse) or at Stop. compact and emit-custom-event have no hook answer here; message: see messages.",
  },
  {
    feature: "user notices",
    native: "PostToolUse, Stop",
    support: "approximate",
    notes:
      "systemMessage, which the model never sees. droid 0.225.2's code shows it as a warning in the interactive view after PostToolUse and Stop, only logs it on PreToolUse, and droid exec prints none. Lifecycle events get them on stderr: droid would give their stdout to the model.",
  },
];

export const CAPABILITIES: CapabilityRow[] = withEvidence(rows, facts.verified.newest);
