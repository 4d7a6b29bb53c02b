// The invocation loop shared by native events and `hook_result` handlers:
// filter → when → shell for every matching hook, in Enabled Hook Set order.
import { composeEnv } from "./env.ts";
import { filterMatches, HOOK_RESULT_SELECTOR_KEYS, selectorMatches } from "./filter.ts";
import { runShell } from "./shell.ts";
import type { Failure } from "./texts.ts";
import type { EvaluationObserver, FailureKind, Hook, HookOutcome } from "./types.ts";

export interface HookResult {
  hook: Hook;
  invocationId: string;
  outcome: HookOutcome;
  code: number | null;
  /** Present when the main shell started (real spawn or shortcut). */
  row?: { durationMs: number; passed: boolean };
}

export interface InvocationBatch {
  results: HookResult[];
  failures: Failure[];
  unexpected: { hook: Hook; error: unknown }[];
}

export interface InvocationInput {
  event: string;
  failureKind: FailureKind;
  candidate: Record<string, unknown>;
  eventEnv: Record<string, string>;
  cwd: string;
  inherited: Record<string, string | undefined>;
  signal?: AbortSignal;
  observer?: EvaluationObserver;
}

export async function invokeHooks(hooks: readonly Hook[], input: InvocationInput): Promise<InvocationBatch> {
  const batch: InvocationBatch = { results: [], failures: [], unexpected: [] };
  for (const hook of hooks) {
    if (hook.event !== input.event) continue;
    try {
      // Synchronous filter first: a catalog of misses must not pay for an await per hook.
      const matched = hookFilterMatches(hook, input.candidate);
      input.observer?.({ step: "filter", hook, candidate: input.candidate, matched });
      if (matched) await invokeOne(hook, input, batch);
    } catch (error) {
      batch.unexpected.push({ hook, error });
    }
  }
  return batch;
}

async function invokeOne(hook: Hook, input: InvocationInput, batch: InvocationBatch): Promise<void> {
  const invocationId = randomUuid();
  // Built once, and only if a real shell starts (true/false shortcuts need none).
  let env: Record<string, string> | undefined;
  const lazyEnv = () =>
    (env ??= composeEnv(
      input.inherited,
      input.eventEnv,
      { PI_HOOK_REF: hook.ref, PI_HOOK_EVENT: hook.event, PI_HOOK_INVOCATION_ID: invocationId, PI_EVENT: input.event, PI_CWD: input.cwd },
      input.cwd,
    ));
  const shellOptions = { cwd: input.cwd, env: lazyEnv, signal: input.signal, timeoutMs: hook.timeout };
  const startedAt = Date.now();
  const { observer } = input;
  if (hook.when) {
    const when = await runShell(hook.when, shellOptions);
    observer?.({ step: "when", hook, command: hook.when, code: when.code, durationMs: Date.now() - startedAt, started: when.started });
    if (when.code === null) {
      batch.failures.push({ hook, phase: "when", command: hook.when, code: null });
      batch.results.push({ hook, invocationId, outcome: input.failureKind, code: null });
      return;
    }
    if (when.code !== 0) return; // ordinary false `when`: the hook is skipped
  }
  const shellStartedAt = observer ? Date.now() : 0;
  const run = await runShell(hook.shell, shellOptions);
  observer?.({ step: "shell", hook, command: hook.shell, code: run.code, durationMs: Date.now() - shellStartedAt, started: run.started });
  const passed = run.code === 0;
  const result: HookResult = { hook, invocationId, outcome: passed ? "pass" : input.failureKind, code: run.code };
  if (run.started) result.row = { durationMs: Math.max(0, Date.now() - startedAt), passed };
  batch.results.push(result);
  if (!passed) batch.failures.push({ hook, phase: "shell", command: hook.shell, code: run.code });
}

function hookFilterMatches(hook: Hook, candidate: Record<string, unknown>): boolean {
  if (hook.event !== "hook_result") return filterMatches(hook.filter, candidate);
  // In hook_result filters, outcome/code use the exact selector, not regexes.
  if (!filterMatches(hook.filter, candidate, HOOK_RESULT_SELECTOR_KEYS)) return false;
  const filter = hook.filter ?? {};
  return selectorMatches({ outcome: filter.outcome, code: filter.code }, candidate.outcome as HookOutcome, candidate.code as number | null);
}

/**
 * A version-4 UUID. Invocation ids only need to be unique, not secret, so
 * Math.random is enough, and it spares every hook call the ~1 ms it costs to
 * load node:crypto.
 */
function randomUuid(): string {
  let out = "";
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) out += "-";
    else if (i === 14) out += "4";
    else out += (i === 19 ? 8 + Math.floor(Math.random() * 4) : Math.floor(Math.random() * 16)).toString(16);
  }
  return out;
}
