// OpenCode's capability table, as data for `doctor` and the docs. hookit runs
// inside OpenCode as a plugin (no hook process); every note says what the model
// or the user actually gets, as observed on OpenCode 1.18.33 against the fake
// model server (test/e2e/opencode.e2e.test.ts, test/fixtures/opencode/).
import { withEvidence } from "../shared/evidence.ts";
import type { CapabilityRow } from "../../contract/types.ts";
import facts from "./facts.ts";

const OPENCODE_VERSION = facts.verified.newest;
export const OPENCODE_VERIFIED_WITH = `OpenCode ${OPENCODE_VERSION} (opencode-ai): fixtures and the real CLI`;

export const OPENCODE_CAPABILITIES: readonly CapabilityRow[] = Object.freeze(
  withEvidence(
    [
      {
        feature: "tool_call",
        native: "tool.execute.before",
        support: "native",
        notes:
          "The plugin throws an Error carrying the reason: OpenCode fails the call and the model reads exactly the reason as the tool result. Runs before OpenCode's own permission check. Each file of an apply_patch is checked on its own. hookit's own errors and an invalid policy also block.",
      },
      {
        feature: "tool_result",
        native: "tool.execute.after",
        support: "approximate",
        notes:
          "The result's output is replaced (attachments dropped): the model reads only `[BLOCKED by HooKit] …`. OpenCode calls this only after a call that succeeded (a non-zero bash exit counts as success); a call that failed never reaches hookit, so isError is always false.",
      },
      {
        feature: "turn_end",
        native: "message.updated",
        support: "approximate",
        notes:
          "An assistant message completing (one model step) is a turn end. Report only, told to the user; OpenCode does not wait for it, so the next step may already be running. turnIndex counts steps since the last user message.",
      },
      {
        feature: "agent_end",
        native: "session.idle",
        support: "approximate",
        notes:
          "A failure sends one corrective user message (session promptAsync) and OpenCode runs another turn; an identical repeat only notifies, and hookit stops after 5 continuations in a row. Works in the TUI and `opencode serve` (also with `opencode run --attach`); a plain `opencode run` exits at idle, so there the corrective turn never runs. Subagent sessions and runs the user aborted are not evaluated.",
      },
      {
        feature: "agent_settled",
        native: "session.idle",
        support: "approximate",
        notes: "Synthesized when hookit lets the idle session stay idle.",
      },
      {
        feature: "session_before_switch",
        native: "",
        support: "impossible",
        notes: "No plugin hook runs before a session switch or /new, and none can veto one.",
      },
      {
        feature: "session_before_fork",
        native: "",
        support: "impossible",
        notes: "No plugin hook runs before a fork, and none can veto one.",
      },
      {
        feature: "hook_result",
        native: "",
        support: "native",
        notes: "Evaluated inside hookit after each hook; no OpenCode event involved.",
      },
      {
        feature: "actions",
        native: "session.abort, session.promptAsync",
        support: "approximate",
        notes:
          "interrupt and shutdown abort the session's current run (OpenCode itself keeps running). compact and emit-custom-event are told to the user as not deliverable; message: see messages.",
      },
      {
        feature: "messages",
        native: "tool.execute.before, tool.execute.after, session.promptAsync",
        support: "approximate",
        notes:
          "A block's message follows its reason in the error the model reads. After a tool it is appended to the tool output. A pass message before the tool runs has no model channel: the user is told (toast). On agent_end it joins the corrective message. steer, followUp and nextTurn all mean: with the next model request.",
      },
      {
        feature: "ask",
        native: "tool.execute.before",
        support: "approximate",
        notes:
          "A plugin's tool.execute.before can only let a call run or fail it, so an ask is the block: the model reads the reason, the asking hook's message and hookit's note to ask the user.",
      },
      {
        feature: "user notices",
        native: "tui.showToast, app.log",
        support: "approximate",
        notes:
          "A toast in the TUI and a line in OpenCode's log (service hookit); the model does not see them. A plain `opencode run` shows neither.",
      },
    ],
    OPENCODE_VERSION,
  ),
);
