// What hookit's events become in this agent, for doctor's gap notices and the agent's docs page
// (scripts/gen-docs.mjs), through src/agents/capabilities.ts: never bundled into the hook, which
// reads none of it.
import type { CapabilityRow } from "../../contract/types.ts";
import { type CapabilityRows, withEvidence } from "../shared/evidence.ts";
import { HOOK_RESULT_INSIDE_HOOKIT, messagesRow } from "../shared/capability-rows.ts";

const EVIDENCE = "documented, not verified on the real CLI";

const rows: CapabilityRows = [
  {
    feature: "tool_call",
    native: "PreToolUse",
    support: "native",
    notes:
      'JSON `{"decision":"deny","reason":R}`: a hard block; R is "shown to the agent or user" (one field for both). A pass answers `{"decision":"allow"}`, which the docs describe as approving the call; agy was reported to keep its own permission prompt anyway.',
  },
  {
    feature: "tool_result",
    native: "",
    support: "impossible",
    notes:
      "PostToolUse receives only the step index and an error string, not the tool or its output, and its answer is `{}`: a result can be neither read nor replaced.",
  },
  {
    feature: "turn_end",
    native: "PostInvocation",
    support: "approximate",
    notes:
      "Fires after the tool calls of one model invocation finish; `turnIndex` is the payload's 0-based `invocationNum`. The docs do not say whether it fires after an invocation without tool calls.",
  },
  {
    feature: "agent_end",
    native: "Stop",
    support: "native",
    notes:
      'JSON `{"decision":"continue","reason":C}`: the loop re-enters and C is injected as a system message. A Stop caused by an error is not evaluated. hookit caps the continuations itself.',
  },
  {
    feature: "agent_settled",
    native: "Stop",
    support: "approximate",
    notes:
      "Synthesized by hookit when it lets Stop through; `fullyIdle: false` (background tasks still running) is not taken into account.",
  },
  { feature: "session_before_switch", native: "", support: "impossible", notes: "No hook runs around sessions." },
  { feature: "session_before_fork", native: "", support: "impossible", notes: "No hook runs around sessions." },
  HOOK_RESULT_INSIDE_HOOKIT,
  messagesRow(
    "PreToolUse, Stop",
    "approximate",
    "A block's message follows its reason. No context field is documented: a pass or tool-result message reaches only the user (stderr). Stop: it joins the continuation.",
  ),
  {
    feature: "ask",
    native: "PreToolUse",
    support: "approximate",
    notes:
      'agy documents "ask"/"force_ask", but agy could not be run here to see what an ask does headless, so an ask is the deny with the reason, the asking hook\'s message and hookit\'s note to ask the user.',
  },
  {
    feature: "actions",
    native: "PostInvocation, Stop",
    support: "approximate",
    notes:
      '`interrupt`/`shutdown` at PostInvocation answer `{"terminationBehavior":"terminate"}`, which ends the execution loop; at Stop they drop the continuation; at PreToolUse they are ignored. `compact` and `emit-custom-event` cannot be delivered; `message`: see messages.',
  },
  {
    feature: "user notices",
    native: "",
    support: "impossible",
    notes: "No user-only field: notices go to stderr with exit 0; the docs do not say what agy does with a hook's stderr.",
  },
];

export const CAPABILITIES: CapabilityRow[] = withEvidence(rows, undefined, EVIDENCE);
