// Whether git ignores a file: what ripgrep, and the agents' search tools built on
// it, skip by default. A dotenv file that git ignores is not opened by
// `rg --hidden` or Claude's Grep, so it must not turn an honest search into a
// blocked one; one that git does not ignore is searched, secrets and all.
//
// Read here: the .gitignore files from the work tree's root down to the file's
// folder, and .git/info/exclude. Not read: the user's global excludes file and
// .ignore/.rgignore. Every doubt answers "not ignored", so a missed rule can
// only make hookit stricter, never let a secret through.
import { dirname, join, relative, sep } from "node:path";
import { readIfExists } from "../base/read-if-exists.ts";
import { gitWorkTree } from "../base/work-tree.ts";

interface Rule {
  regex: RegExp;
  negated: boolean;
  dirOnly: boolean;
}

/** Whether `file` (absolute, real) lies in a git work tree whose ignore rules exclude it. */
export function gitIgnored(file: string): boolean {
  const root = gitWorkTree(dirname(file));
  if (root === undefined) return false;
  const parts = relative(root, file).split(sep);
  if (parts.some((part) => part === ".." || part === "")) return false;
  // Lowest precedence first: info/exclude, then each .gitignore from the root down.
  const sources: Array<[string, string]> = [[root, join(root, ".git", "info", "exclude")]];
  for (let i = 0; i < parts.length; i++) {
    const dir = join(root, ...parts.slice(0, i));
    sources.push([dir, join(dir, ".gitignore")]);
  }
  const rules: Array<[string, Rule[]]> = sources.map(([dir, path]) => [dir, rulesOf(path)]);
  // A folder git ignores hides everything in it, and no rule can bring a file back from it.
  for (let depth = 1; depth <= parts.length; depth++) {
    const path = join(root, ...parts.slice(0, depth));
    const verdict = lastMatch(rules, path, depth < parts.length);
    if (verdict === true) return true;
  }
  return false;
}

/** The verdict of the last rule that matches `path`: true ignored, false re-included, undefined none. */
function lastMatch(rules: Array<[string, Rule[]]>, path: string, isDir: boolean): boolean | undefined {
  let verdict: boolean | undefined;
  for (const [dir, list] of rules) {
    if (path !== dir && !path.startsWith(`${dir}${sep}`)) continue;
    const rel = relative(dir, path).split(sep).join("/");
    for (const rule of list) if ((!rule.dirOnly || isDir) && rule.regex.test(rel)) verdict = !rule.negated;
  }
  return verdict;
}

function rulesOf(path: string): Rule[] {
  let text: string | undefined;
  try {
    text = readIfExists(path);
  } catch {
    return []; // unreadable: no rules, so nothing counts as ignored (the strict side)
  }
  if (text === undefined) return [];
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const rule = parseRule(raw);
    if (rule) rules.push(rule);
  }
  return rules;
}

/** One line of an ignore file as a rule, or undefined for blanks, comments and what hookit cannot read for sure. */
function parseRule(raw: string): Rule | undefined {
  // git drops trailing spaces (not tabs) unless a backslash keeps one.
  let line = raw.replace(/(?<!\\) +$/, "");
  if (line === "" || line.startsWith("#")) return undefined;
  let negated = false;
  if (line.startsWith("!")) {
    negated = true;
    line = line.slice(1);
  } else if (line.startsWith("\\!") || line.startsWith("\\#")) line = line.slice(1);
  const dirOnly = line.endsWith("/");
  if (dirOnly) line = line.slice(0, -1);
  if (line === "") return undefined;
  const regex = pathRegex(line, false);
  return regex && { regex, negated, dirOnly };
}

/**
 * A search tool's file glob (ripgrep's `--glob`, the Grep tools' `glob`) as a
 * test of a file's path below the searched folder: without a slash it names
 * the file, at any depth. `*` matches a leading dot too, as in ripgrep.
 */
export function globMatcher(glob: string): ((relative: string) => boolean) | undefined {
  const regex = pathRegex(glob, true);
  return regex && ((relative) => regex.test(relative));
}

/**
 * A pattern as a test of a `/`-separated path below its folder: a slash before the end anchors
 * it to that folder; without one it matches a name at any depth.
 */
function pathRegex(pattern: string, braces: boolean): RegExp | undefined {
  const body = patternRegex(pattern.replace(/^\//, ""), braces);
  if (body === undefined) return undefined;
  return new RegExp(pattern.includes("/") ? `^${body}$` : `^(?:.*/)?${body}$`, "s");
}

/** A gitignore pattern (`*`, `?`, `[…]`, `**`; `{a,b}` for globs) as a regular expression body; undefined when it is malformed. */
function patternRegex(pattern: string, braces = false): string | undefined {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (braces && c === "{") {
      const end = pattern.indexOf("}", i);
      if (end < 0) return undefined;
      const alternatives = pattern
        .slice(i + 1, end)
        .split(",")
        .map((alternative) => patternRegex(alternative, false));
      if (alternatives.some((alternative) => alternative === undefined)) return undefined;
      out += `(?:${alternatives.join("|")})`;
      i = end;
    } else if (c === "*" && pattern[i + 1] === "*" && (i === 0 || pattern[i - 1] === "/")) {
      const rest = pattern.slice(i + 2);
      if (rest === "") return `${out}.*`;
      if (!rest.startsWith("/")) return undefined;
      out += "(?:.*/)?";
      i += 2; // past "**/"
    } else if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const end = pattern.indexOf("]", i + 2);
      if (end < 0) return undefined;
      const inner = pattern
        .slice(i + 1, end)
        .replace(/^!/, "^")
        .replace(/\\/g, "\\\\");
      out += `[${inner}]`;
      i = end;
    } else if (c === "\\") {
      const next = pattern[i + 1];
      if (next === undefined) return undefined;
      out += next.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      i++;
    } else out += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return out;
}
