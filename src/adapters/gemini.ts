// Gemini CLI adapter (fixtures: Gemini CLI 0.61.0).
// Protocol: harness-protocols §4 and §7; what the model sees: fixtures/model-view.md §3.
// Gemini reads `stdout.trim() || stderr.trim()`; JSON wins over the exit code, and a
// non-JSON text with exit >= 2 denies. hookit therefore always exits 0 and speaks JSON only.
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

const ADAPTER_ID = "gemini";

/** Every event of Gemini's enum (identical in 0.61.0), spelled as Gemini sends it. */
const KINDS: Record<string, InvocationKind> = {
  BeforeTool: "tool_call",
  AfterTool: "tool_result",
  AfterAgent: "stop",
  // Fires per streamed chunk; parse() keeps only chunks that finish a model turn.
  AfterModel: "turn_end",
  BeforeAgent: "lifecycle",
  BeforeModel: "lifecycle",
  BeforeToolSelection: "lifecycle",
  SessionStart: "lifecycle",
  SessionEnd: "lifecycle",
  PreCompress: "lifecycle",
  Notification: "lifecycle",
};

const CAPABILITIES: CapabilityRow[] = verified([
  {
    feature: "tool_call",
    native: "BeforeTool",
    support: "native",
    notes: 'JSON `{"decision":"deny","reason":R}`: the tool does not run and the model gets the function response `{"error":"Tool execution blocked: R"}`.',
  },
  {
    feature: "tool_result",
    native: "AfterTool",
    support: "native",
    notes: 'JSON `{"decision":"deny","reason":T}`: the real output is hidden and the model gets `{"error":T}` (T is the `[BLOCKED by HooKit] …` text).',
  },
  {
    feature: "turn_end",
    native: "AfterModel",
    support: "approximate",
    notes: "No turn-end event: an AfterModel chunk with a `finishReason` counts as the end of a model turn and `turnIndex` is always 0. Not installed by default, because Gemini runs AfterModel hooks for every streamed chunk.",
  },
  {
    feature: "agent_end",
    native: "AfterAgent",
    support: "native",
    notes: 'JSON `{"decision":"deny","reason":C}`: the model gets a new user turn with exactly C. Gemini only stops after 100 turns, so hookit caps the continuations itself.',
  },
  {
    feature: "agent_settled",
    native: "AfterAgent",
    support: "approximate",
    notes: "Synthesized by hookit when it lets AfterAgent through; another hook may still retry the agent.",
  },
  {
    feature: "session_before_switch",
    native: "",
    support: "impossible",
    notes: "No hook runs before /clear or a resume; SessionEnd and SessionStart only report it afterwards.",
  },
  { feature: "session_before_fork", native: "", support: "impossible", notes: "Gemini CLI has no fork event." },
  {
    feature: "hook_result",
    native: "",
    support: "native",
    notes: "Evaluated in-process by hookit after each native event; never changes what Gemini receives.",
  },
  {
    feature: "actions",
    native: "BeforeTool, AfterTool, AfterAgent",
    support: "approximate",
    notes: "`interrupt` and `shutdown` become `continue:false` + `stopReason`: the agent loop stops with no further model request. `compact`, `message` and `emit-custom-event` cannot be delivered.",
  },
  {
    feature: "user notices",
    native: "all events",
    support: "native",
    notes: "`systemMessage`, shown to the user only; several notices are joined by newlines.",
  },
]);

export default defineAdapter({
  id: ADAPTER_ID,
  title: "Gemini CLI",
  specVersion: SPEC_VERSION,
  verifiedWith: "0.61.0",
  timeoutUnit: "ms",
  registrations: [
    { native: "BeforeTool", kind: "tool_call", matcher: "*" },
    { native: "AfterTool", kind: "tool_result", matcher: "*" },
    { native: "AfterAgent", kind: "stop" },
  ],
  capabilities: CAPABILITIES,
  kindOf: (nativeEvent) => (Object.hasOwn(KINDS, nativeEvent) ? KINDS[nativeEvent] : undefined),
  parse,
  respond,
});

