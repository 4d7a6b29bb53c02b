import { describe, isRecord, type Payload, nonEmptyReason } from "../shared/payload.ts";
import { normalizeAntigravityCalls } from "./tools.ts";
import { withUndelivered } from "../shared/messages.ts";
import { PayloadError, type Decision, type Invocation, type InvocationKind, type Reply } from "../../contract/types.ts";
import { defineAdapter, type CapabilityRows } from "../shared/define.ts";
import { firstOf, type Opened, type PayloadShape } from "../shared/opening.ts";

const ADAPTER_ID = "antigravity";
const EVIDENCE = "documented, not verified on the real CLI";

/** The five documented events. PostToolUse carries no tool name or output, so nothing to evaluate. */
const KINDS: Record<string, InvocationKind> = {
  PreToolUse: "tool_call",
  PostToolUse: "lifecycle",
  PreInvocation: "lifecycle",
  PostInvocation: "turn_end",
  Stop: "stop",
};

const CAPABILITIES: CapabilityRows = [
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
  { feature: "hook_result", native: "", support: "native", notes: "Evaluated inside hookit after each hook; no harness event involved." },
  {
    feature: "messages",
    native: "PreToolUse, Stop",
    support: "approximate",
    notes:
      "A block's message follows its reason. No context field is documented: a pass or tool-result message reaches only the user (stderr). Stop: it joins the continuation. steer, followUp and nextTurn all mean the same here: with the next model request (at a stop only steer/followUp start the extra turn).",
  },
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

/** agy sends no cwd: the first mounted workspace is the project. An empty conversation id is none. */
const PAYLOAD: PayloadShape = {
  name: "Antigravity",
  eventFirst: true,
  fields: {
    sessionId: [(payload) => (payload.conversationId === "" ? undefined : payload.conversationId)],
    cwd: [firstOf("workspacePaths")],
    sessionFile: ["transcriptPath"],
  },
};

export default defineAdapter({
  id: ADAPTER_ID,
  title: "Antigravity CLI",
  verifiedWith: "hooks documentation (antigravity.google/docs/hooks); not run",
  evidence: EVIDENCE,
  timeoutUnit: "s",
  // PreToolUse takes `{matcher, hooks:[…]}` groups ("*" matches every tool); PostInvocation and
  // Stop take their handlers directly. PostToolUse is not registered: it says nothing to evaluate.
  registrations: [
    { native: "PreToolUse", kind: "tool_call", matcher: "*" },
    { native: "PostInvocation", kind: "turn_end" },
    { native: "Stop", kind: "stop" },
  ],
  capabilities: CAPABILITIES,
  kinds: KINDS,
  payload: PAYLOAD,
  read,
  respond,
});

function read({ invocation, payload, where }: Opened): Invocation {
  const { kind } = invocation;
  if (kind === "tool_call") {
    const call = payload.toolCall;
    if (!isRecord(call) || typeof call.name !== "string" || call.name === "") {
      throw new PayloadError(`${where}: "toolCall" must be an object with a non-empty "name", got ${describe(call)}`);
    }
    const args = call.args ?? {};
    if (!isRecord(args)) throw new PayloadError(`${where}: "toolCall.args" of ${call.name} must be a JSON object, got ${describe(args)}`);
    // The payload has no tool-call id.
    const origin = { toolCallId: "", agent: ADAPTER_ID, nativeToolName: call.name, nativeToolInput: args };
    invocation.events = normalizeAntigravityCalls(call.name, args, where, invocation.cwd).map((tool) => ({
      event: "tool_call",
      ...tool,
      ...origin,
    }));
  }
  if (kind === "turn_end") {
    const index = payload.invocationNum;
    const turnIndex = typeof index === "number" && Number.isInteger(index) && index >= 0 ? index : 0;
    invocation.events = [{ event: "turn_end", turnIndex, agent: ADAPTER_ID }];
  }
  if (kind === "stop") {
    // Kimi and Claude report an errored stop in a separate event; here it is the same event.
    if (failedStop(payload)) return { ...invocation, kind: "lifecycle" };
    invocation.events = [{ event: "agent_end", agent: ADAPTER_ID }];
  }
  return invocation;
}

function respond(invocation: Invocation, decision: Decision): Reply {
  const out: Record<string, unknown> = {};
  if (invocation.kind === "tool_call") {
    out.decision = decision.block === undefined ? "allow" : "deny";
    if (decision.block !== undefined) out.reason = nonEmptyReason(decision.block);
  }
  // Stopping wins over a continuation: an interrupt/shutdown Action asked for the agent to stop.
  if (invocation.kind === "stop" && decision.continueWith !== undefined && decision.stopAgent === undefined) {
    out.decision = "continue";
    out.reason = nonEmptyReason(decision.continueWith);
  }
  if (invocation.kind === "turn_end" && decision.stopAgent !== undefined) out.terminationBehavior = "terminate";
  // No additional-context field is documented; the reason (which carries a block's messages) is the one model channel.
  // hookit's ask is the deny: agy's "ask" could not be run here to see what it does headless.
  const lines = withUndelivered(invocation, decision, false).map((notice) => notice.message);
  if (decision.stopAgent !== undefined && invocation.kind === "tool_call") {
    lines.push(`${decision.stopAgent} (Antigravity cannot stop the agent from PreToolUse)`);
  }
  return { stdout: `${JSON.stringify(out)}\n`, stderr: lines.map((line) => `${line}\n`).join(""), exitCode: 0 };
}

// --- internal ---

function failedStop(payload: Payload): boolean {
  const error = payload.error;
  return (typeof error === "string" && error.trim() !== "") || payload.terminationReason === "error";
}

/** agy shows an empty reason as a bare "denied with reason:"; hookit always gives one. */
