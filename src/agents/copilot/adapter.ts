// GitHub Copilot CLI adapter (fixtures: Copilot CLI 1.0.102).
// Protocol: harness-protocols §6 and §7; what the model sees: fixtures/model-view.md §4.
// Copilot has two payload styles, chosen by how the hook is registered: camelCase events
// (`preToolUse`) send `toolName`/`toolArgs`; Claude-style PascalCase events (`PreToolUse`)
// send snake_case keys and Claude tool names. Both are read here; hookit registers camelCase.
import { describe, isRecord, nonEmptyReason, stringOf } from "../shared/payload.ts";
import { claudeStyleHooks, defineAdapter, kindsOf } from "../shared/define.ts";
import facts from "./facts.ts";
import { readByKind, type Opened, type PayloadShape } from "../shared/opening.ts";
import { normalizeCopilotCalls, readToolArgs, TOOL_CLASSES } from "./tools.ts";
import { withUndelivered } from "../shared/messages.ts";
import { splitCallEvents, type SplitCalls } from "../shared/split-call-events.ts";
import { PayloadError, type Decision, type Invocation, type InvocationKind, type Reply } from "../../contract/types.ts";

const ADAPTER_ID = "copilot";

// Everything else is answered as a plain allow. postToolUseFailure stays here: its
// payload is not documented for 1.0.102, and reading a guessed field could mislead a policy.
const LIFECYCLE_EVENTS = [
  "sessionStart",
  "SessionStart",
  "sessionEnd",
  "SessionEnd",
  "userPromptSubmitted",
  "UserPromptSubmit",
  "postToolUseFailure",
  "PostToolUseFailure",
  "subagentStart",
  "subagentStop",
  "SubagentStop",
  "errorOccurred",
  "ErrorOccurred",
  "preCompact",
  "PreCompact",
  "permissionRequest",
  "notification",
];

// Neither payload style carries a tool-call id.
const TOOLS: SplitCalls = { agent: ADAPTER_ID, table: TOOL_CLASSES, split: normalizeCopilotCalls };

// Both payload styles are read whatever the event name's case: camelCase keys win.
const PAYLOAD: PayloadShape = {
  name: "Copilot CLI",
  fields: {
    sessionId: ["sessionId", "session_id"],
    cwd: ["cwd"],
    sessionFile: ["transcriptPath", "transcript_path"],
  },
};

export default defineAdapter({
  id: ADAPTER_ID,
  title: "GitHub Copilot CLI",
  // The newest release the real-CLI suite passed on.
  verifiedWith: facts.verified.newest,
  timeoutUnit: "s",
  // camelCase gives the native payload. Copilot anchors matchers as ^(?:…)$, so none = every tool.
  registrations: [
    { native: "preToolUse", kind: "tool_call" },
    { native: "postToolUse", kind: "tool_result" },
    { native: "agentStop", kind: "stop" },
  ],
  // The registered events' Claude-style spellings (Claude Code's own hooks): a hook the user
  // registered that way is read too. A misspelt pre-tool event is a tool_call that parse() refuses, so it blocks.
  kinds: kindsOf(claudeStyleHooks()),
  lifecycle: LIFECYCLE_EVENTS,
  payload: PAYLOAD,
  read: readByKind({
    tools: toolEvents,
    // snake_case even in camelCase mode (1.0.102); the SDK types spell it stopHookActive.
    stopHookActive: (payload) => payload.stop_hook_active === true || payload.stopHookActive === true,
  }),
  respond,
});

function toolEvents(
  { invocation: { nativeEvent }, payload, where }: Opened,
  kind: "tool_call" | "tool_result",
): Pick<Invocation, "events"> {
  // The event name's case says which style the payload has; both keys are read anyway.
  const pascal = /^[A-Z]/.test(nativeEvent);
  const key = (camel: string, snake: string) => (pascal ? snake : camel);
  const nativeToolName = payload.toolName ?? payload.tool_name;
  if (typeof nativeToolName !== "string" || nativeToolName === "")
    throw new PayloadError(`${where}: "${key("toolName", "tool_name")}" must be a non-empty string, got ${describe(nativeToolName)}`);
  const argsField = `${where}: "${key("toolArgs", "tool_input")}"`;
  const nativeToolInput = readToolArgs(payload.toolArgs ?? payload.tool_input, nativeToolName, argsField);
  const events = splitCallEvents(TOOLS, kind, nativeToolName, nativeToolInput, where, () => {
    const result = payload.toolResult ?? payload.tool_result;
    if (!isRecord(result))
      throw new PayloadError(`${where}: "${key("toolResult", "tool_result")}" must be a JSON object, got ${describe(result)}`);
    const text = stringOf(result.textResultForLlm) ?? stringOf(result.text_result_for_llm) ?? "";
    const resultType = stringOf(result.resultType) ?? stringOf(result.result_type);
    return { text, isError: resultType !== undefined && resultType !== "success" };
  });
  return { events };
}

/** Where additionalContext reaches the model (e2e); the kind, since the event names follow the config's casing. */
const CONTEXT_KINDS: ReadonlySet<InvocationKind> = new Set(["tool_call", "tool_result"]);

function respond(invocation: Invocation, decision: Decision): Reply {
  const out: Record<string, unknown> = {};
  // `!== undefined`: an empty reason is still a decision and must never fail open.
  // The reason travels in JSON with exit 0: exit 2 would replace it with "hook exited with code 2".
  if (invocation.kind === "tool_call" && decision.block !== undefined) {
    // "ask" prompts the user; in -p / autopilot Copilot denies it ("unable to ask user for confirmation").
    out.permissionDecision = decision.ask !== undefined ? "ask" : "deny";
    out.permissionDecisionReason = nonEmptyReason(decision.ask ?? decision.block, "hookit: blocked by policy");
  }
  // A message on an answer that refuses nothing: preToolUse adds a user message after the result, postToolUse appends to it.
  if (decision.context !== undefined && CONTEXT_KINDS.has(invocation.kind) && Object.keys(out).length === 0)
    out.additionalContext = decision.context;
  if (invocation.kind === "tool_result" && decision.patch !== undefined)
    out.modifiedResult = { resultType: "success", textResultForLlm: decision.patch.text };
  // No stop field exists, but letting the stop through is how an interrupt/shutdown Action stops the agent.
  if (invocation.kind === "stop" && decision.continueWith !== undefined && decision.stopAgent === undefined) {
    out.decision = "block";
    out.reason = nonEmptyReason(decision.continueWith, "hookit: continue");
  }
  // No user channel and no stop field: stderr with exit 0 changes nothing and lands in Copilot's log.
  const stderr = withUndelivered(invocation, decision, CONTEXT_KINDS.has(invocation.kind))
    .map((n) => `${n.message}\n`)
    .join("");
  return { stdout: Object.keys(out).length > 0 ? `${JSON.stringify(out)}\n` : "", stderr, exitCode: 0 };
}

// --- internal ---
