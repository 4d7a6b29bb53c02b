// From one parsed invocation to one Decision: evaluate each normalized event
// with the engine and fold the outcomes and effects into what the harness can
// be told. Shared by `hookit hook` and `hookit check --agent`.
import { evaluate } from "../engine/evaluate.ts";
import { DEFAULT_TIMEOUT_MS } from "../engine/shell.ts";
import type { Effect, EvaluationContext, Hook, HookEvaluationOutcome, NormalizedEvent } from "../engine/types.ts";
import type { Decision, Invocation, Notice } from "../adapters/types.ts";
import type { SessionState } from "./session-state.ts";

/** hookit's own cap on consecutive corrective continuations per session (Codex has none). */
export const MAX_CONTINUATIONS = 5;

export interface DecideResult {
  decision: Decision;
  outcomes: HookEvaluationOutcome[];
  /** Refs of hooks that ran (report rows), for the decision log. */
  hooks: string[];
}

export async function decide(
  invocation: Invocation,
  hooks: readonly Hook[],
  context: EvaluationContext,
  session: SessionState | undefined,
): Promise<DecideResult> {
  const decision: Decision = { notices: [] };
  const outcomes: HookEvaluationOutcome[] = [];
  const run = async (event: NormalizedEvent) => {
    const outcome = await evaluate(event, hooks, context);
    outcomes.push(outcome);
    applyEffects(invocation, outcome.effects, decision);
    return outcome;
  };

  if (invocation.kind === "tool_call") {
    const blocked: string[] = [];
    for (const [i, event] of invocation.events.entries()) {
      const native = (await run(event)).eventOutcomes[0];
      if (native.outcome !== "block") continue;
      const label = invocation.labels?.[i];
      blocked.push(invocation.events.length > 1 && label ? `${label}: ${native.reason}` : native.reason);
    }
    if (blocked.length > 0) decision.block = blocked.join("\n");
  } else if (invocation.kind === "tool_result") {
    for (const event of invocation.events) {
      const native = (await run(event)).eventOutcomes[0];
      if (native.outcome === "patch" && !decision.patch) {
        decision.patch = { reason: native.reason, text: textOf(native.patch.content) };
      }
    }
  } else if (invocation.kind === "stop") {
    await decideStop(invocation, run, decision, session);
  } else {
    for (const event of invocation.events) await run(event);
  }
  const hooksRun = outcomes.flatMap((o) => o.evaluationReport?.rows.filter((r) => r.type === "hook").map((r) => r.hookRef) ?? []);
  decision.notices.push(...timeoutNotices(outcomes, hooks));
  return { decision, outcomes, hooks: hooksRun };
}

/**
 * HooKit's reason for a stopped command is the same as for a failed one, and the model
 * reads it exactly; the user is told, beside it, that the hook ran out of time.
 */
export function timeoutNotices(outcomes: readonly HookEvaluationOutcome[], hooks: readonly Hook[]): Notice[] {
  const notices: Notice[] = [];
  for (const row of outcomes.flatMap((o) => o.evaluationReport?.rows ?? [])) {
    if (row.type !== "hook" || row.passed) continue;
    const limit = hooks.find((h) => h.ref === row.hookRef)?.timeout ?? DEFAULT_TIMEOUT_MS;
    if (row.durationMs < limit) continue;
    notices.push({
      message: `hookit: hook "${row.hookRef}" timed out after ${limit / 1000} s and was stopped, so it counted as failed. Make it faster, or raise its "timeout" (in ms) in the policy.`,
      severity: "warning",
    });
  }
  return notices;
}

async function decideStop(
  invocation: Invocation,
  run: (event: NormalizedEvent) => Promise<HookEvaluationOutcome>,
  decision: Decision,
  session: SessionState | undefined,
): Promise<void> {
  for (const event of invocation.events) await run(event);
  if (decision.continueWith !== undefined && session) {
    if (session.continuations >= MAX_CONTINUATIONS) {
      decision.notices.push({
        message: `hookit: agent-end hooks requested ${MAX_CONTINUATIONS} continuations in a row; automatic retry stopped.`,
        severity: "error",
      });
      delete decision.continueWith;
    } else {
      session.continuations += 1;
    }
  }
  if (decision.continueWith !== undefined && !session && invocation.stopHookActive) {
    // Without session state hookit cannot count continuations; the harness's own
    // "already continued" flag is the brake, so an agent with no cap (Codex) cannot loop.
    decision.notices.push({ message: "hookit: not continuing again without session state (the agent already continued once).", severity: "warning" });
    delete decision.continueWith;
  }
  if (decision.continueWith === undefined) {
    if (session) session.continuations = 0;
    // hookit lets the stop through: this is as close to "settled" as the harness tells us.
    await run({ event: "agent_settled", agent: invocation.agent });
  }
}

function applyEffects(invocation: Invocation, effects: readonly Effect[], decision: Decision): void {
  for (const effect of effects) {
    if (effect.type === "present") decision.notices.push({ message: effect.message, severity: effect.severity });
    else if (effect.type === "request-corrective-turn") decision.continueWith = effect.message;
    else applyAction(invocation, effect, decision);
  }
}

/** Actions in a spawn-per-event harness: what can be expressed is, the rest is said. */
function applyAction(invocation: Invocation, effect: Extract<Effect, { type: "request-action" }>, decision: Decision): void {
  const { action, hookRef } = effect;
  if (action.type === "interrupt" || action.type === "shutdown") {
    decision.stopAgent ??= `hookit: hook "${hookRef}" requested ${action.type}`;
    return;
  }
  if (action.type === "message" && invocation.kind === "stop" && action.delivery !== "nextTurn") {
    decision.continueWith = [decision.continueWith, String(action.message)].filter(Boolean).join("\n\n");
    return;
  }
  const notice: Notice = {
    message: `hookit: action ${action.type} from "${hookRef}" cannot be delivered on ${invocation.agent}`,
    severity: "warning",
  };
  decision.notices.push(notice);
}

function textOf(content: readonly { type: string; text?: string }[]): string {
  return content.map((block) => block.text ?? "").join("\n");
}
