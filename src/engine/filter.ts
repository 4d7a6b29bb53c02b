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

/** `listed`: the pattern is one of a list's, most of which match nothing a value holds (requiredText). */
function matcher(source: string, listed = false): (value: string) => boolean {
  const cache = listed ? compiledListed : compiled;
  let test = cache.get(source);
  if (!test) {
    const plain = plainParts(source);
    if (plain) {
      const [start, text, end] = plain;
      test = start && end ? (v) => v === text : start ? (v) => v.startsWith(text) : end ? (v) => v.endsWith(text) : (v) => v.includes(text);
    } else test = screened(source, listed);
    cache.set(source, test);
  }
  return test;
}
const compiledListed = new Map<string, (value: string) => boolean>();

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

function screened(source: string, listed: boolean): (value: string) => boolean {
  // Read only for a list's patterns: on a pattern of its own, which is compiled and run anyway,
  // reading it costs more than it saves (a Write under the starter policy 109.17 → 109.68 M).
  const { text, anyCase } = listed ? requiredText(source) : NO_TEXT;
  if (text !== "") {
    // Made only for a value that holds the text: a list's expression most values never need is not
    // even parsed (the starter's 39 credential patterns in either letter case, made up front, cost a
    // Read 1.1 M instructions, Node 22.23.5). The catalog has compiled each one already
    // (catalog.ts), so one that would throw never gets here.
    let re: RegExp | undefined;
    if (!anyCase) return (value) => value.includes(text) && (re ??= new RegExp(source)).test(value);
    return (value) => folded(value).includes(text) && (re ??= new RegExp(source)).test(value);
  }
  const re = new RegExp(source); // throws on an invalid pattern: the caller reports it
  const prefix = anchoredPrefix(source);
  return prefix !== "" ? (value) => value.startsWith(prefix) && re.test(value) : (value) => re.test(value);
}
const NO_TEXT = { text: "", anyCase: false };
const isAscii = (text: string) => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
};

/** `value` in lower case, made once for the run of a list's patterns over the same value. */
function folded(value: string): string {
  if (value !== lastValue) {
    lastValue = value;
    lastFolded = value.toLowerCase();
  }
  return lastFolded;
}
let lastValue = "";
let lastFolded = "";

/**
 * The longest literal text every match of a flag-less pattern holds: a run of plain characters
 * (an escaped punctuation mark is one) at its top level, outside every group and class, short of
 * one a quantifier makes optional or repeats; a class of one letter's two cases (`[sS]`) is that letter
 * in either case, and the text is then compared in lower case (`anyCase`). Nothing for a pattern with
 * a top-level alternative.
 * A value without it cannot match, so the expression is neither compiled nor run on it: a policy
 * that lists many paths (the starter's credential files, 45 patterns) would otherwise compile each
 * on the first path it sees (a Read under the starter policy 116.09 → 113.36 M, a Discard
 * 135.99 → 133.11 M instructions, Node 22.23.5). One pass: a `|` met outside the groups and classes
 * it skips ends it (with the patterns in either letter case, a second pass to look for one cost a
 * Read 1.5 M).
 */
export function requiredText(source: string): { text: string; anyCase: boolean } {
  let best = "";
  let bestAnyCase = false;
  let run = "";
  let runAnyCase = false;
  const end = () => {
    if (run.length > best.length) {
      best = run;
      bestAnyCase = runAnyCase;
    }
    run = "";
    runAnyCase = false;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    const pair = c === "[" ? casePair(source, i) : undefined;
    if (pair !== undefined) {
      // `[sS]`: the letter in either case, as `anyCase` (starter-policy.ts) writes a name
      run += pair;
      runAnyCase = true;
      i += 3;
    } else if (c === "\\") {
      const next = source[++i];
      if (next !== undefined && !isAlphanumeric(next)) run += next;
      else {
        end(); // a class (`\d`), a boundary (`\b`), a reference or a code (`\x62`): not one known character
        const last = escapeEnd(source, i);
        if (source.slice(i + 1, last + 1).includes("|")) return NO_TEXT; // `\c|`: the `|` may be an alternative
        i = last;
      }
    } else if (c === "*" || c === "+" || c === "?" || c === "{") {
      run = run.slice(0, -1); // the character before may be absent or repeated
      end();
      if (c === "{") for (; i < source.length && source[i] !== "}"; i++) if (source[i] === "|") return NO_TEXT;
    } else if (c === "(" || c === "[") {
      end();
      i = skipGroup(source, i);
    } else if (c === "|")
      return NO_TEXT; // groups and classes are skipped whole: an alternative at the top, no text every match holds
    else if (c === "." || c === "^" || c === "$" || c === ")" || c === "]" || c === "}") end();
    else run += c;
  }
  end();
  // A character a quantifier right after the run may remove was dropped above; one after a group is outside it.
  // A run with a letter in either case is compared in lower case, all of it: a weaker check, never a
  // wrong one, as long as it is ASCII (lower case elsewhere can hang on the letters around: `Σ`).
  if (bestAnyCase && !isAscii(best)) return NO_TEXT;
  return { text: bestAnyCase ? best.toLowerCase() : best, anyCase: bestAnyCase };
}

/** The lower-case letter a class of exactly an ASCII letter's two cases at `i` stands for (`[sS]`, `[Ss]`), or undefined. */
function casePair(source: string, i: number): string | undefined {
  if (source[i + 3] !== "]") return undefined;
  const a = source.charCodeAt(i + 1);
  const b = source.charCodeAt(i + 2);
  const lower = a | 0x20; // ASCII's lower case: the 0x20 bit set
  return lower >= 97 && lower <= 122 && a !== b && lower === (b | 0x20) ? String.fromCharCode(lower) : undefined;
}

/** The last index of the escape whose letter or digit is at `i`: `\x62`, `\u0061`, `\u{1F600}`, `\cJ`, `\p{L}`, `\k<name>`, `\12`. */
function escapeEnd(source: string, i: number): number {
  const letter = source[i];
  const close = (mark: string) => {
    const at = source.indexOf(mark, i);
    return at < 0 ? source.length : at;
  };
  if (letter === "x") return i + 2;
  if (letter === "u") return source[i + 1] === "{" ? close("}") : i + 4;
  if (letter === "c") return i + 1;
  if (letter === "p" || letter === "P") return source[i + 1] === "{" ? close("}") : i;
  if (letter === "k") return source[i + 1] === "<" ? close(">") : i;
  if (letter !== undefined && isDigit(letter)) while (isDigit(source[i + 1] ?? "")) i++;
  return i;
}

// Compared by hand: an expression here would be compiled on every hook call's first pattern (about 0.4 M instructions).
const isDigit = (c: string) => c >= "0" && c <= "9";
const isAlphanumeric = (c: string) => isDigit(c) || (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");

/** The index of the `)` or `]` that closes the group or class opening at `i` (classes and escapes skipped inside). */
function skipGroup(source: string, i: number): number {
  if (source[i] === "[") {
    for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
    return i;
  }
  let depth = 0;
  for (; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") i = skipGroup(source, i);
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return i;
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

function scalarMatches(expected: FilterScalar, actual: unknown, listed = false): boolean {
  if (typeof expected === "string") return typeof actual === "string" && matcher(expected, listed)(actual);
  return actual === expected;
}

function valueMatches(expected: FilterValue, actual: unknown): boolean {
  if (actual === undefined) return false;
  if (Array.isArray(expected)) return expected.some((member) => scalarMatches(member, actual, true));
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
