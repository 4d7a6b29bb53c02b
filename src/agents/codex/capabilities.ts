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
      'JSON deny. The model reads "Command blocked by PreToolUse hook: <reason>. Command: <command>" (an apply_patch call gets the whole patch appended). Each file of an apply_patch is checked on its own; one blocked file blocks the patch.',
  },
  {
    feature: "tool_result",
    native: "PostToolUse",
    support: "native",
    notes: "decision:block replaces the tool output: the model reads only the patch text.",
  },
  {
    feature: "turn_end",
    native: "",
    support: "impossible",
    notes: "Codex has no hook at the end of a model turn: PostToolUse fires per tool and Stop once per user turn.",
  },
  {
    feature: "agent_end",
    native: "Stop",
    support: "native",
    notes:
      'decision:block continues the agent with a user message <hook_prompt hook_run_id="stop:…">message</hook_prompt>. Codex has no loop cap of its own; hookit caps it.',
  },
  SETTLED_WHEN_STOP_PASSES,
  {
    feature: "session_before_switch",
    native: "",
    support: "impossible",
    notes: "No hook runs before a resume or clear; SessionStart and SessionEnd only report it afterwards.",
  },
  FORK_SEEN_AFTERWARDS,
  HOOK_RESULT_INSIDE_HOOKIT,
  messagesRow(
    "PreToolUse, PostToolUse, Stop",
    "native",
    'A block\'s message follows its reason: "Command blocked by PreToolUse hook: <reason>\\n\\n<message>. Command: …". On a pass (PreToolUse) or a tool result (PostToolUse) it is hookSpecificOutput.additionalContext alone (Codex rejects any other extra field), which arrives as a developer message right after the tool call. At Stop it joins the continuation.',
  ),
  {
    feature: "ask",
    native: "PreToolUse",
    support: "approximate",
    notes:
      'Codex 0.171 rejects permissionDecision "ask" and runs the tool, so an ask is the deny: the model reads the reason, the asking hook\'s message and "hookit: this call needs the user\'s confirmation, which cannot be asked for here; ask the user to allow it or to run it."',
  },
  {
    feature: "actions",
    native: "PostToolUse, Stop",
    support: "approximate",
    notes:
      "interrupt/shutdown become continue:false with stopReason on PostToolUse and Stop. On PreToolUse Codex rejects those fields, so they are dropped there. compact and emit-custom-event have no hook answer here; message: see messages.",
  },
  {
    feature: "user notices",
    native: "all events",
    support: "native",
    notes: "systemMessage: a warning entry for the user; the model does not see it.",
  },
];

export const CAPABILITIES: CapabilityRow[] = withEvidence(rows, facts.verified.newest);
