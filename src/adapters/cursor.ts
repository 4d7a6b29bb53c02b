// Cursor adapter (hooks.json). No live capture exists: the fixtures are the examples printed in
// Cursor's hooks docs (2026-08-24); the protocol is harness-protocols §5 and §7.
// Every event gets an explicit JSON object (`{}` when hookit has no opinion): with `failClosed`
// an empty stdout is a failed hook, and `permission:"allow"` would skip the user's own approval.
import type { ContentBlock, SessionMetadata } from "../engine/types.ts";
import {
  defineAdapter,
  PayloadError,
  SPEC_VERSION,
  type CapabilityRow,
  type Decision,
  type Invocation,
  type InvocationKind,
  type Reply,
} from "./types.ts";

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

const CAPABILITIES: CapabilityRow[] = verified([
  {
    feature: "tool_call",
    native: "beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse",
    support: "native",
    notes: 'JSON `{"permission":"deny","agent_message":R,"user_message":R}` (beforeReadFile: `permission` + `user_message` only). The exact text the model reads is not captured yet.',
  },
  {
    feature: "tool_result",
    native: "postToolUse, postToolUseFailure",
    support: "approximate",
    notes: "MCP tools: `updated_mcp_tool_output` replaces the result. Built-in tools (Shell, Write, …) cannot be replaced: hookit appends `additional_context` saying the result above is rejected, but the model still sees it. Nothing can be added to postToolUseFailure.",
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
    feature: "actions",
    native: "",
    support: "impossible",
    notes: "No tool or stop event can stop the agent, so `interrupt`/`shutdown` are ignored; `compact`, `message` and `emit-custom-event` cannot be delivered.",
  },
  {
    feature: "user notices",
    native: "beforeShellExecution, beforeMCPExecution, beforeReadFile, preToolUse",
    support: "approximate",
    notes: "Only a denial has a user field (`user_message`, after the reason). Otherwise notices go to stderr with exit 0, which Cursor only logs.",
  },
]);

export default defineAdapter({
  id: ADAPTER_ID,
  title: "Cursor",
  specVersion: SPEC_VERSION,
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
  capabilities: CAPABILITIES,
  kindOf: (nativeEvent) => (Object.hasOwn(KINDS, nativeEvent) ? KINDS[nativeEvent] : undefined),
  parse,
  respond,
});

function parse(nativeEvent: string, payload: unknown): Invocation {
  const where = `cursor ${nativeEvent}`;
  if (!isRecord(payload)) throw new PayloadError(`${where}: the payload must be a JSON object (${typeName(payload)})`);
  // The CLI sends session_id; the IDE only conversation_id (the CLI sets both to the same value).
  const sessionId = stringOf(payload.session_id) ?? stringOf(payload.conversation_id);
  const roots = Array.isArray(payload.workspace_roots) ? payload.workspace_roots : [];
  const metadata: SessionMetadata = {};
  if (sessionId !== undefined) metadata.sessionId = sessionId;
  if (typeof payload.model === "string") metadata.model = payload.model;
  if (typeof payload.transcript_path === "string") metadata.sessionFile = payload.transcript_path;
  const cwd = stringOf(payload.cwd) ?? stringOf(roots[0]);
  const base = { agent: ADAPTER_ID, nativeEvent, sessionId, cwd, metadata };
  const kind = Object.hasOwn(KINDS, nativeEvent) ? KINDS[nativeEvent] : "lifecycle";

  if (kind === "tool_call" || kind === "tool_result") {
    const call = toolCall(nativeEvent, payload, where);
    const origin = { ...call, agent: ADAPTER_ID, toolCallId: stringOf(payload.tool_use_id) ?? "" };
    const mcp = call.nativeToolName.startsWith("MCP:");
    if (kind === "tool_call") return { ...base, kind, native: { mcp }, events: [{ event: "tool_call", ...origin }] };
    const { text, isError } = toolOutput(nativeEvent, payload);
    const content: ContentBlock[] = [{ type: "text", text }];
    return { ...base, kind, native: { mcp }, events: [{ event: "tool_result", ...origin, content, isError }] };
  }
  if (kind === "stop") {
    // Cursor has no stop_hook_active; a non-zero loop_count means this stop follows a follow-up.
    const stopHookActive = typeof payload.loop_count === "number" && payload.loop_count > 0;
    return { ...base, kind, stopHookActive, events: [{ event: "agent_end", agent: ADAPTER_ID }] };
  }
  if (kind === "turn_end") return { ...base, kind, events: [{ event: "turn_end", turnIndex: 0, agent: ADAPTER_ID }] };
  return { ...base, kind: "lifecycle", events: [] };
}

