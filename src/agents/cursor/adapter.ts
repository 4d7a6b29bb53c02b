// Cursor adapter (hooks.json). No live capture exists: the fixtures are the examples printed in
// Cursor's hooks docs (2026-08-24); the protocol is harness-protocols §5 and §7.
// Every event gets an explicit JSON object (`{}` when hookit has no opinion): with `failClosed`
// an empty stdout is a failed hook, and `permission:"allow"` would skip the user's own approval.
import type { ContentBlock } from "../../engine/types.ts";
import { nonEmptyReason, stringOf } from "../shared/payload.ts";
import { defineAdapter, type CapabilityRows } from "../shared/define.ts";
import { firstOf, type Opened, type PayloadShape } from "../shared/opening.ts";
import { withUndelivered } from "../shared/messages.ts";
import { cursorResultText, readCursorTool, TOOL_CLASSES } from "./tools.ts";
import { mappedOrRefused } from "../shared/tool-classes.ts";
import { PayloadError, type Decision, type Invocation, type InvocationKind, type Reply } from "../../contract/types.ts";

const ADAPTER_ID = "cursor";

const KINDS: Record<string, InvocationKind> = {
  preToolUse: "tool_call",
  beforeShellExecution: "tool_call",
  beforeMCPExecution: "tool_call",
  beforeReadFile: "tool_call",
  postToolUse: "tool_result",
  postToolUseFailure: "tool_result",
  afterShellExecution: "tool_result",
  afterFileEdit: "tool_result",
  stop: "stop",
  afterAgentResponse: "turn_end",
  sessionStart: "lifecycle",
  sessionEnd: "lifecycle",
  beforeSubmitPrompt: "lifecycle",
  afterMCPExecution: "lifecycle",
  afterAgentThought: "lifecycle",
  subagentStart: "lifecycle",
  subagentStop: "lifecycle",
  preCompact: "lifecycle",
  beforeTabFileRead: "lifecycle",
  afterTabFileEdit: "lifecycle",
  workspaceOpen: "lifecycle",
};

/**
 * Shell commands, MCP calls and file reads each have a dedicated event with a documented
 * payload (present since Cursor's first hooks release); preToolUse takes every other tool.
 * The negative lookahead keeps one evaluation per call: prior-art §3 saw double gating.
 */
const PRE_TOOL_MATCHER = "^(?!(?:Shell|Read)$|MCP:).*";

const CAPABILITIES: CapabilityRows = [
  {
    feature: "tool_call",
    native: "beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse",
    support: "native",
    notes:
      'JSON `{"permission":"deny","agent_message":R,"user_message":R}` (beforeReadFile: `permission` + `user_message` only). The exact text the model reads is not captured yet.',
  },
  {
    feature: "tool_result",
    // Only where a result can be answered: postToolUseFailure is read too (a tool_result hook sees the failure).
    native: "postToolUse",
    support: "approximate",
    notes:
      "MCP tools: `updated_mcp_tool_output` replaces the result. Built-in tools (Shell, Write, …) cannot be replaced: hookit appends `additional_context` saying the result above is rejected, but the model still sees it. A failed call (postToolUseFailure) reaches tool_result hooks too, but nothing can be added to it.",
  },
  {
    feature: "turn_end",
    native: "afterAgentResponse",
    support: "approximate",
    notes: "Fires per assistant message; Cursor sends no turn counter, so `turnIndex` is always 0.",
  },
  {
    feature: "agent_end",
    native: "stop",
    support: "native",
    notes: 'JSON `{"followup_message":C}`: Cursor submits C as the next user message, at most `loop_limit` times (5 by default).',
  },
  {
    feature: "agent_settled",
    native: "stop",
    support: "approximate",
    notes: "Synthesized by hookit when it lets `stop` through; another hook may still send a follow-up.",
  },
  {
    feature: "session_before_switch",
    native: "",
    support: "impossible",
    notes: "No hook runs before a new or resumed chat; sessionEnd/sessionStart only report it afterwards.",
  },
  { feature: "session_before_fork", native: "", support: "impossible", notes: "Cursor has no fork event." },
  {
    feature: "hook_result",
    native: "",
    support: "native",
    notes: "Evaluated in-process by hookit after each native event; never changes what Cursor receives.",
  },
  {
    feature: "messages",
    native: "beforeShellExecution, beforeMCPExecution, preToolUse, postToolUse, stop",
    support: "approximate",
    notes:
      "A block's message follows its reason in agent_message (beforeReadFile: user_message only). After a tool, postToolUse additional_context carries it. The pre-tool events have no context field, so a pass message on a tool call reaches only the user. stop: it joins the follow-up message. No live Cursor run here: from the documentation. steer, followUp and nextTurn all mean the same here: with the next model request (at a stop only steer/followUp start the extra turn).",
  },
  {
    feature: "ask",
    native: "beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse",
    support: "approximate",
    notes:
      "Sent as the deny: preToolUse accepts \"ask\" without enforcing it, and no live Cursor run here could show what beforeShellExecution's ask does headless. The model reads the reason, the asking hook's message and hookit's note to ask the user.",
  },
  {
    feature: "actions",
    native: "stop",
    support: "approximate",
    notes:
      "No event has a stop-the-agent field: at `stop`, `interrupt`/`shutdown` only drop hookit's follow-up so the agent does stop; elsewhere they are ignored. `compact` and `emit-custom-event` cannot be delivered; `message`: see messages.",
  },
  {
    feature: "user notices",
    native: "beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse",
    support: "approximate",
    notes:
      "Only a denial has a user field (`user_message`, after the reason). Otherwise notices go to stderr with exit 0, which Cursor only logs.",
  },
];

