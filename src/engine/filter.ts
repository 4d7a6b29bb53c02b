// Filter matching (hookit-semantics §4) and the shared outcome/code selector
// used by both owned Actions and `hook_result` filters (§4.4).
import { FACT_PREFIX } from "../facts/candidate.ts";
import type { Filter, FilterScalar, FilterValue, HookOutcome } from "./types.ts";

export { FACT_PREFIX };
/** Where an evaluation keeps the `hookit.*` facts on the candidate: a symbol, so no tool input key can reach or fake it. */
export const FACTS: unique symbol = Symbol("hookit facts");

// Patterns are compiled once and cached: a flag-less RegExp.test has no state,
// so reuse is invisible to the policy. Patterns that are plain text with
// optional anchors (`^bash$`, the usual toolName filter) become string
// comparisons with the exact same meaning (without the `m` flag, `^`/`$` only
// match at the ends of the input), which keeps big catalogs cheap.
const compiled = new Map<string, (value: string) => boolean>();
const PLAIN = /^(\^?)([A-Za-z0-9_\-/ :=@,]*)(\$?)$/;

/** Text with at most a leading `^` and a trailing `$`: compared as a string, never compiled. */
export function isPlainPattern(source: string): boolean {
  return PLAIN.test(source);
}

function matcher(source: string): (value: string) => boolean {
  let test = compiled.get(source);
  if (!test) {
    const plain = PLAIN.exec(source);
    if (plain) {
      const [, start, text = "", end] = plain;
      test = start && end ? (v) => v === text : start ? (v) => v.startsWith(text) : end ? (v) => v.endsWith(text) : (v) => v.includes(text);
    } else {
      const re = new RegExp(source); // throws on an invalid pattern: the caller reports it
      test = (v) => re.test(v);
    }
    compiled.set(source, test);
  }
  return test;
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
  if (typeof expected === "string") return typeof actual === "string" && matcher(expected)(actual);
  return actual === expected;
}

export function valueMatches(expected: FilterValue, actual: unknown): boolean {
  if (actual === undefined) return false;
  if (Array.isArray(expected)) return expected.some((member) => scalarMatches(member, actual));
  return scalarMatches(expected, actual);
}

/**
 * Every key must match (AND). An absent or empty filter matches everything.
 * A `hookit.*` key is a fact, never a tool input key: its value is a list, and
 * the key matches when any element does. Without facts it matches nothing;
 * `skipFacts` ignores those keys (to ask whether facts are worth deriving).
 */
export function filterMatches(
  filter: Filter | undefined,
  candidate: Record<string, unknown>,
  skip?: ReadonlySet<string>,
  skipFacts = false,
): boolean {
  if (!filter) return true;
  for (const key of Object.keys(filter)) {
    if (skip?.has(key)) continue;
    if (key.startsWith(FACT_PREFIX)) {
      if (skipFacts) continue;
      const list = (candidate as { [FACTS]?: Record<string, unknown[]> })[FACTS]?.[key];
      if (!list?.some((element) => valueMatches(filter[key] as FilterValue, element))) return false;
      continue;
    }
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
