// Cursor adapter (hooks.json). No live capture exists: the fixtures are the examples printed in
// Cursor's hooks docs (2026-08-24); the protocol is harness-protocols §5 and §7.
// Every event gets an explicit JSON object (`{}` when hookit has no opinion): with `failClosed`
// an empty stdout is a failed hook, and `permission:"allow"` would skip the user's own approval.
import type { ContentBlock } from "../../engine/types.ts";
import { nonEmptyReason, stringOf } from "../shared/payload.ts";
import { defineAdapter } from "../shared/define.ts";
import { firstOf, readByKind, type Opened, type PayloadShape } from "../shared/opening.ts";
import { withUndelivered } from "../shared/messages.ts";
import { cursorResultText, readCursorTool, TOOL_CLASSES } from "./tools.ts";
import { mappedOrRefused } from "../shared/tool-classes.ts";
import { PayloadError, type Decision, type Invocation, type InvocationKind, type Reply } from "../../contract/types.ts";

const ADAPTER_ID = "cursor";

// Cursor's dedicated result events: hookit registers postToolUse for results, and reads these too.
const KINDS: Record<string, InvocationKind> = { afterShellExecution: "tool_result", afterFileEdit: "tool_result" };

const LIFECYCLE_EVENTS = [
  "sessionStart",
  "sessionEnd",
  "beforeSubmitPrompt",
  "afterMCPExecution",
  "afterAgentThought",
  "subagentStart",
  "subagentStop",
  "preCompact",
  "beforeTabFileRead",
  "afterTabFileEdit",
  "workspaceOpen",
];

/**
 * Shell commands, MCP calls and file reads each have a dedicated event with a documented
 * payload (present since Cursor's first hooks release); preToolUse takes every other tool.
 * The negative lookahead keeps one evaluation per call: prior-art §3 saw double gating.
 */
const PRE_TOOL_MATCHER = "^(?!(?:Shell|Read)$|MCP:).*";

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
  // A misspelt pre-tool event is a tool_call that parse() refuses, so it blocks.
  kinds: KINDS,
  lifecycle: LIFECYCLE_EVENTS,
  payload: PAYLOAD,
  read: readByKind({
    tools: toolEvents,
    // Cursor has no stop_hook_active; a non-zero loop_count means this stop follows a follow-up.
    stopHookActive: (payload) => typeof payload.loop_count === "number" && payload.loop_count > 0,
    // afterAgentResponse: every response ends a turn.
    endsTurn: () => true,
  }),
  respond,
});

function toolEvents(
  { invocation: { nativeEvent }, payload, where }: Opened,
  kind: "tool_call" | "tool_result",
): Pick<Invocation, "events" | "native"> {
  const tool = readCursorTool(nativeEvent, payload, where);
  const origin = { ...tool, agent: ADAPTER_ID, toolCallId: stringOf(payload.tool_use_id) ?? "" };
  // respond() needs it: only MCP results can be replaced.
  const native = { mcp: tool.nativeToolName.startsWith("MCP:") };
  // Before the tool runs, a file or shell tool hookit cannot map is refused rather than passed.
  if (kind === "tool_call") mappedOrRefused(TOOL_CLASSES, tool.nativeToolName, [tool], where, (m) => new PayloadError(m));
  if (kind === "tool_call") return { native, events: [{ event: "tool_call", ...origin }] };
  const content: ContentBlock[] = [{ type: "text", text: cursorResultText(nativeEvent, payload) }];
  // postToolUse fires only for successful calls; failures arrive as postToolUseFailure.
  const isError = nativeEvent === "postToolUseFailure";
  return { native, events: [{ event: "tool_result", ...origin, content, isError }] };
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
