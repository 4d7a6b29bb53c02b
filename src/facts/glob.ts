// Pathname expansion against the real filesystem, as bash does it by default
// (no dotglob, no globstar: `*` never matches a leading dot; no nullglob: a
// pattern that matches nothing stays as written). Patterns arrive with every
// quoted character backslash-escaped, so `".e"*` only globs the `*`.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const MAX_MATCHES = 512;

export function hasGlob(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (c === "*" || c === "?" || c === "[") return true;
  }
  return false;
}

/** The pattern with its escapes removed: what bash passes on when nothing matches. */
export function unescapeGlob(pattern: string): string {
  return pattern.replace(/\\(.)/gs, "$1");
}

/** One path segment's pattern as a RegExp. */
export function segmentRegExp(segment: string): RegExp {
  let re = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string;
    if (c === "\\") {
      re += escapeChar(segment[++i] ?? "\\");
      continue;
    }
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = classEnd(segment, i);
      if (end < 0) {
        re += "\\[";
        continue;
      }
      let body = segment.slice(i + 1, end);
      const negate = body.startsWith("!") || body.startsWith("^");
      if (negate) body = body.slice(1);
      re += `[${negate ? "^" : ""}${body.replace(/\\/g, "\\\\").replace(/\[:(\w+):\]/g, (_, n: string) => POSIX[n] ?? "")}]`;
      i = end;
    } else re += escapeChar(c);
  }
  try {
    return new RegExp(`^${re}$`, "s");
  } catch {
    return NEVER; // a class bash cannot match either (`[d-c]`, out of order): no name matches it
  }
}

const NEVER = /(?!)/;

const POSIX: Record<string, string> = {
  alpha: "A-Za-z",
  digit: "0-9",
  alnum: "A-Za-z0-9",
  upper: "A-Z",
  lower: "a-z",
  space: "\\s",
  punct: "!-/:-@\\[-`{-~",
  xdigit: "0-9A-Fa-f",
};

function classEnd(segment: string, open: number): number {
  let i = open + 1;
  if (segment[i] === "!" || segment[i] === "^") i++;
  if (segment[i] === "]") i++;
  for (; i < segment.length; i++) {
    if (segment[i] === "[" && segment[i + 1] === ":") {
      const close = segment.indexOf(":]", i + 2);
      if (close > 0) {
        i = close + 1;
        continue;
      }
    }
    if (segment[i] === "]") return i;
  }
  return -1;
}

function escapeChar(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}

/** Matches of `pattern` (relative to `cwd` unless absolute), sorted, spelled as bash would; [] when nothing matches. */
export function expandGlob(pattern: string, cwd: string): string[] {
  const absolute = pattern.startsWith("/");
  const segments = pattern.split("/");
  // [absolute path, the text bash puts in argv]
  let bases: [string, string][] = [[absolute ? "/" : cwd, absolute ? "/" : ""]];
  let globbed = false;
  for (const [index, segment] of segments.entries()) {
    if (segment === "" && (index === 0 || index === segments.length - 1)) continue;
    const sep = (shown: string) => (shown === "" || shown.endsWith("/") ? shown : shown + "/");
    const next: [string, string][] = [];
    if (!hasGlob(segment)) {
      const name = unescapeGlob(segment);
      for (const [base, shown] of bases) next.push([join(base, name), sep(shown) + name]);
    } else {
      globbed = true;
      const re = segmentRegExp(segment);
      const dotOk = segment.startsWith(".") || segment.startsWith("\\.");
      for (const [base, shown] of bases) {
        let names: string[];
        try {
          names = readdirSync(base);
        } catch {
          continue;
        }
        for (const name of names.sort()) {
          if (name.startsWith(".") && !dotOk) continue;
          if (re.test(name)) next.push([join(base, name), sep(shown) + name]);
          if (next.length >= MAX_MATCHES) break;
        }
      }
    }
    bases = next;
    if (bases.length === 0) return [];
  }
  if (!globbed) return [];
  const trailing = pattern.endsWith("/") ? "/" : "";
  return bases.filter(([abs]) => existsSync(abs)).map(([, shown]) => shown + trailing);
}
