// What text a filter pattern cannot match without. A policy's regular
// expressions run on every element of a list-valued fact (each command of a
// line), and V8 compiles an expression on its first run and again, to machine
// code, on its second: for the starter policy's force-push patterns that is
// most of what the filter costs. Most commands of a line cannot match them at
// all (`git commit …` has no ` push`), and a plain substring search says so
// without running the expression.
//
// The scan is deliberately narrow: it reads only the top level of a pattern
// without `|`, and keeps only literal characters that every match must contain
// in that order, each run of them contiguous. Anything it does not understand
// ends a run or gives up, which only makes the check weaker, never wrong.

/** What every match of a pattern contains: each part somewhere, and `prefix` at the start. */
export interface RequiredText {
  prefix: string;
  parts: string[];
}

/** Escaped characters that stand for themselves (outside a class, without the `u` flag). */
const ESCAPED_LITERAL = "\\/^$.*+?()[]{}|-";
/** Characters with a meaning of their own at the top level of a pattern. */
const SPECIAL = "\\^$.*+?()[]{}|";
const QUANTIFIER_START = "*+?{";
/** Escapes longer than two characters; every other escape is one atom of two. */
const VARIABLE_ESCAPE = "uxck0123456789";

/** The index after a `{n}`, `{n,}` or `{n,m}` quantifier at `at`, or -1 when it is not one. */
function braceEnd(source: string, at: number): number {
  const close = source.indexOf("}", at);
  if (close < 0) return -1;
  const body = source.slice(at + 1, close);
  const comma = body.indexOf(",");
  const digits = (text: string) => text.length > 0 && [...text].every((c) => c >= "0" && c <= "9");
  const ok = comma < 0 ? digits(body) : digits(body.slice(0, comma)) && (comma === body.length - 1 || digits(body.slice(comma + 1)));
  return ok ? close + 1 : -1;
}

/** The index after the class or group opening at `at` (its matching `]` or `)`), or -1. */
function skipNested(source: string, at: number): number {
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") {
      // A class ends at its first unescaped `]`; brackets and parentheses inside are plain.
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
      if (i >= source.length) return -1;
      if (depth === 0) return i + 1;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * The text every match of `source` (compiled without flags) must contain, or
 * undefined when the scan finds nothing useful or meets what it does not read.
 */
export function requiredText(source: string): RequiredText | undefined {
  const parts: string[] = [];
  let prefix = "";
  let run = "";
  let runIsPrefix = source.startsWith("^");
  const end = () => {
    if (run !== "") {
      if (runIsPrefix) prefix = run;
      parts.push(run);
    }
    run = "";
    runIsPrefix = false;
  };
  for (let i = runIsPrefix ? 1 : 0; i < source.length; ) {
    const c = source[i] as string;
    let literal: string | undefined;
    let next = i + 1;
    if (c === "|") return undefined; // a top-level alternative: no text is required
    if (c === "\\") {
      const e = source[i + 1];
      // `\u0041`, `\x41`, `\cJ`, `\12`, `\k<name>` run on past two characters: not read.
      if (e === undefined || VARIABLE_ESCAPE.includes(e)) return undefined;
      if (ESCAPED_LITERAL.includes(e)) literal = e;
      next = i + 2;
    } else if (c === "(" || c === "[") {
      next = skipNested(source, i);
      if (next < 0) return undefined;
    } else if (c === "{" || c === "}" || c === "]" || c === ")") {
      return undefined; // a bare brace or bracket (literal without the `u` flag): not worth reading
    } else if (!SPECIAL.includes(c)) literal = c;
    // A quantified atom may repeat or vanish: it is never required text, and it ends the run.
    const q = source[next];
    if (q !== undefined && QUANTIFIER_START.includes(q)) {
      let after = q === "{" ? braceEnd(source, next) : next + 1;
      if (after < 0) return undefined;
      if (source[after] === "?") after++;
      end();
      i = after;
      continue;
    }
    if (literal === undefined) end();
    else run += literal;
    i = next;
  }
  end();
  return parts.length > 0 ? { prefix, parts } : undefined;
}

/** Whether `value` holds everything `required` names (false: the pattern cannot match it). */
export function mayMatch(required: RequiredText, value: string): boolean {
  if (!value.startsWith(required.prefix)) return false;
  for (const part of required.parts) if (!value.includes(part)) return false;
  return true;
}
