// What hookit's events become in this agent, for doctor's gap notices and the agent's docs page
// (scripts/gen-docs.mjs), through src/agents/capabilities.ts: never bundled into the hook, which
// reads none of it.
import type { CapabilityRow } from "../../contract/types.ts";
import { type CapabilityRows, withEvidence } from "../shared/evidence.ts";
import { hookResultInProcess, messagesRow, noForkEvent } from "../shared/capability-rows.ts";
import facts from "./facts.ts";

const rows: CapabilityRows = [
  {
    feature: "tool_call",
    native: "preToolUse",
    support: "native",
    notes:
      'JSON `{"permissionDecision":"deny","permissionDecisionReason":R}`, exit 0: the model gets the tool message `Denied by preToolUse hook: R`. (Exit 2 would hide R.)',
  },
  {
    feature: "tool_result",
    native: "postToolUse",
    support: "native",
    notes:
      'JSON `{"modifiedResult":{"resultType":"success","textResultForLlm":T}}`: the tool message becomes exactly T. Failed calls (postToolUseFailure) are not evaluated.',
  },
  {
    feature: "turn_end",
    native: "",
    support: "impossible",
    notes: "Copilot has no per-model-turn event (only postToolUse per tool and agentStop per prompt), so turn_end hooks never run.",
  },
  {
    feature: "agent_end",
    native: "agentStop",
    support: "native",
    notes:
      'JSON `{"decision":"block","reason":C}`: the model gets a new user message `<current_datetime>…</current_datetime>\\n\\nC`. Copilot stops after 8 blocks in a row.',
  },
  {
    feature: "agent_settled",
    native: "agentStop",
    support: "approximate",
    notes: "Synthesized by hookit when it lets agentStop through; another hook may still continue the agent.",
  },
  {
    feature: "session_before_switch",
    native: "",
    support: "impossible",
    notes: "No hook runs before a resume or a new session; sessionEnd/sessionStart only report it afterwards.",
  },
  noForkEvent("Copilot CLI"),
  hookResultInProcess("Copilot"),
  messagesRow(
    "preToolUse, postToolUse, agentStop",
    "native",
    'A block\'s message follows its reason: "Denied by preToolUse hook: <reason>\\n\\n<message>". On a pass it is additionalContext: preToolUse adds a user message "Additional context from preToolUse hook:\\n<message>" after the result; postToolUse appends "Tool \\"bash\\" succeeded. Additional guidance from postToolUse hooks:\\n<message>" to it. agentStop: it joins the continuation.',
  ),
  {
    feature: "ask",
    native: "preToolUse",
    support: "native",
    notes:
      'permissionDecision "ask" with the asking hooks\' messages (or the reason): the user is asked. In -p nobody can answer: the call is denied and the model reads "Denied by preToolUse hook (unable to ask user for confirmation): <message>".',
  },
  {
    feature: "actions",
    native: "agentStop",
    support: "approximate",
    notes:
      "Command hooks have no stop-the-agent field: at agentStop, `interrupt`/`shutdown` only drop hookit's continuation so the agent does stop; elsewhere they are ignored. `compact` and `emit-custom-event` cannot be delivered; `message`: see messages.",
  },
  {
    feature: "user notices",
    native: "",
    support: "impossible",
    notes: "No user-visible field for command hooks: notices go to stderr with exit 0, which Copilot only logs.",
  },
];

export const CAPABILITIES: CapabilityRow[] = withEvidence(rows, facts.verified.newest);
