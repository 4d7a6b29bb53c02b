// One Hook Evaluation (hookit-semantics §3.2): run every matching native hook,
// freeze the Native Event Outcome, then — result-major — select owned Actions
// and evaluate the projected `hook_result` events, and finally append the
// event's feedback Effect.
import { deepFreeze } from "./freeze.ts";
import { metadataEnv } from "./env.ts";
import {
  eventEnv,
  FAILURE_KIND,
  failureOutcome,
  filterCandidate,
  hookitCandidate,
  internalErrorOutcome,
  SKIP_IF_ABORTED,
} from "./events.ts";
import { messageWithFacts } from "./message-facts.ts";
import { attachFacts, attachResultFacts, needsFacts, tooComplexReason, wantsExtras } from "./facts.ts";
import { selectorMatches } from "./filter.ts";
import { invokeHooks, type HookResult, type InvocationBatch } from "./invoke.ts";
import { correctiveMessage, errorDetail, INTERNAL, reportLines, reportMessage, RETRY_STOPPED, unexpectedHookError } from "./texts.ts";
import type {
  ActionPayload,
  Effect,
  EvaluationContext,
  EvaluationObserver,
  EvaluationReportRow,
  Hook,
  HookEvaluationOutcome,
  HookResultEventOutcome,
  NativeEventOutcome,
  NormalizedEvent,
  ReportOrigin,
  StateStore,
} from "./types.ts";

const FINGERPRINT_KEY = "agent_end";

export function memoryStateStore(): StateStore {
  const map = new Map<string, string>();
  return {
    get: (key) => map.get(key),
    set: (key, value) => void (value === undefined ? map.delete(key) : map.set(key, value)),
  };
}

export interface Evaluator {
  evaluate(event: NormalizedEvent, hooks: readonly Hook[], context: EvaluationContext): Promise<HookEvaluationOutcome>;
}

/** A session-scoped evaluator; its default state store holds the agent_end fingerprint. */
export function createEvaluator(): Evaluator {
  const sessionState = memoryStateStore();
  return { evaluate: (event, hooks, context) => evaluate(event, hooks, { state: sessionState, ...context }) };
}

export async function evaluate(
  event: NormalizedEvent,
  enabledHooks: readonly Hook[],
  context: EvaluationContext,
): Promise<HookEvaluationOutcome> {
  // Capture everything first: later changes to the inputs never leak in.
  const hooks = [...enabledHooks];
  const state = context.state ?? memoryStateStore();
  const inherited = context.env ?? process.env; // read when a shell starts, never copied up front
  const baseEnv = { ...metadataEnv(context.metadata), ...context.extraEnv };
  const hookitCand = hookitCandidate(event);
  const candidate = filterCandidate(event, hookitCand);
  const shared = { cwd: context.cwd, inherited, observer: context.observer };

  const skipped = SKIP_IF_ABORTED.has(event.event) && context.signal?.aborted === true;
  // Facts (and the parser) only when a hook that may run looks at them.
  if (!skipped) attachResultFacts(event, hooks, candidate);
  const factEnv =
    !skipped && needsFacts(event, hooks, candidate) ? await attachFacts(event, candidate, context, wantsExtras(event, hooks)) : undefined;
  const tooComplex = factEnv && tooComplexReason(event, candidate);
  const batch: InvocationBatch =
    skipped || tooComplex
      ? { results: [], failures: [], unexpected: [] }
      : await invokeHooks(hooks, {
          ...shared,
          event: event.event,
          failureKind: FAILURE_KIND[event.event],
          candidate,
          eventEnv: { ...baseEnv, ...eventEnv(event, hookitCand), ...factEnv },
          signal: context.signal,
        });

  const unexpectedMessages = batch.unexpected.map((u) => unexpectedHookError(u.hook.ref, errorDetail(u.error), false));
  const nativeOutcome: NativeEventOutcome = tooComplex
    ? { event: "tool_call", outcome: "block", reason: tooComplex }
    : batch.failures.length > 0
      ? failureOutcome(event, batch.failures)
      : unexpectedMessages.length > 0
        ? internalErrorOutcome(event, unexpectedMessages.join("; "))
        : { event: event.event, outcome: "pass" };
  deepFreeze(nativeOutcome); // the freeze: nothing below can change it

  const effects: Effect[] = [];
  const rows: EvaluationReportRow[] = [];
  const hookResultOutcomes: HookResultEventOutcome[] = [];
  const handlers = hooks.filter((hook) => hook.event === "hook_result");
  for (const result of batch.results) {
    pushResult(result, undefined, effects, rows, { candidate, cwd: context.toolCwd ?? context.cwd });
    hookResultOutcomes.push(await projectHookResult(result, handlers, { ...shared, baseEnv }, effects, rows));
  }

  if (batch.failures.length > 0) {
    for (const message of unexpectedMessages) effects.push({ type: "present", message, severity: "error" });
  }
  await appendFeedback(event, batch, unexpectedMessages, state, effects);

  const outcome: HookEvaluationOutcome = { eventOutcomes: [nativeOutcome, ...hookResultOutcomes], effects };
  if (rows.length > 0) outcome.evaluationReport = { rows };
  return deepFreeze(outcome);
}

