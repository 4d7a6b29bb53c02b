// Pi's capability table, as data for `doctor` and the docs. Pi is HooKit's own
// host, so every hookit event is native there; the notes say what the model or
// the user actually gets (pi-extension-api.md §2–§6, model-view.md §6).
import { withEvidence } from "../shared/evidence.ts";
import type { CapabilityRow } from "../../contract/types.ts";
import facts from "./facts.ts";

export const PI_VERIFIED_WITH = `Pi ${facts.verified.newest} (@earendil-works/pi-coding-agent): fixtures and the real CLI`;
/**
 * The oldest Pi hookit supports: its peer-dependency floor (0.87 made `turn_end`
 * an actionable boundary). Every event hookit subscribes to exists from 0.80.4.
 */
export const PI_MIN_VERSION = "0.87.0";

export const PI_CAPABILITIES: readonly CapabilityRow[] = Object.freeze(
  withEvidence(
    [
      {
        feature: "tool_call",
        native: "tool_call",
        support: "native",
        notes: "Returns {block:true, reason}; the model gets the reason as the tool result. hookit's own errors also block.",
      },
      {
        feature: "tool_result",
        native: "tool_result",
        support: "native",
        notes:
          "Returns {content, details, isError:true}: the model sees only `[BLOCKED by HooKit] …`. hookit catches its own errors and suppresses the result (Pi would let a throwing handler through).",
      },
      {
        feature: "turn_end",
        native: "turn_end",
        support: "native",
        notes: "Report only: failures are notified to the user. turnIndex restarts at 0 in every low-level run.",
      },
      {
        feature: "agent_end",
        native: "agent_end",
        support: "native",
        notes:
          "A failure sends one corrective custom message with triggerTurn (a user-role message to the model); an identical repeat only notifies. Needs Pi ≥0.77 for the turn to run in print mode.",
      },
      {
        feature: "agent_settled",
        native: "agent_settled",
        support: "native",
        notes: "Report only. Pi ≥0.80.4; older Pi never fires it.",
      },
      {
        feature: "session_before_switch",
        native: "session_before_switch",
        support: "native",
        notes: "Returns {cancel:true}. hookit catches its own errors and cancels (Pi would let a throwing handler through).",
      },
      {
        feature: "session_before_fork",
        native: "session_before_fork",
        support: "native",
        notes: "Returns {cancel:true} for /fork and /clone, fail-closed like session_before_switch.",
      },
      {
        feature: "actions",
        native: "ctx.abort, ctx.shutdown, ctx.compact, pi.sendMessage, pi.sendUserMessage, pi.events.emit",
        support: "native",
        notes: "All five Action types. ctx.shutdown does nothing in print mode; notifications need a UI (TUI or RPC).",
      },
      {
        feature: "messages",
        native: "pi.sendMessage, pi.sendUserMessage",
        support: "native",
        notes:
          "HooKit's own delivery: steer, followUp and nextTurn are Pi's modes. In print mode a block's or a pass's message arrives as its own message after the tool result.",
      },
      {
        feature: "ask",
        native: "ctx.ui.confirm",
        support: "native",
        notes:
          'With a UI (TUI, RPC) an asking block opens a confirm dialog "hookit: allow <tool>?" showing the asking hooks\' messages (or the reason): yes runs the tool; no, a dismissed dialog or a broken UI block it, and the model reads the reason and "hookit: the user did not allow this call.". Print and JSON modes have no UI: HooKit\'s block.',
      },
      {
        feature: "hook_result",
        native: "",
        support: "native",
        notes: "Evaluated inside hookit after each hook, as in HooKit.",
      },
    ],
    facts.verified.newest,
    "fixtures",
    ["session_before_switch"],
  ),
); // switch cancel: test/e2e/pi-rpc.e2e.test.ts; ask: pi-ask.e2e.test.ts
