// A `message` Action the agent has no model channel for on this event: the
// user is told instead, so a dropped message is never silent.
import type { Decision, Invocation, Notice } from "../../contract/types.ts";

/** The decision's notices, plus one naming the message when this event has no channel for `decision.context`. */
export function withUndelivered(invocation: Invocation, decision: Decision, delivered: boolean): Notice[] {
  if (decision.context === undefined || delivered) return decision.notices;
  return [
    ...decision.notices,
    {
      message: `hookit: a message for the model cannot be delivered on ${invocation.agent} ${invocation.nativeEvent}: ${decision.context}`,
      severity: "warning",
    },
  ];
}
