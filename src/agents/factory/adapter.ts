// Factory droid adapter. Protocol: harness-protocols §6b and §11 (droid column);
// what the model saw after each kind of answer: test/fixtures/model-view.md §5 and
// docs/agents/factory.md (droid 0.225.2, real offline runs). Payloads are Claude's
// snake_case shape without `tool_use_id`; `tool_response` is always a string.
// Answers are Claude-shaped JSON on stdout, plus exit 2 behind a deny (see respond).
import { claudeStyleHooks, defineAdapter } from "../shared/define.ts";
import facts from "./facts.ts";
import { claudeStylePayload, claudeStyleRead } from "../shared/opening.ts";
import { toolCallEvents, toolResultEvent } from "../shared/adapter-tool-events.ts";
import { withUndelivered } from "../shared/messages.ts";
import { normalizeFactoryTool } from "./tools.ts";
import {
  claudeStyleReply,
  claudeStyleStopAnswer,
  joinNotices,
  nonEmptyReason,
  readNativeTool,
  textOf,
  type Payload,
} from "../shared/payload.ts";
import type { Decision, Invocation, Reply } from "../../contract/types.ts";

const ADAPTER_ID = "factory";

// droid 0.225.2's hook events (the keys its hooks.json schema accepts). Only the
// three hookit registers carry hookit events; droid has no per-turn event.
const LIFECYCLE_EVENTS = ["Notification", "UserPromptSubmit", "SubagentStop", "PreCompact", "SessionStart", "SessionEnd"];

const PAYLOAD = claudeStylePayload("Factory droid");

function addToolEvents(invocation: Invocation, payload: Payload, where: string): void {
  const tool = readNativeTool(payload, where);
  const parts = normalizeFactoryTool(tool.name, tool.input, where);
  invocation.native = { toolName: tool.name };
  if (invocation.kind === "tool_call") {
    invocation.events = toolCallEvents(ADAPTER_ID, tool, parts);
    if (parts.length > 1 || tool.name === "ApplyPatch") invocation.labels = parts.map((part) => part.label);
    return;
  }
  // One result per call: a call that became several parts keeps its native name and input.
  const single = parts.length === 1 ? parts[0] : undefined;
  // droid fires PostToolUse only for calls that succeeded; a failed one never gets here.
  invocation.events = [toolResultEvent(ADAPTER_ID, tool, single, textOf(payload.tool_response), false)];
}

// hookit's ask is never encoded as "ask": droid exec --auto ignores it and runs the tool, so an ask is the deny in `block`.
function respond(invocation: Invocation, decision: Decision): Reply {
  // Only PostToolUse's additionalContext reaches the model; PreToolUse drops it (e2e, messages.e2e.test.ts).
  const delivered = invocation.kind === "tool_result";
  // droid hands SessionStart's and UserPromptSubmit's stdout to the model as a
  // user message (even "{}"), so lifecycle answers print nothing there.
  if (invocation.kind === "lifecycle") {
    return { stdout: "", stderr: joinNotices(withUndelivered(invocation, decision, delivered)) ?? "", exitCode: 0 };
  }
  const output: Record<string, unknown> = {};
  const denied = invocation.kind === "tool_call" && decision.block !== undefined ? nonEmptyReason(decision.block) : undefined;
  if (denied !== undefined) {
    output.hookSpecificOutput = { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: denied };
  }
  if (invocation.kind === "tool_result" && decision.patch !== undefined) {
    // droid cannot replace a result; this adds the text as a user message after it.
    output.hookSpecificOutput = { hookEventName: "PostToolUse", additionalContext: nonEmptyReason(decision.patch.text) };
  }
  // A message on an answer that refuses nothing: context for the model after the tool's result.
  if (delivered && decision.context !== undefined && output.hookSpecificOutput === undefined) {
    output.hookSpecificOutput = { hookEventName: invocation.nativeEvent, additionalContext: decision.context };
  }
  Object.assign(output, claudeStyleStopAnswer(invocation, decision));
  const reply = claudeStyleReply(output, invocation, decision, delivered);
  // droid obeys the first PreToolUse answer that carries a permissionDecision, so
  // an "allow" from a hook listed before hookit's would beat a JSON deny alone.
  // Exit 2 denies whatever the other hooks said; stderr is then the reason.
  return denied === undefined ? reply : { ...reply, stderr: denied, exitCode: 2 };
}

export default defineAdapter({
  id: ADAPTER_ID,
  title: "Factory droid",
  // The newest release the real-CLI suite passed on.
  verifiedWith: facts.verified.newest,
  timeoutUnit: "s",
  registrations: claudeStyleHooks(),
  lifecycle: LIFECYCLE_EVENTS,
  payload: PAYLOAD,
  read: claudeStyleRead(addToolEvents),
  respond,
});
