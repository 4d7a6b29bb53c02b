// What hookit's events become in this agent, for doctor's gap notices and the agent's docs page
// (scripts/gen-docs.mjs), through src/agents/capabilities.ts: never bundled into the hook, which
// reads none of it.
import type { CapabilityRow } from "../../contract/types.ts";
import { type CapabilityRows, withEvidence } from "../shared/evidence.ts";
import { HOOK_RESULT_INSIDE_HOOKIT, messagesRow, noForkEvent } from "../shared/capability-rows.ts";
import facts from "./facts.ts";

// The rows the e2e suite does not run: captured fixtures and Kimi Code's documentation.
const EVIDENCE = `fixtures captured from ${facts.verified.newest}, and the documentation`;

const rows: CapabilityRows = [
  {
    feature: "tool_call",
    native: "PreToolUse",
    support: "native",
    notes:
      'JSON `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":R}}`, exit 0: the tool does not run and the model reads `<system>ERROR: Tool execution failed.</system>` and R on the next line (a Bash result opens with `Wall time: 0.000 seconds`). A crashing hookit blocks too (the `|| exit 2` tail; the model reads its stderr); a timeout lets the tool run (documented).',
  },
  {
    feature: "tool_result",
    native: "PostToolUse, PostToolUseFailure",
    support: "impossible",
    notes:
      "Both events are observation-only: the model reads the tool's output unchanged. hookit still runs tool_result hooks (their commands have their effects) but a patch reaches neither the model nor the user. Kimi Code cuts `tool_output` to 2000 characters (documented).",
  },
  {
    feature: "turn_end",
    native: "",
    support: "impossible",
    notes: "No event fires at the end of each model turn; Stop fires once, when the model is about to end the whole turn.",
  },
  {
    feature: "agent_end",
    native: "Stop",
    support: "native",
    notes:
      "The same JSON deny on Stop: R, verbatim, becomes the next user message and the model answers once more. Kimi Code then ends the turn without running the Stop hooks again (so it never sends `stop_hook_active: true`; kimi-cli documents a second Stop marked so).",
  },
  {
    feature: "agent_settled",
    native: "Stop",
    support: "approximate",
    notes: "Synthesized by hookit when it lets Stop through; another Stop hook may still continue the agent.",
  },
  {
    feature: "session_before_switch",
    native: "",
    support: "impossible",
    notes: "No hook runs before a session is left; SessionEnd and SessionStart only report it afterwards.",
  },
  noForkEvent("Kimi Code"),
  HOOK_RESULT_INSIDE_HOOKIT,
  messagesRow(
    "PreToolUse, Stop",
    "approximate",
    "A block's message follows its deny reason. No additional-context channel is used: a pass or tool-result message goes to stderr, which reaches neither the model nor the `-p` output. Stop: it joins the continuation.",
  ),
  {
    feature: "ask",
    native: "PreToolUse",
    support: "approximate",
    notes:
      "No ask in Kimi's hook protocol: an ask is the deny, with the reason, the asking hook's message and hookit's note to ask the user.",
  },
  {
    feature: "actions",
    native: "Stop",
    support: "approximate",
    notes:
      "No hook answer stops the agent: at Stop, `interrupt`/`shutdown` only drop hookit's continuation so the turn does end; elsewhere they are ignored. `compact` and `emit-custom-event` cannot be delivered; `message`: see messages.",
  },
  {
    feature: "user notices",
    native: "",
    support: "impossible",
    notes: "No user-visible field: notices go to stderr with exit 0, which Kimi does not show.",
  },
];

export const CAPABILITIES: CapabilityRow[] = withEvidence(rows, facts.verified.newest, EVIDENCE);
