// Kimi Code CLI adapter (Moonshot AI). Kimi cannot run here: the protocol is taken from its
// hooks documentation (docs/en/customization/hooks.md of MoonshotAI/kimi-code, and of the older
// Python MoonshotAI/kimi-cli) and the fixtures in test/fixtures/kimi/ are built from it.
// Kimi reads exit 2 + stderr or, on exit 0, a Claude-shaped `hookSpecificOutput` deny. hookit
// always answers with that JSON and exit 0, so stderr stays free for notices, which Kimi only logs.
// Only PreToolUse, Stop and UserPromptSubmit can block; every other event is observation-only.
import { describe, isRecord, jsonReply, nonEmptyReason, optionalString, readClaudeStyleStop, echoedEventName } from "../shared/payload.ts";
import { withUndelivered } from "../shared/messages.ts";
import type { Payload } from "../shared/payload.ts";
import { kimiResultText, normalizeKimiTool } from "./tools.ts";
import { PayloadError, type Decision, type Invocation, type InvocationKind, type Reply } from "../../contract/types.ts";
import { defineAdapter, type CapabilityRows } from "../shared/define.ts";
import { claudeStylePayload, type Opened } from "../shared/opening.ts";

const ADAPTER_ID = "kimi";
const EVIDENCE = "documented, not verified on the real CLI";

// Kimi Code's event list (hooks docs, "Event Reference") plus the Python kimi-cli's, which is
// a subset. Events that carry no hookit event are answered with "no opinion".
const KINDS: Record<string, InvocationKind> = {
  PreToolUse: "tool_call",
  PostToolUse: "tool_result",
  PostToolUseFailure: "tool_result",
  Stop: "stop",
  UserPromptSubmit: "lifecycle",
  UserPromptQueued: "lifecycle",
  TurnStarted: "lifecycle",
  PermissionRequest: "lifecycle",
  PermissionResult: "lifecycle",
  SessionStart: "lifecycle",
  SessionEnd: "lifecycle",
  SessionHeartbeat: "lifecycle",
  SubagentStart: "lifecycle",
  SubagentStop: "lifecycle",
  TaskStarted: "lifecycle",
  StopFailure: "lifecycle",
  Interrupt: "lifecycle",
  PreCompact: "lifecycle",
  PostCompact: "lifecycle",
  Notification: "lifecycle",
};