/** A result's report row and its owned Action (if selected), in that order. */
function pushResult(
  result: HookResult,
  origin: ReportOrigin | undefined,
  effects: Effect[],
  rows: EvaluationReportRow[],
  call?: { candidate: Record<string, unknown>; cwd: string },
): void {
  const { hook } = result;
  if (result.row) rows.push({ type: "hook", hookRef: hook.ref, ...result.row, ...(origin && { origin }) });
  const action = hook.action;
  if (!action || !selectorMatches(action, result.outcome, result.code)) return;
  const { outcome: _o, code: _c, ...payload } = action;
  // `{hookit.<fact>}` in a message: the call's own values (message-facts.ts).
  if (call && payload.type === "message" && typeof payload.message === "string")
    payload.message = messageWithFacts(payload.message, call.candidate, call.cwd);
  effects.push({
    type: "request-action",
    hookRef: hook.ref,
    invocationId: result.invocationId,
    action: deepFreeze(structuredClone(payload)) as ActionPayload,
  });
  rows.push({ type: "action", hookRef: hook.ref, actionType: action.type, outcome: result.outcome, ...(origin && { origin }) });
}

async function projectHookResult(
  origin: HookResult,
  handlers: readonly Hook[],
  shared: { cwd: string; inherited: Record<string, string | undefined>; baseEnv: Record<string, string>; observer?: EvaluationObserver },
  effects: Effect[],
  rows: EvaluationReportRow[],
): Promise<HookResultEventOutcome> {
  const base = { event: "hook_result" as const, hookRef: origin.hook.ref, invocationId: origin.invocationId };
  if (handlers.length === 0) return { ...base, outcome: "pass" };
  const candidate = { ...base, outcome: origin.outcome, code: origin.code };
  // Handlers run detached: no abort signal, and their results are never projected again.
  const batch = await invokeHooks(handlers, {
    event: "hook_result",
    failureKind: "report",
    candidate,
    eventEnv: { ...shared.baseEnv, PI_EVENT_PAYLOAD: JSON.stringify(candidate) },
    cwd: shared.cwd,
    inherited: shared.inherited,
    observer: shared.observer,
  });
  const originTag: ReportOrigin = { hookRef: origin.hook.ref, outcome: origin.outcome };
  for (const result of batch.results) pushResult(result, originTag, effects, rows);
  const unexpected = batch.unexpected.map((u) => unexpectedHookError(u.hook.ref, errorDetail(u.error), true));
  if (batch.failures.length > 0) {
    for (const message of unexpected) effects.push({ type: "present", message, severity: "error" });
    effects.push({ type: "present", message: reportMessage("hook_result", batch.failures), severity: "error" });
  } else if (unexpected.length > 0) {
    effects.push({ type: "present", message: INTERNAL.report("hook_result", unexpected.join("; ")), severity: "error" });
  }
  const failed = batch.failures.length > 0 || unexpected.length > 0;
  return { ...base, outcome: failed ? "report" : "pass" };
}

async function appendFeedback(
  event: NormalizedEvent,
  batch: InvocationBatch,
  unexpectedMessages: string[],
  state: StateStore,
  effects: Effect[],
): Promise<void> {
  const name = event.event;
  const failed = batch.failures.length > 0;
  const crashed = unexpectedMessages.length > 0;
  if (name === "agent_end") {
    if (!failed || crashed) {
      await state.set(FINGERPRINT_KEY, undefined);
      if (crashed) {
        const message = failed ? correctiveMessage(batch.failures) : INTERNAL.report(name, unexpectedMessages.join("; "));
        effects.push({ type: "present", message, severity: "error" });
      }
      return;
    }
    const fingerprint = reportLines(batch.failures);
    if ((await state.get(FINGERPRINT_KEY)) === fingerprint) {
      effects.push({ type: "present", message: RETRY_STOPPED, severity: "error" });
    } else {
      await state.set(FINGERPRINT_KEY, fingerprint);
      effects.push({ type: "request-corrective-turn", message: correctiveMessage(batch.failures) });
    }
    return;
  }
  if (name !== "turn_end" && name !== "agent_settled") return; // block/patch/cancel carry their reason
  if (failed) effects.push({ type: "present", message: reportMessage(name, batch.failures), severity: "error" });
  else if (crashed) effects.push({ type: "present", message: INTERNAL.report(name, unexpectedMessages.join("; ")), severity: "error" });
}
