// What hookit's events become in this agent, for doctor's gap notices and the agent's docs page
// (scripts/gen-docs.mjs), through src/agents/capabilities.ts: never bundled into the hook, which
// reads none of it.
import type { CapabilityRow } from "../../contract/types.ts";
import { type CapabilityRows, withEvidence } from "../shared/evidence.ts";
import { hookResultInProcess, messagesRow, noForkEvent } from "../shared/capability-rows.ts";
import facts from "./facts.ts";

const rows: CapabilityRows = [
  {
    feature: "tool_call",
    native: "BeforeTool",
    support: "native",
    notes:
      'JSON `{"decision":"deny","reason":R}`: the tool does not run and the model gets the function response `{"error":"Tool execution blocked: R"}`.',
  },
  {
    feature: "tool_result",
    native: "AfterTool",
    support: "native",
    notes:
      'JSON `{"decision":"deny","reason":T}`: the real output is hidden and the model gets `{"error":T}` (T is the `[BLOCKED by HooKit] …` text).',
  },
  {
    feature: "turn_end",
    native: "AfterModel",
    support: "approximate",
    notes:
      "No turn-end event: an AfterModel chunk with a `finishReason` counts as the end of a model turn and `turnIndex` is always 0. Not installed by default, because Gemini runs AfterModel hooks for every streamed chunk.",
  },
  {
    feature: "agent_end",
    native: "AfterAgent",
    support: "native",
    notes:
      'JSON `{"decision":"deny","reason":C}`: the model gets a new user turn with exactly C. Gemini only stops after 100 turns, so hookit caps the continuations itself.',
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
  noForkEvent("Gemini CLI"),
  hookResultInProcess("Gemini"),
  messagesRow(
    "BeforeTool, AfterTool, AfterAgent",
    "approximate",
    'A block\'s message follows its reason: {"error":"Tool execution blocked: <reason>\\n\\n<message>"}. After a tool (AfterTool) it is hookSpecificOutput.additionalContext, appended to the result as <hook_context>…</hook_context>. BeforeTool drops additionalContext, so a pass message on a tool call reaches only the user (systemMessage). AfterAgent: it joins the continuation.',
  ),
  {
    feature: "ask",
    native: "BeforeTool",
    support: "approximate",
    notes:
      "Gemini's decision \"ask\" waits for a confirmation nobody can give in -p (the e2e run hung until it was killed), so an ask is the deny: the model reads the reason, the asking hook's message and hookit's note to ask the user.",
  },
  {
    feature: "actions",
    native: "BeforeTool, AfterTool, AfterAgent",
    support: "approximate",
    notes:
      "`interrupt` and `shutdown` become `continue:false` + `stopReason`: the agent loop stops with no further model request. `compact` and `emit-custom-event` cannot be delivered; `message`: see messages.",
  },
  {
    feature: "user notices",
    native: "all events",
    support: "native",
    notes: "`systemMessage`, shown to the user only; several notices are joined by newlines.",
  },
];

export const CAPABILITIES: CapabilityRow[] = withEvidence(rows, facts.verified.newest);
