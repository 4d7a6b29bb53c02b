// One event through a policy, the way `hookit test`, `explain` and `replay`
// need it: a normalized event goes straight to the engine (HooKit's
// semantics), an agent's native payload goes through that agent's adapter and
// hookit's decision step, exactly as `hookit hook` would take it.
import { loadAdapter, resolveHookAgent } from "../agents/registry.ts";
import type { Decision, Invocation, Reply } from "../contract/types.ts";
import { evaluate } from "../engine/evaluate.ts";
import type { EvaluationContext, Hook, HookEvaluationOutcome, NormalizedEvent } from "../engine/types.ts";
import { judge, type PolicyView } from "../run/judge.ts";

/** What a case can expect. `ask` and `continue` exist only where an agent decides them. */
export const OUTCOMES = ["pass", "block", "patch", "ask", "continue", "cancel", "report"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export type Input = { event: NormalizedEvent } | { agent: string; native: string; payload: unknown };

export interface InputResult {
  outcome: Outcome;
  /** The block / patch / cancel reason, the ask question, or the continuation message. */
  reason?: string;
  /** Everything else said: notices, presented messages, Action messages. */
  messages: string[];
  /** Refs of the hooks that failed (the ones behind a block, patch, cancel or report). */
  failedHooks: string[];
  outcomes: HookEvaluationOutcome[];
  /** Native input only: hookit's decision, and the agent's exact answer. */
  invocation?: Invocation;
  decision?: Decision;
  reply?: Reply;
}

export async function runInput(input: Input, hooks: readonly Hook[], context: EvaluationContext): Promise<InputResult> {
  if ("event" in input) return judgeEvent(await evaluate(input.event, hooks, context));
  const id = resolveHookAgent(input.agent.toLowerCase());
  if (!id) throw new Error(`unknown agent "${input.agent}"`);
  const adapter = await loadAdapter(id);
  const invocation = adapter.parse(input.native, input.payload);
  return judgeInvocation(invocation, hooks, context, (decision) => adapter.respond(invocation, decision));
}

/**
 * An already-parsed invocation through hookit's own decision step (`judge`:
 * self-protection, the policy, the failure policy), with `hooks` as the policy
 * and nothing logged. Replay uses this with recorded events.
 */
export async function judgeInvocation(
  invocation: Invocation,
  hooks: readonly Hook[],
  context: EvaluationContext,
  respond?: (decision: Decision) => Reply,
): Promise<InputResult> {
  const policy: PolicyView = { projectDir: context.cwd, hooks, notices: [], projectTrusted: true };
  const judged = await judge(invocation, {
    env: context.env ?? process.env,
    processCwd: context.cwd,
    policy: () => policy,
    session: invocation.kind === "stop" ? { engine: {}, continuations: 0 } : undefined,
    log: false,
    ...(context.observer && { observer: context.observer }),
    ...(context.toolCwd !== undefined && { factsAt: { cwd: context.toolCwd, projectDir: context.projectDir ?? context.toolCwd } }),
  });
  const { decision } = judged;
  const outcomes = judged.result?.outcomes ?? [];
  const reason = judged.record.reason ?? askOf(decision);
  return {
    outcome: decisionOutcome(judged.record.outcome, decision),
    ...(reason !== undefined && { reason }),
    messages: decision.notices.map((n) => n.message),
    failedHooks: failedHooks(outcomes),
    outcomes,
    invocation,
    decision,
    ...(respond && { reply: respond(decision) }),
  };
}

/** The decision log's word for a Decision, as an Outcome (`ask` read even where the log has no word for it yet). */
function decisionOutcome(logged: string, decision: Decision): Outcome {
  if (logged !== "block" && askOf(decision) !== undefined) return "ask";
  return (OUTCOMES as readonly string[]).includes(logged) ? (logged as Outcome) : "report";
}

/** An `ask` decision (a hookit extension another change adds), read without depending on its type. */
function askOf(decision: Decision): string | undefined {
  const ask = (decision as { ask?: unknown }).ask;
  if (typeof ask === "string") return ask;
  if (ask && typeof ask === "object" && typeof (ask as { reason?: unknown }).reason === "string") return (ask as { reason: string }).reason;
  return undefined;
}

function judgeEvent(outcome: HookEvaluationOutcome): InputResult {
  const native = outcome.eventOutcomes[0];
  const messages: string[] = [];
  let corrective: string | undefined;
  for (const effect of outcome.effects) {
    if (effect.type === "present") messages.push(effect.message);
    else if (effect.type === "request-corrective-turn") corrective = effect.message;
    else if (typeof effect.action.message === "string") messages.push(effect.action.message);
  }
  const base = { messages, failedHooks: failedHooks([outcome]), outcomes: [outcome] };
  if (corrective !== undefined) return { ...base, outcome: "continue", reason: corrective };
  if ("reason" in native) return { ...base, outcome: native.outcome, reason: native.reason };
  return { ...base, outcome: native.outcome };
}

function failedHooks(outcomes: readonly HookEvaluationOutcome[]): string[] {
  const refs = outcomes.flatMap(
    (o) => o.evaluationReport?.rows.flatMap((r) => (r.type === "hook" && !r.passed && !r.origin ? [r.hookRef] : [])) ?? [],
  );
  return [...new Set(refs)];
}