function parse(nativeEvent: string, payload: unknown): Invocation {
  if (!isRecord(payload)) throw new PayloadError(`gemini ${nativeEvent}: the payload must be a JSON object (${typeName(payload)})`);
  const sessionId = stringOf(payload.session_id);
  const transcript = stringOf(payload.transcript_path);
  const metadata: SessionMetadata = {};
  if (sessionId !== undefined) metadata.sessionId = sessionId;
  if (transcript !== undefined) metadata.sessionFile = transcript;
  const base = { agent: ADAPTER_ID, nativeEvent, sessionId, cwd: stringOf(payload.cwd), metadata };
  const kind = Object.hasOwn(KINDS, nativeEvent) ? KINDS[nativeEvent] : "lifecycle";

  if (kind === "tool_call" || kind === "tool_result") {
    const nativeToolName = payload.tool_name;
    if (typeof nativeToolName !== "string" || nativeToolName === "")
      throw new PayloadError(`gemini ${nativeEvent}: "tool_name" must be a non-empty string (${typeName(nativeToolName)})`);
    const nativeToolInput = payload.tool_input;
    if (!isRecord(nativeToolInput))
      throw new PayloadError(`gemini ${nativeEvent}: "tool_input" must be an object (${typeName(nativeToolInput)})`);
    const tool = { ...toPiTool(nativeToolName, nativeToolInput), toolCallId: "", agent: ADAPTER_ID, nativeToolName, nativeToolInput };
    if (kind === "tool_call") return { ...base, kind, events: [{ event: "tool_call", ...tool }] };
    const response = payload.tool_response;
    if (!isRecord(response) && typeof response !== "string")
      throw new PayloadError(`gemini ${nativeEvent}: "tool_response" must be an object (${typeName(response)})`);
    const text = typeof response === "string" ? response : llmText(response.llmContent);
    const isError = isRecord(response) && response.error !== undefined && response.error !== null;
    const content: ContentBlock[] = [{ type: "text", text }];
    return { ...base, kind, events: [{ event: "tool_result", ...tool, content, isError }] };
  }
  if (kind === "stop") {
    const stopHookActive = payload.stop_hook_active === true;
    return { ...base, kind, stopHookActive, events: [{ event: "agent_end", agent: ADAPTER_ID }] };
  }
  if (kind === "turn_end" && finishesTurn(payload.llm_response)) {
    // Gemini sends no turn counter; 0 is the documented placeholder.
    return { ...base, kind, events: [{ event: "turn_end", turnIndex: 0, agent: ADAPTER_ID }] };
  }
  return { ...base, kind: "lifecycle", events: [] };
}

function respond(invocation: Invocation, decision: Decision): Reply {
  const out: Record<string, unknown> = {};
  // `!== undefined`: an empty reason is still a decision and must never fail open.
  if (invocation.kind === "tool_call" && decision.block !== undefined) deny(out, decision.block);
  if (invocation.kind === "tool_result" && decision.patch !== undefined) deny(out, decision.patch.text);
  if (invocation.kind === "stop" && decision.continueWith !== undefined) deny(out, decision.continueWith);
  if (decision.stopAgent !== undefined) {
    out.continue = false;
    out.stopReason = decision.stopAgent || "hookit stopped the agent";
  }
  if (decision.notices.length > 0) out.systemMessage = decision.notices.map((n) => n.message).join("\n");
  // A plain allow prints nothing: Gemini treats empty output as "no decision".
  return { stdout: Object.keys(out).length > 0 ? `${JSON.stringify(out)}\n` : "", stderr: "", exitCode: 0 };
}

// --- internal ---

function verified(rows: Omit<CapabilityRow, "verified">[]): CapabilityRow[] {
  return rows.map((row) => ({ ...row, verified: "fixtures" }));
}

function deny(out: Record<string, unknown>, reason: string): void {
  out.decision = "deny";
  out.reason = reason || "hookit: blocked by policy";
}

