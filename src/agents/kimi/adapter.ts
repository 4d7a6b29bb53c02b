// Kimi Code CLI adapter (Moonshot AI). Verified on Kimi Code 2.1.0 (test/e2e/kimi.e2e.test.ts; the
// payloads in test/fixtures/kimi/*-2.1.0.json were captured from it); the older Python kimi-cli
// only from its hooks documentation (docs/en/customization/hooks.md of MoonshotAI/kimi-cli).
// Kimi reads exit 2 + stderr or, on exit 0, a Claude-shaped `hookSpecificOutput` deny. hookit
// always answers with that JSON and exit 0, so stderr stays free for notices, which Kimi only logs.
// Only PreToolUse, Stop and UserPromptSubmit can block; every other event is observation-only.
import { describe, isRecord, jsonReply, nonEmptyReason, optionalString, echoedEventName } from "../shared/payload.ts";
import { withUndelivered } from "../shared/messages.ts";
import type { Payload } from "../shared/payload.ts";
import { kimiResultText, normalizeKimiTool } from "./tools.ts";
import { PayloadError, type Decision, type Invocation, type Reply } from "../../contract/types.ts";
import { claudeStyleHooks, defineAdapter } from "../shared/define.ts";
import { claudeStylePayload, claudeStyleRead } from "../shared/opening.ts";
import facts from "./facts.ts";

const ADAPTER_ID = "kimi";

// Only events every documented Kimi release accepts: an unknown `event` value makes Kimi
// reject the whole config.toml. No matcher: an absent matcher matches every tool.
const REGISTRATIONS = claudeStyleHooks({ failures: true, everyTool: false });

// The rest of Kimi Code's event list (hooks docs, "Event Reference") and the Python kimi-cli's,
// which is a subset: they carry no hookit event and are answered with "no opinion".
const LIFECYCLE_EVENTS = [
  "UserPromptSubmit",
  "UserPromptQueued",
  "TurnStarted",
  "PermissionRequest",
  "PermissionResult",
  "SessionStart",
  "SessionEnd",
  "SessionHeartbeat",
  "SubagentStart",
  "SubagentStop",
  "TaskStarted",
  "StopFailure",
  "Interrupt",
  "PreCompact",
  "PostCompact",
  "Notification",
];

const PAYLOAD = claudeStylePayload("Kimi Code", { sessionName: ["session_title"] });

function addToolEvent(invocation: Invocation, payload: Payload, where: string): void {
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
  const failed = invocation.nativeEvent === "PostToolUseFailure";
  const text = kimiResultText(failed ? payload.error : payload.tool_output);
  invocation.events = [{ event: "tool_result", ...tool, content: [{ type: "text", text }], isError: failed }];
}

function respond(invocation: Invocation, decision: Decision): Reply {
  let reason: string | undefined;
  if (invocation.kind === "tool_call") reason = decision.block;
  // Stopping wins over a continuation: an interrupt/shutdown Action asked for the turn to end.
  if (invocation.kind === "stop" && decision.stopAgent === undefined) reason = decision.continueWith;
  const reply = jsonReply(
    reason === undefined ? {} : deny(echoedEventName(REGISTRATIONS, invocation.nativeEvent, invocation.kind), reason),
  );
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
  verifiedWith: facts.verified.newest,
  timeoutUnit: "s",
  registrations: REGISTRATIONS,
  lifecycle: LIFECYCLE_EVENTS,
  payload: PAYLOAD,
  read: claudeStyleRead(addToolEvent),
  respond,
});
