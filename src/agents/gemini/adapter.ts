// Gemini CLI adapter (fixtures: Gemini CLI 0.61.0).
// Protocol: harness-protocols §4 and §7; what the model sees: fixtures/model-view.md §3.
// Gemini reads `stdout.trim() || stderr.trim()`; JSON wins over the exit code, and a
// non-JSON text with exit >= 2 denies. hookit therefore always exits 0 and speaks JSON only.
import { describe, isRecord, nonEmptyReason } from "../shared/payload.ts";
import { withUndelivered } from "../shared/messages.ts";
import { defineAdapter } from "../shared/define.ts";
import facts from "./facts.ts";
import { withoutGeminiDotenv } from "./dotenv.ts";
import { readByKind, type Opened, type PayloadShape } from "../shared/opening.ts";
import { geminiResultText, normalizeGeminiCalls, TOOL_CLASSES } from "./tools.ts";
import { splitCallEvents, type SplitCalls } from "../shared/split-call-events.ts";
import { PayloadError, type Decision, type Invocation, type InvocationKind, type Reply } from "../../contract/types.ts";

const ADAPTER_ID = "gemini";

// Every event of Gemini's enum (identical in 0.61.0), spelled as Gemini sends it: the registered
// ones, AfterModel, and the rest, answered with a plain allow.
const KINDS: Record<string, InvocationKind> = {
  // Fires per streamed chunk; parse() keeps only chunks that finish a model turn.
  AfterModel: "turn_end",
};
const LIFECYCLE_EVENTS = ["BeforeAgent", "BeforeModel", "BeforeToolSelection", "SessionStart", "SessionEnd", "PreCompress", "Notification"];

// Gemini's hook payload carries no tool-call id.
const TOOLS: SplitCalls = { agent: ADAPTER_ID, table: TOOL_CLASSES, split: normalizeGeminiCalls };

const PAYLOAD: PayloadShape = {
  name: "Gemini CLI",
  fields: { sessionId: ["session_id"], cwd: ["cwd"], sessionFile: ["transcript_path"] },
};

export default defineAdapter({
  id: ADAPTER_ID,
  title: "Gemini CLI",
  // The newest release the real-CLI suite passed on.
  verifiedWith: facts.verified.newest,
  timeoutUnit: "ms",
  registrations: [
    { native: "BeforeTool", kind: "tool_call", matcher: "*" },
    { native: "AfterTool", kind: "tool_result", matcher: "*" },
    { native: "AfterAgent", kind: "stop" },
  ],
  // A misspelt pre-tool event is a tool_call that parse() refuses, so it blocks.
  kinds: KINDS,
  lifecycle: LIFECYCLE_EVENTS,
  payload: PAYLOAD,
  read: readByKind({
    tools: toolEvents,
    stopHookActive: (payload) => payload.stop_hook_active === true,
    // Only a response with a finish reason ends the turn. Gemini sends no turn counter: turnIndex 0 is the documented placeholder.
    endsTurn: (payload) => finishesTurn(payload.llm_response),
  }),
  respond,
  // HOOKIT=0 or HOOKIT_CONFIG from a `.env` Gemini loaded is not the user's switch (dotenv.ts).
  userEnv: withoutGeminiDotenv,
});

function toolEvents({ payload, where }: Opened, kind: "tool_call" | "tool_result"): Pick<Invocation, "events"> {
  const nativeToolName = payload.tool_name;
  if (typeof nativeToolName !== "string" || nativeToolName === "")
    throw new PayloadError(`${where}: "tool_name" must be a non-empty string, got ${describe(nativeToolName)}`);
  const nativeToolInput = payload.tool_input;
  if (!isRecord(nativeToolInput))
    throw new PayloadError(`${where}: "tool_input" of ${nativeToolName} must be a JSON object, got ${describe(nativeToolInput)}`);
  // A call that became several reads keeps its native name and input in its one result.
  const events = splitCallEvents(TOOLS, kind, nativeToolName, nativeToolInput, where, () => {
    const response = payload.tool_response;
    if (!isRecord(response) && typeof response !== "string")
      throw new PayloadError(`${where}: "tool_response" must be a JSON object, got ${describe(response)}`);
    return { text: geminiResultText(response), isError: isRecord(response) && response.error !== undefined && response.error !== null };
  });
  return { events };
}

function respond(invocation: Invocation, decision: Decision): Reply {
  const out: Record<string, unknown> = {};
  // `!== undefined`: an empty reason is still a decision and must never fail open.
  // hookit's ask is the deny: Gemini's "ask" waits for a confirmation nobody can give in -p (the run hung until killed).
  if (invocation.kind === "tool_call" && decision.block !== undefined) deny(out, decision.block);
  // A message on an answer that refuses nothing: context for the model with the tool's result.
  if (decision.context !== undefined && CONTEXT_EVENTS.has(invocation.nativeEvent) && out.decision === undefined)
    out.hookSpecificOutput = { hookEventName: invocation.nativeEvent, additionalContext: decision.context };
  if (invocation.kind === "tool_result" && decision.patch !== undefined) deny(out, decision.patch.text);
  // Stopping wins over a continuation: an interrupt/shutdown Action asked for the agent to stop.
  if (invocation.kind === "stop" && decision.continueWith !== undefined && decision.stopAgent === undefined)
    deny(out, decision.continueWith);
  if (decision.stopAgent !== undefined) {
    out.continue = false;
    out.stopReason = nonEmptyReason(decision.stopAgent, "hookit: stopped by policy");
  }
  const notices = withUndelivered(invocation, decision, CONTEXT_EVENTS.has(invocation.nativeEvent));
  if (notices.length > 0) out.systemMessage = notices.map((n) => n.message).join("\n");
  // A plain allow prints nothing: Gemini treats empty output as "no decision".
  return { stdout: Object.keys(out).length > 0 ? `${JSON.stringify(out)}\n` : "", stderr: "", exitCode: 0 };
}

// --- internal ---

/**
 * Events whose hookSpecificOutput.additionalContext reaches the model (e2e, test/e2e/messages.e2e.test.ts):
 * AfterTool appends it to the result; BeforeTool's is dropped (0.61).
 */
const CONTEXT_EVENTS: ReadonlySet<string> = new Set(["AfterTool"]);

function deny(out: Record<string, unknown>, reason: string): void {
  out.decision = "deny";
  out.reason = nonEmptyReason(reason, "hookit: blocked by policy");
}

function finishesTurn(response: unknown): boolean {
  if (!isRecord(response) || !Array.isArray(response.candidates)) return false;
  return response.candidates.some((c) => isRecord(c) && typeof c.finishReason === "string" && c.finishReason !== "");
}