function respond(invocation: Invocation, decision: Decision): Reply {
  const out: Record<string, unknown> = {};
  let notices = decision.notices.map((n) => n.message);
  if (invocation.kind === "tool_call" && decision.block !== undefined) {
    // `!== undefined`: an empty reason is still a decision and must never fail open.
    const reason = orFallback(decision.block, "hookit: blocked by policy");
    out.permission = "deny";
    // beforeReadFile documents only permission + user_message; permission hooks fail closed on schema errors.
    if (invocation.nativeEvent !== "beforeReadFile") out.agent_message = reason;
    // user_message is the one user channel Cursor has: the notices ride along after the reason.
    out.user_message = [reason, ...notices].join("\n");
    notices = [];
  }
  if (invocation.nativeEvent === "postToolUse" && decision.patch !== undefined) {
    if (invocation.native?.mcp === true)
      out.updated_mcp_tool_output = { content: [{ type: "text", text: decision.patch.text }] };
    else out.additional_context = unhideableNote(decision.patch.reason);
  }
  // No stop field exists, but letting the stop through is how an interrupt/shutdown Action stops the agent.
  if (invocation.kind === "stop" && decision.continueWith !== undefined && decision.stopAgent === undefined)
    out.followup_message = orFallback(decision.continueWith, "hookit: continue");
  // Exit 0 always: Cursor reads stderr only as an exit-2 reason, so notices there just get logged.
  const stderr = notices.map((message) => `${message}\n`).join("");
  return { stdout: `${JSON.stringify(out)}\n`, stderr, exitCode: 0 };
}

// --- internal ---

/** A blank text would read as "no reason"; hookit always gives one. */
function orFallback(text: string, fallback: string): string {
  return text.trim() === "" ? fallback : text;
}

/** "fixtures" here means Cursor's documented examples: no live Cursor run exists yet. */
function verified(rows: Omit<CapabilityRow, "verified">[]): CapabilityRow[] {
  return rows.map((row) => ({ ...row, verified: "fixtures" }));
}

/**
 * The built-in result stays visible, so HooKit's usual "was suppressed" text would be false;
 * this says what really happened.
 */
function unhideableNote(reason: string): string {
  return `[BLOCKED by HooKit] ${reason}\n\nCursor cannot hide this tool result, so it is still shown above: treat it as rejected and do not use it.`;
}

interface ToolIdentity {
  toolName: string;
  input: Record<string, unknown>;
  nativeToolName: string;
  nativeToolInput: Record<string, unknown>;
}

function toolCall(nativeEvent: string, payload: Record<string, unknown>, where: string): ToolIdentity {
  const need = (field: string): string => {
    const value = payload[field];
    if (typeof value !== "string" || value === "")
      throw new PayloadError(`${where}: "${field}" must be a non-empty string (${typeName(value)})`);
    return value;
  };
  switch (nativeEvent) {
    case "beforeShellExecution":
    case "afterShellExecution": {
      // Named after the Shell tool type so one policy filter covers preToolUse and these events.
      const command = need("command");
      const nativeToolInput = typeof payload.cwd === "string" ? { command, cwd: payload.cwd } : { command };
      return { toolName: "bash", input: { command }, nativeToolName: "Shell", nativeToolInput };
    }
    case "beforeReadFile": {
      // `content` (the whole file) is left out: it would travel in an environment variable.
      const path = need("file_path");
      return { toolName: "read", input: { path }, nativeToolName: "Read", nativeToolInput: { file_path: path } };
    }
    case "afterFileEdit": {
      const path = need("file_path");
      if (!Array.isArray(payload.edits))
        throw new PayloadError(`${where}: "edits" must be an array (${typeName(payload.edits)})`);
      const edits = payload.edits.filter(isRecord).map((e) => ({ oldText: stringOf(e.old_string) ?? "", newText: stringOf(e.new_string) ?? "" }));
      return { toolName: "edit", input: { path, edits }, nativeToolName: "Write", nativeToolInput: { file_path: path, edits: payload.edits } };
    }
  }
  const name = need("tool_name");
  const nativeToolInput = objectInput(payload.tool_input, `${where}: "tool_input"`);
  // beforeMCPExecution names the bare tool; the tool events call it MCP:<tool>. Use the latter.
  const nativeToolName = nativeEvent === "beforeMCPExecution" && !name.startsWith("MCP:") ? `MCP:${name}` : name;
  return { ...toPiTool(nativeToolName, nativeToolInput), nativeToolName, nativeToolInput };
}

