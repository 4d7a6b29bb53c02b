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
// match at the ends of the input), which keeps big catalogs cheap; any other
// pattern anchored on literal text first checks that text (anchoredPrefix).
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
 * The literal text every match of a flag-less `^…` pattern starts with: its leading plain
 * characters, short of one a quantifier makes optional (`^gits?` → `git`). Nothing for a pattern
 * with a top-level alternative (`^a|b` also matches `b`), or that is not anchored. Without the `m`
 * flag `^` matches only at the start, so a value that does not start with this text cannot match:
 * the expression is then not run (most commands of a line are turned away by their first word).
 */
export function anchoredPrefix(source: string): string {
  if (!source.startsWith("^") || topLevelAlternative(source)) return "";
  let end = 1;
  while (end < source.length && isPlainChar(source[end] as string)) end++;
  if (end < source.length && "*+?{".includes(source[end] as string)) end--;
  return source.slice(1, end);
}

/** Whether a `|` stands outside every group (a class `[…]` ends at its first unescaped `]`, as in a flag-less JS pattern). */
function topLevelAlternative(source: string): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") {
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
    } else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth <= 0) return true;
  }
  return false;
}

function screened(source: string, re: RegExp): (value: string) => boolean {
  const prefix = anchoredPrefix(source);
  return prefix === "" ? (value) => re.test(value) : (value) => value.startsWith(prefix) && re.test(value);
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

function valueMatches(expected: FilterValue, actual: unknown): boolean {
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