const PAYLOAD: PayloadShape = {
  name: "Cursor",
  fields: {
    // The CLI sends session_id; the IDE only conversation_id (the CLI sets both to the same value).
    sessionId: ["session_id", "conversation_id"],
    cwd: ["cwd", firstOf("workspace_roots")],
    sessionFile: ["transcript_path"],
    model: ["model"],
  },
};

export default defineAdapter({
  id: ADAPTER_ID,
  title: "Cursor",
  verifiedWith: "docs 2026-08-24",
  evidence: "fixtures (docs examples; no Cursor CLI runs here)",
  timeoutUnit: "s",
  registrations: [
    { native: "beforeShellExecution", kind: "tool_call" },
    { native: "beforeMCPExecution", kind: "tool_call" },
    { native: "beforeReadFile", kind: "tool_call" },
    { native: "preToolUse", kind: "tool_call", matcher: PRE_TOOL_MATCHER },
    { native: "postToolUse", kind: "tool_result" },
    { native: "postToolUseFailure", kind: "tool_result" },
    { native: "afterAgentResponse", kind: "turn_end" },
    { native: "stop", kind: "stop" },
  ],
  capabilities: CAPABILITIES,
  // A misspelt pre-tool event is a tool_call that parse() refuses, so it blocks.
  kinds: KINDS,
  payload: PAYLOAD,
  read,
  respond,
});

function read({ invocation: base, payload, where }: Opened): Invocation {
  const { kind, nativeEvent } = base;
  if (kind === "tool_call" || kind === "tool_result") {
    const tool = readCursorTool(nativeEvent, payload, where);
    const origin = { ...tool, agent: ADAPTER_ID, toolCallId: stringOf(payload.tool_use_id) ?? "" };
    // respond() needs it: only MCP results can be replaced.
    const native = { mcp: tool.nativeToolName.startsWith("MCP:") };
    // Before the tool runs, a file or shell tool hookit cannot map is refused rather than passed.
    if (kind === "tool_call") mappedOrRefused(TOOL_CLASSES, tool.nativeToolName, [tool], where, (m) => new PayloadError(m));
    if (kind === "tool_call") return { ...base, kind, native, events: [{ event: "tool_call", ...origin }] };
    const content: ContentBlock[] = [{ type: "text", text: cursorResultText(nativeEvent, payload) }];
    // postToolUse fires only for successful calls; failures arrive as postToolUseFailure.
    const isError = nativeEvent === "postToolUseFailure";
    return { ...base, kind, native, events: [{ event: "tool_result", ...origin, content, isError }] };
  }
  if (kind === "stop") {
    // Cursor has no stop_hook_active; a non-zero loop_count means this stop follows a follow-up.
    const stopHookActive = typeof payload.loop_count === "number" && payload.loop_count > 0;
    return { ...base, kind, stopHookActive, events: [{ event: "agent_end", agent: ADAPTER_ID }] };
  }
  if (kind === "turn_end") return { ...base, kind, events: [{ event: "turn_end", turnIndex: 0, agent: ADAPTER_ID }] };
  return { ...base, kind: "lifecycle", events: [] };
}

// hookit's ask is sent as the deny in `block`: preToolUse accepts "ask" without enforcing it, and no
// live Cursor run here could show what beforeShellExecution's ask does headless.
function respond(invocation: Invocation, decision: Decision): Reply {
  const out: Record<string, unknown> = {};
  let notices = decision.notices.map((n) => n.message);
  if (invocation.kind === "tool_call" && decision.block !== undefined) {
    // `!== undefined`: an empty reason is still a decision and must never fail open.
    const reason = nonEmptyReason(decision.block, "hookit: blocked by policy");
    out.permission = "deny";
    // beforeReadFile documents only permission + user_message; permission hooks fail closed on schema errors.
    if (invocation.nativeEvent !== "beforeReadFile") out.agent_message = reason;
    // user_message is the one user channel Cursor has: the notices ride along after the reason.
    out.user_message = [reason, ...notices].join("\n");
    notices = [];
  }
  if (invocation.nativeEvent === "postToolUse" && decision.patch !== undefined) {
    if (invocation.native?.mcp === true) out.updated_mcp_tool_output = { content: [{ type: "text", text: decision.patch.text }] };
    else out.additional_context = [unhideableNote(decision.patch.reason), decision.patch.messages].filter(Boolean).join("\n\n");
  }
  // A message on an answer that refuses nothing: only postToolUse has a model channel (additional_context).
  const delivered = invocation.nativeEvent === "postToolUse";
  if (delivered && decision.context !== undefined && out.additional_context === undefined) out.additional_context = decision.context;
  notices = notices.concat(withUndelivered(invocation, { ...decision, notices: [] }, delivered).map((n) => n.message));
  // No stop field exists, but letting the stop through is how an interrupt/shutdown Action stops the agent.
  if (invocation.kind === "stop" && decision.continueWith !== undefined && decision.stopAgent === undefined)
    out.followup_message = nonEmptyReason(decision.continueWith, "hookit: continue");
  // Exit 0 always: Cursor reads stderr only as an exit-2 reason, so notices there just get logged.
  const stderr = notices.map((message) => `${message}\n`).join("");
  return { stdout: `${JSON.stringify(out)}\n`, stderr, exitCode: 0 };
}

// --- internal ---

/** "fixtures" here means Cursor's documented examples: no live Cursor run exists yet. */

/**
 * The built-in result stays visible, so HooKit's usual "was suppressed" text would be false;
 * this says what really happened.
 */
function unhideableNote(reason: string): string {
  return `[BLOCKED by HooKit] ${reason}\n\nCursor cannot hide this tool result, so it is still shown above: treat it as rejected and do not use it.`;
}
