// Filter matching (hookit-semantics §4) and the shared outcome/code selector
// used by both owned Actions and `hook_result` filters (§4.4).
import { FACT_PREFIX } from "../facts/candidate.ts";
import { mayMatch, requiredText, type RequiredText } from "./pattern-literals.ts";
import type { Filter, FilterScalar, FilterValue, HookOutcome } from "./types.ts";

export { FACT_PREFIX };
/** Where an evaluation keeps the `hookit.*` facts on the candidate: a symbol, so no tool input key can reach or fake it. */
export const FACTS: unique symbol = Symbol("hookit facts");

// Patterns are compiled once and cached: a flag-less RegExp.test has no state,
// so reuse is invisible to the policy. Patterns that are plain text with
// optional anchors (`^bash$`, the usual toolName filter) become string
// comparisons with the exact same meaning (without the `m` flag, `^`/`$` only
// match at the ends of the input), which keeps big catalogs cheap; any other
// pattern first checks the text every match must hold (pattern-literals.ts).
const compiled = new Map<string, (value: string) => boolean>();

const isPlainChar = (c: string) => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || "_-/ :=@,".includes(c);

/** `[start, text, end]` of a pattern that is plain text with an optional leading `^` and trailing `$`. */
function plainParts(source: string): [boolean, string, boolean] | undefined {
  const start = source.startsWith("^");
  const end = source.length > (start ? 1 : 0) && source.endsWith("$");
  const text = source.slice(start ? 1 : 0, end ? -1 : undefined);
  for (const c of text) if (!isPlainChar(c)) return undefined;
  return [start, text, end];
}

/** Text with at most a leading `^` and a trailing `$`: compared as a string, never compiled. */
export function isPlainPattern(source: string): boolean {
  return plainParts(source) !== undefined;
}

function matcher(source: string): (value: string) => boolean {
  let test = compiled.get(source);
  if (!test) {
    const plain = plainParts(source);
    if (plain) {
      const [start, text, end] = plain;
      test = start && end ? (v) => v === text : start ? (v) => v.startsWith(text) : end ? (v) => v.endsWith(text) : (v) => v.includes(text);
    } else {
      const re = new RegExp(source); // throws on an invalid pattern: the caller reports it
      test = screened(source, re);
    }
    compiled.set(source, test);
  }
  return test;
}

/**
 * `re.test`, after a check for the text every match of `source` holds: a value
 * without it is answered without running the expression. V8 compiles an
 * expression on its first run and to machine code on its second, so the scan is
 * made before the first run where it pays at once (an anchored literal start,
 * `^git …`, turns away most values), else before the second (a pattern run once
 * per call, on one path, is never scanned).
 */
function screened(source: string, re: RegExp): (value: string) => boolean {
  let unscreened = source.length > 1 && source[0] === "^" && isPlainChar(source[1] as string) ? 0 : 1;
  let scanned = false;
  let required: RequiredText | undefined;
  return (value) => {
    if (unscreened > 0) {
      unscreened--;
      return re.test(value);
    }
    if (!scanned) {
      required = requiredText(source);
      scanned = true;
    }
    return (required === undefined || mayMatch(required, value)) && re.test(value);
  };
}

/** Dotted lookup through own properties only; anything else is "missing". */
export function lookup(candidate: unknown, key: string): unknown {
  let value = candidate;
  const segments = key.split(".");
  for (const segment of segments) {
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
  const keys = Object.keys(filter);
  for (const key of keys) {
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
