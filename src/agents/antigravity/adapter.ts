import { describe, isRecord, type Payload, nonEmptyReason } from "../shared/payload.ts";
import { normalizeAntigravityCalls } from "./tools.ts";
import { withUndelivered } from "../shared/messages.ts";
import { PayloadError, type Decision, type Invocation, type Reply } from "../../contract/types.ts";
import { defineAdapter } from "../shared/define.ts";
import { firstOf, type Opened, type PayloadShape } from "../shared/opening.ts";

const ADAPTER_ID = "antigravity";

/** The two documented events besides the registered three. PostToolUse carries no tool name or output, so nothing to evaluate. */
const LIFECYCLE_EVENTS = ["PostToolUse", "PreInvocation"];

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
  timeoutUnit: "s",
  // PreToolUse takes `{matcher, hooks:[…]}` groups ("*" matches every tool); PostInvocation and
  // Stop take their handlers directly. PostToolUse is not registered: it says nothing to evaluate.
  registrations: [
    { native: "PreToolUse", kind: "tool_call", matcher: "*" },
    { native: "PostInvocation", kind: "turn_end" },
    { native: "Stop", kind: "stop" },
  ],
  lifecycle: LIFECYCLE_EVENTS,
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
