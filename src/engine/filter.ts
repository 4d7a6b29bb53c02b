// Filter matching (hookit-semantics §4) and the shared outcome/code selector
// used by both owned Actions and `hook_result` filters (§4.4).
import type { Filter, FilterScalar, FilterValue, HookOutcome } from "./types.ts";

// Compiled patterns are cached: flag-less RegExp.test has no state, so reuse is
// invisible to the policy, and a 1,000-hook catalog stays well under 1 ms per event.
const compiled = new Map<string, RegExp>();

function regex(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source); // throws on an invalid pattern: the caller reports it
    compiled.set(source, re);
  }
  return re;
}

/** Dotted lookup through own properties only; anything else is "missing". */
export function lookup(candidate: unknown, key: string): unknown {
  let value = candidate;
  for (const segment of key.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function scalarMatches(expected: FilterScalar, actual: unknown): boolean {
  if (typeof expected === "string") return typeof actual === "string" && regex(expected).test(actual);
  return actual === expected;
}

export function valueMatches(expected: FilterValue, actual: unknown): boolean {
  if (actual === undefined) return false;
  if (Array.isArray(expected)) return expected.some((member) => scalarMatches(member, actual));
  return scalarMatches(expected, actual);
}

/** Every key must match (AND). An absent or empty filter matches everything. */
export function filterMatches(filter: Filter | undefined, candidate: Record<string, unknown>, skip?: ReadonlySet<string>): boolean {
  if (!filter) return true;
  for (const key of Object.keys(filter)) {
    if (skip?.has(key)) continue;
    if (!valueMatches(filter[key] as FilterValue, lookup(candidate, key))) return false;
  }
  return true;
}

export interface Selector {
  outcome?: unknown;
  code?: unknown;
}

function selects(expected: unknown, actual: unknown): boolean {
  return Array.isArray(expected) ? expected.some((v) => v === actual) : expected === actual;
}

/** Exact, strict, ANDed; arrays are any-of; an absent field is no constraint. */
export function selectorMatches(selector: Selector, outcome: HookOutcome, code: number | null): boolean {
  if (selector.outcome !== undefined && !selects(selector.outcome, outcome)) return false;
  if (selector.code !== undefined && !selects(selector.code, code)) return false;
  return true;
}

export const HOOK_RESULT_SELECTOR_KEYS: ReadonlySet<string> = new Set(["outcome", "code"]);