const CAPABILITIES: CapabilityRows = [
  {
    feature: "tool_call",
    native: "PreToolUse",
    support: "native",
    notes:
      'JSON `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":R}}`, exit 0: the tool does not run and Kimi writes R back into the context for the model. Kimi fails open when a hook crashes or times out.',
  },
  {
    feature: "tool_result",
    native: "PostToolUse, PostToolUseFailure",
    support: "impossible",
    notes:
      "Both events are observation-only: the result cannot be replaced or annotated. hookit still runs tool_result hooks (their commands have their effects) but a patch reaches neither the model nor the user. Kimi Code cuts `tool_output` to 2000 characters.",
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
      "The same JSON deny on Stop: Kimi appends R as a user message and lets the model continue. Kimi lets Stop hooks continue a turn only once (kimi-cli marks the next Stop with `stop_hook_active: true`).",
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
  { feature: "session_before_fork", native: "", support: "impossible", notes: "Kimi Code has no fork event." },
  { feature: "hook_result", native: "", support: "native", notes: "Evaluated inside hookit after each hook; no harness event involved." },
  {
    feature: "messages",
    native: "PreToolUse, Stop",
    support: "approximate",
    notes:
      "A block's message follows its deny reason. No additional-context channel is used: a pass or tool-result message reaches only the user (stderr). Stop: it joins the continuation. steer, followUp and nextTurn all mean the same here: with the next model request (at a stop only steer/followUp start the extra turn).",
  },
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

const PAYLOAD = claudeStylePayload("Kimi Code", { sessionName: ["session_title"] });

function read({ invocation, payload, where }: Opened): Invocation {
  const { kind, nativeEvent } = invocation;
  if (kind === "tool_call" || kind === "tool_result") addToolEvent(invocation, nativeEvent, payload, where);
  if (kind === "stop") readClaudeStyleStop(invocation, payload);
  return invocation;
}

function addToolEvent(invocation: Invocation, nativeEvent: string, payload: Payload, where: string): void {
  const name = payload.tool_name;
  if (typeof name !== "string" || name === "")
    throw new PayloadError(`${where}: "tool_name" must be a non-empty string, got ${describe(name)}`);
  // Kimi sends `{}` when the model's arguments were not an object; absent counts the same.
  const nativeToolInput = payload.tool_input ?? {};
  if (!isRecord(nativeToolInput)) {
    throw new PayloadError(`${where}: "tool_input" of ${name} must be a JSON object, got ${describe(nativeToolInput)}`);
  }
  const toolCallId = optionalString(payload, "tool_call_id", where) ?? "";
  const tool = { ...normalizeKimiTool(name, nativeToolInput, where), toolCallId, agent: ADAPTER_ID, nativeToolName: name, nativeToolInput };
  if (invocation.kind === "tool_call") {
    invocation.events = [{ event: "tool_call", ...tool }];
    return;
  }
  const failed = nativeEvent === "PostToolUseFailure";
  const text = kimiResultText(failed ? payload.error : payload.tool_output);
  invocation.events = [{ event: "tool_result", ...tool, content: [{ type: "text", text }], isError: failed }];
}

function respond(invocation: Invocation, decision: Decision): Reply {
  let reason: string | undefined;
  if (invocation.kind === "tool_call") reason = decision.block;
  // Stopping wins over a continuation: an interrupt/shutdown Action asked for the turn to end.
  if (invocation.kind === "stop" && decision.stopAgent === undefined) reason = decision.continueWith;
  const reply = jsonReply(reason === undefined ? {} : deny(echoedEventName(KINDS, invocation.nativeEvent, invocation.kind), reason));
  // No model channel except the deny reason (which carries a block's messages): hookit's ask is that deny too.
  const lines = withUndelivered(invocation, decision, false).map((notice) => notice.message);
  if (invocation.kind === "tool_result" && decision.patch !== undefined) {
    lines.push(`hookit: Kimi Code cannot replace a tool result; the model still sees it. ${decision.patch.reason}`);
  }
  if (decision.stopAgent !== undefined) lines.push(`${decision.stopAgent} (Kimi Code has no hook answer that stops the agent)`);
  reply.stderr = lines.map((line) => `${line}\n`).join("");
  return reply;
}

/** The deny both Kimi generations document: kimi-cli's example has `hookEventName`, Kimi Code's omits it and ignores extra keys. */
function deny(nativeEvent: string, reason: string): Record<string, unknown> {
  return {
    hookSpecificOutput: { hookEventName: nativeEvent, permissionDecision: "deny", permissionDecisionReason: nonEmptyReason(reason) },
  };
}

export default defineAdapter({
  id: ADAPTER_ID,
  title: "Kimi Code CLI",
  verifiedWith: "hooks documentation (MoonshotAI/kimi-code, MoonshotAI/kimi-cli); not run",
  evidence: EVIDENCE,
  timeoutUnit: "s",
  // Only events every documented Kimi release accepts: an unknown `event` value makes Kimi
  // reject the whole config.toml. No matcher: an absent matcher matches every tool.
  registrations: [
    { native: "PreToolUse", kind: "tool_call" },
    { native: "PostToolUse", kind: "tool_result" },
    { native: "PostToolUseFailure", kind: "tool_result" },
    { native: "Stop", kind: "stop" },
  ],
  capabilities: CAPABILITIES,
  kinds: KINDS,
  payload: PAYLOAD,
  read,
  respond,
});