/** Gemini tool names and parameters (tools/definitions, legacy and Gemini 3 sets) → Pi's vocabulary. */
function toPiTool(name: string, args: Record<string, unknown>): { toolName: string; input: Record<string, unknown> } {
  const path = stringOf(args.file_path) ?? stringOf(args.absolute_path);
  const dir = stringOf(args.dir_path) ?? stringOf(args.path);
  switch (name) {
    case "run_shell_command":
      if (typeof args.command === "string") return { toolName: "bash", input: { command: args.command } };
      break;
    case "read_file":
      if (path !== undefined) return { toolName: "read", input: { path, ...readRange(args) } };
      break;
    case "write_file":
      if (path !== undefined && typeof args.content === "string")
        return { toolName: "write", input: { path, content: args.content } };
      break;
    case "replace":
      if (path !== undefined && typeof args.old_string === "string" && typeof args.new_string === "string")
        return { toolName: "edit", input: { path, edits: [{ oldText: args.old_string, newText: args.new_string }] } };
      break;
    case "grep_search":
    case "search_file_content": // the name before grep_search
      if (typeof args.pattern === "string") return { toolName: "grep", input: grepInput(args.pattern, dir, args) };
      break;
    case "glob":
      if (typeof args.pattern === "string")
        return { toolName: "find", input: dir === undefined ? { pattern: args.pattern } : { pattern: args.pattern, path: dir } };
      break;
    case "list_directory":
      return { toolName: "ls", input: dir === undefined ? {} : { path: dir } };
  }
  // MCP tools (`mcp_<server>_<tool>`) and everything else keep their name and input.
  return { toolName: name, input: args };
}

/** Pi's `offset` is a 1-based first line and `limit` a line count. */
function readRange(args: Record<string, unknown>): { offset?: number; limit?: number } {
  const range: { offset?: number; limit?: number } = {};
  const start = numberOf(args.start_line); // Gemini 3: 1-based, end inclusive
  const end = numberOf(args.end_line);
  const offset = numberOf(args.offset); // legacy: 0-based
  if (start !== undefined || end !== undefined) {
    if (start !== undefined) range.offset = start;
    if (end !== undefined) range.limit = end - (start ?? 1) + 1;
  } else if (offset !== undefined) range.offset = offset + 1;
  const limit = numberOf(args.limit);
  if (limit !== undefined && range.limit === undefined) range.limit = limit;
  return range;
}

function grepInput(pattern: string, dir: string | undefined, args: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = { pattern };
  if (dir !== undefined) input.path = dir;
  const glob = stringOf(args.include_pattern) ?? stringOf(args.include);
  if (glob !== undefined) input.glob = glob;
  if (typeof args.case_sensitive === "boolean") input.ignoreCase = !args.case_sensitive;
  if (typeof args.fixed_strings === "boolean") input.literal = args.fixed_strings;
  const context = numberOf(args.context);
  if (context !== undefined) input.context = context;
  const limit = numberOf(args.total_max_matches);
  if (limit !== undefined) input.limit = limit;
  return input;
}

/** `llmContent` is what the model gets: a string, or Gemini parts carrying `text`. */
function llmText(llmContent: unknown): string {
  if (typeof llmContent === "string") return llmContent;
  const parts = Array.isArray(llmContent) ? llmContent : [llmContent];
  return parts
    .map((part) => (typeof part === "string" ? part : isRecord(part) && typeof part.text === "string" ? part.text : ""))
    .filter((text) => text !== "")
    .join("\n");
}

function finishesTurn(response: unknown): boolean {
  if (!isRecord(response) || !Array.isArray(response.candidates)) return false;
  return response.candidates.some((c) => isRecord(c) && typeof c.finishReason === "string" && c.finishReason !== "");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** How a wrong value is named in a PayloadError. */
function typeName(value: unknown): string {
  if (value === undefined) return "it is missing";
  if (value === null) return "got null";
  return Array.isArray(value) ? "got an array" : `got a ${typeof value}`;
}
