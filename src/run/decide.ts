// From one parsed invocation to one Decision: evaluate each normalized event
// with the engine and fold the outcomes and effects into what the harness can
// be told. Shared by `hookit hook` and `hookit check --agent`.
import { evaluate } from "../engine/evaluate.ts";
import { DEFAULT_TIMEOUT_MS } from "../engine/shell.ts";
import type { Effect, EvaluationContext, Hook, HookEvaluationOutcome, NormalizedEvent } from "../engine/types.ts";
import type { Decision, Invocation, Notice } from "../contract/types.ts";
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
  const messages: Message[] = [];
  const run = async (event: NormalizedEvent) => {
    const outcome = await evaluate(event, hooks, context);
    outcomes.push(outcome);
    applyEffects(invocation, outcome.effects, decision, messages);
    return outcome;
  };

  if (invocation.kind === "tool_call") {
    const blocked: string[] = [];
    let asks = true;
    for (let i = 0; i < invocation.events.length; i++) {
      const native = (await run(invocation.events[i]!)).eventOutcomes[0];
      if (native.outcome !== "block") continue;
      if (native.ask !== true) asks = false;
      const label = invocation.labels?.[i];
      blocked.push(invocation.events.length > 1 && label ? `${label}: ${native.reason}` : native.reason);
    }
    if (blocked.length > 0) refuse(decision, blocked.join("\n"), asks, messages, hooks);
    else passMessages(decision, messages);
  } else if (invocation.kind === "tool_result") {
    for (const event of invocation.events) {
      const native = (await run(event)).eventOutcomes[0];
      if (native.outcome === "patch" && !decision.patch) {
        decision.patch = { reason: native.reason, text: textOf(native.patch.content) };
      }
    }
    // A patch is what the model reads instead of the result: the messages ride in it.
    if (decision.patch && messages.length > 0) {
      decision.patch.text = withMessages(decision.patch.text, messages);
      decision.patch.messages = messages.map((m) => m.text).join("\n\n");
    } else passMessages(decision, messages);
  } else if (invocation.kind === "stop") {
    await decideStop(invocation, run, decision, session);
    passMessages(decision, messages);
  } else {
    for (const event of invocation.events) await run(event);
    passMessages(decision, messages);
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

/** An owned `message` Action headed for the model (or, from an asking hook, for the user). */
interface Message {
  hookRef: string;
  text: string;
}

/** Appended to the reason the model reads when an ask has to be a block. */
export const ASK_DEGRADED =
  "hookit: this call needs the user's confirmation, which cannot be asked for here; ask the user to allow it or to run it.";

/**
 * A tool_call refusal. The model reads the reason with every message Action
 * after it. When every refusing hook asks (hookit's `ask` extension), the user
 * is asked instead: what they read is the asking hooks' messages, or the reason
 * when those hooks have none. `block` stays set, so an agent that cannot ask refuses.
 */
function refuse(decision: Decision, reason: string, asks: boolean, messages: Message[], hooks: readonly Hook[]): void {
  decision.block = withMessages(reason, messages);
  if (!asks) return;
  const asking = new Set(hooks.filter((h) => h.ask === true).map((h) => h.ref));
  const prompts = messages.filter((m) => asking.has(m.hookRef)).map((m) => m.text);
  decision.ask = prompts.length > 0 ? prompts.join("\n\n") : reason;
  decision.block = `${decision.block}\n\n${ASK_DEGRADED}`;
}

function withMessages(text: string, messages: readonly Message[]): string {
  return [text, ...messages.map((m) => m.text)].join("\n\n");
}

/** Messages on an answer that refuses nothing reach the model as additional context, where the agent has it. */
function passMessages(decision: Decision, messages: readonly Message[]): void {
  if (messages.length > 0) decision.context = messages.map((m) => m.text).join("\n\n");
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
    decision.notices.push({
      message: "hookit: not continuing again without session state (the agent already continued once).",
      severity: "warning",
    });
    delete decision.continueWith;
  }
  if (decision.continueWith === undefined) {
    if (session) session.continuations = 0;
    // hookit lets the stop through: this is as close to "settled" as the harness tells us.
    await run({ event: "agent_settled", agent: invocation.agent });
  }
}

function applyEffects(invocation: Invocation, effects: readonly Effect[], decision: Decision, messages: Message[]): void {
  for (const effect of effects) {
    if (effect.type === "present") decision.notices.push({ message: effect.message, severity: effect.severity });
    else if (effect.type === "request-corrective-turn") decision.continueWith = effect.message;
    else applyAction(invocation, effect, decision, messages);
  }
}

/**
 * Actions in a spawn-per-event harness: what can be expressed is, the rest is said.
 * A `message` goes to the model with this very answer: every delivery mode
 * (steer, followUp, nextTurn) lands in the next model request, except that at a
 * stop only steer/followUp start the extra turn (nextTurn never triggers one).
 */
function applyAction(
  invocation: Invocation,
  effect: Extract<Effect, { type: "request-action" }>,
  decision: Decision,
  messages: Message[],
): void {
  const { action, hookRef } = effect;
  if (action.type === "interrupt" || action.type === "shutdown") {
    decision.stopAgent ??= `hookit: hook "${hookRef}" requested ${action.type}`;
    return;
  }
  if (action.type === "message" && invocation.kind === "stop" && action.delivery !== "nextTurn") {
    decision.continueWith = [decision.continueWith, String(action.message)].filter(Boolean).join("\n\n");
    return;
  }
  if (action.type === "message" && invocation.kind !== "stop") {
    messages.push({ hookRef, text: String(action.message) });
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
