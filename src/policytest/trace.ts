// What `hookit explain` shows: each hook of the Enabled Hook Set, what its
// filter, `when` and `shell` did for one event, read from the engine's
// observer; for a filter miss, which key failed, re-derived with the engine's
// own matching functions (pure, so nothing runs twice).
import { filterMatches, lookup } from "../engine/filter.ts";
import type { FilterValue, Hook, ObservedStep } from "../engine/types.ts";

interface KeyCheck {
  key: string;
  pattern: FilterValue;
  /** The candidate's value (undefined: the key is missing). */
  value: unknown;
  matched: boolean;
}

export interface ShellStep {
  command: string;
  code: number | null;
  durationMs: number;
}

export interface HookTrace {
  ref: string;
  description: string;
  event: string;
  /** Why nothing was tried: the hook is for another event. */
  otherEvent?: true;
  filter?: { matched: boolean; keys: KeyCheck[] };
  when?: ShellStep;
  shell?: ShellStep;
  /** The owned Action, when one was selected by the result. */
  action?: string;
}

export function collector(): { observer: (step: ObservedStep) => void; steps: ObservedStep[] } {
  const steps: ObservedStep[] = [];
  return { observer: (step) => void steps.push(step), steps };
}

/** One row per enabled hook, in Enabled Hook Set order (the first time each was tried). */
export function traceHooks(hooks: readonly Hook[], steps: readonly ObservedStep[], selectedActions: ReadonlySet<string>): HookTrace[] {
  return hooks.map((hook) => {
    const own = steps.filter((s) => s.hook.ref === hook.ref);
    const row: HookTrace = { ref: hook.ref, description: hook.description, event: hook.event };
    const filter = own.find((s) => s.step === "filter");
    if (!filter) return { ...row, otherEvent: true };
    row.filter = { matched: filter.matched, keys: keyChecks(hook, filter.candidate) };
    for (const s of own) {
      if (s.step === "when" && !row.when) row.when = { command: s.command, code: s.code, durationMs: s.durationMs };
      if (s.step === "shell" && !row.shell) row.shell = { command: s.command, code: s.code, durationMs: s.durationMs };
    }
    if (hook.action && selectedActions.has(hook.ref)) row.action = hook.action.type;
    return row;
  });
}

/** The filter candidate of the first evaluated event (the tool input plus what hookit derived). */
export function firstCandidate(steps: readonly ObservedStep[]): Record<string, unknown> | undefined {
  const first = steps.find((s) => s.step === "filter");
  return first?.step === "filter" ? first.candidate : undefined;
}

/**
 * Keys the engine keeps on the candidate out of the tool input's reach (under
 * a symbol: derived facts about a command), flattened for display.
 */
export function hiddenKeys(candidate: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!candidate) return out;
  for (const symbol of Object.getOwnPropertySymbols(candidate)) {
    const value = (candidate as Record<symbol, unknown>)[symbol];
    if (value && typeof value === "object" && !Array.isArray(value)) Object.assign(out, value);
  }
  return out;
}

function keyChecks(hook: Hook, candidate: Record<string, unknown>): KeyCheck[] {
  const hidden = hiddenKeys(candidate);
  return Object.entries(hook.filter ?? {}).map(([key, pattern]) => {
    const value = lookup(candidate, key) ?? hidden[key];
    // hook_result's outcome/code are exact selectors, not patterns (hookit-semantics §4.4);
    // every other key is asked of the engine's own matcher, one key at a time.
    const exact = hook.event === "hook_result" && (key === "outcome" || key === "code");
    const matched = exact
      ? Array.isArray(pattern)
        ? pattern.includes(value as never)
        : pattern === value
      : filterMatches({ [key]: pattern }, candidate);
    return { key, pattern, value, matched };
  });
}
