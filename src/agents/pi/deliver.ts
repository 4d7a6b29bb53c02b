// Delivering a Hook Evaluation's Effects through Pi's APIs, in the engine's
// order, each one best-effort (hookit-semantics §6.2, §6.3): a failed delivery
// is reported to the user and never changes the frozen Event Outcome.
import { errorDetail } from "../../engine/texts.ts";
import type { ActionPayload, Effect } from "../../engine/types.ts";
import type { PiAPI, PiContext, PiSeverity } from "./pi-types.ts";

/** `customType` of every message hookit puts into the conversation. */
const MESSAGE_TYPE = "hookit";

/** Shows a notification when Pi has a UI; presentation can never fail a callback. */
export function notify(ctx: PiContext, message: string, severity: PiSeverity): void {
  try {
    if (ctx.hasUI) ctx.ui.notify(message, severity);
  } catch {
    // Best-effort: a broken UI must not turn into a decision.
  }
}

export async function deliverEffects(effects: readonly Effect[], pi: PiAPI, ctx: PiContext): Promise<void> {
  for (const effect of effects) {
    try {
      switch (effect.type) {
        case "present":
          if (ctx.hasUI) ctx.ui.notify(effect.message, effect.severity);
          break;
        case "request-corrective-turn":
          // Reaches the model as a user-role message and starts one more run (Pi ≥0.77, §3).
          watch(pi.sendMessage({ customType: MESSAGE_TYPE, content: effect.message, display: true }, { triggerTurn: true }), (error) =>
            notify(ctx, correctiveFailure(error), "error"),
          );
          break;
        case "request-action":
          deliverAction(effect.action, effect.hookRef, pi, ctx);
          break;
      }
    } catch (error) {
      if (effect.type === "request-action") {
        notify(ctx, actionFailure(effect.hookRef, error), "error");
      } else if (effect.type === "request-corrective-turn") {
        notify(ctx, correctiveFailure(error), "error");
      }
      // Later Effects are still attempted.
    }
  }
}

function deliverAction(action: ActionPayload, hookRef: string, pi: PiAPI, ctx: PiContext): void {
  const late = (error: unknown) => notify(ctx, actionFailure(hookRef, error), "error");
  const settle = (result: unknown) => watch(result, late);
  switch (action.type) {
    case "interrupt":
      settle(ctx.abort());
      return;
    case "shutdown":
      if (action.interrupt === true) settle(ctx.abort());
      settle(ctx.shutdown());
      return;
    case "compact": {
      if (typeof ctx.compact !== "function") throw new Error("this Pi version cannot compact from an extension");
      const instructions = typeof action.instructions === "string" ? { customInstructions: action.instructions } : {};
      settle(
        ctx.compact({
          ...instructions,
          // Compaction finishes later; its failure is reported, as HooKit does.
          onError: (error) => notify(ctx, `hookit: compact action from "${hookRef}" failed — ${errorDetail(error)}`, "error"),
        }),
      );
      return;
    }
    case "message": {
      const message = String(action.message);
      if (action.sendAs === "user") {
        // A genuine user message through Pi's input path, with command/skill/template expansion.
        const deliverAs = action.delivery === "followUp" ? "followUp" : "steer";
        settle(pi.sendUserMessage(message, { deliverAs, expandPromptTemplates: true }));
        return;
      }
      const deliverAs = action.delivery as "steer" | "followUp" | "nextTurn";
      settle(
        pi.sendMessage(
          { customType: MESSAGE_TYPE, content: message, display: true },
          { deliverAs, triggerTurn: action.triggerTurn === true },
        ),
      );
      return;
    }
    case "emit-custom-event":
      settle(pi.events.emit(String(action.name), action.data));
      return;
  }
}

const actionFailure = (hookRef: string, error: unknown) => `hookit: action from "${hookRef}" delivery failed — ${errorDetail(error)}`;
const correctiveFailure = (error: unknown) => `hookit: corrective turn delivery failed — ${errorDetail(error)}`;

/**
 * Pi types these calls as `void`, but some implementations are async
 * underneath. They are never awaited — `shutdown()` waits for Pi to go idle,
 * which cannot happen while this handler runs — but a later rejection is still
 * reported instead of becoming an unhandled one.
 */
function watch(result: unknown, report: (error: unknown) => void): void {
  if (result !== null && typeof result === "object" && typeof (result as PromiseLike<unknown>).then === "function") {
    (result as PromiseLike<unknown>).then(undefined, report);
  }
}