/** `tool_input` is an object on the tool events and a JSON string on beforeMCPExecution. */
function objectInput(value: unknown, field: string): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isRecord(parsed)) return parsed;
    } catch {
      // reported below
    }
    throw new PayloadError(`${field} is a string but not a JSON object`);
  }
  throw new PayloadError(`${field} must be an object (${typeName(value)})`);
}

/** Cursor tool types → Pi's vocabulary. Only Shell's input is documented; the rest read both spellings. */
function toPiTool(name: string, args: Record<string, unknown>): { toolName: string; input: Record<string, unknown> } {
  const path = stringOf(args.file_path) ?? stringOf(args.path);
  if (name === "Shell" && typeof args.command === "string") return { toolName: "bash", input: { command: args.command } };
  if (name === "Read" && path !== undefined) return { toolName: "read", input: { path } };
  // Cursor reports every file modification as Write, with the new text in `new_content`.
  const content = stringOf(args.new_content) ?? stringOf(args.content);
  if (name === "Write" && path !== undefined && content !== undefined) return { toolName: "write", input: { path, content } };
  const oldText = stringOf(args.old_string);
  const newText = stringOf(args.new_string);
  if ((name === "StrReplace" || name === "Edit") && path !== undefined && oldText !== undefined && newText !== undefined)
    return { toolName: "edit", input: { path, edits: [{ oldText, newText }] } };
  if (name === "Grep" && typeof args.pattern === "string") {
    const dir = stringOf(args.path);
    return { toolName: "grep", input: dir === undefined ? { pattern: args.pattern } : { pattern: args.pattern, path: dir } };
  }
  // Delete, Task, MCP:<tool> and the rest keep their name and input.
  return { toolName: name, input: args };
}

/** What the model sees of a tool's output, per event. */
function toolOutput(nativeEvent: string, payload: Record<string, unknown>): { text: string; isError: boolean } {
  if (nativeEvent === "postToolUseFailure") return { text: stringOf(payload.error_message) ?? "", isError: true };
  if (nativeEvent === "afterShellExecution") return { text: stringOf(payload.output) ?? "", isError: false };
  if (nativeEvent === "afterFileEdit") return { text: "", isError: false };
  // postToolUse: `tool_output` is a JSON string, e.g. {"exitCode":0,"stdout":…} (docs) or {"output":…,"exitCode":0} (CLI).
  const raw = payload.tool_output;
  let parsed: unknown = raw;
  if (typeof raw === "string") {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { text: raw, isError: false };
    }
  }
  if (isRecord(parsed) && (typeof parsed.output === "string" || typeof parsed.stdout === "string")) {
    const stderr = stringOf(parsed.stderr);
    const main = stringOf(parsed.output) ?? stringOf(parsed.stdout) ?? "";
    return { text: stderr ? (main ? `${main}\n${stderr}` : stderr) : main, isError: false };
  }
  if (raw === undefined || raw === null) return { text: "", isError: false };
  return { text: typeof raw === "string" ? raw : JSON.stringify(raw), isError: false };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** How a wrong value is named in a PayloadError. */
function typeName(value: unknown): string {
  if (value === undefined) return "it is missing";
  if (value === null) return "got null";
  return Array.isArray(value) ? "got an array" : `got a ${typeof value}`;
}
