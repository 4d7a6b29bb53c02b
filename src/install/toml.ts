// Kimi Code's config.toml, read with smol-toml (a full TOML 1.0 parser) and edited as text: a
// syntax check (so hookit never appends to, or writes, a file the agent cannot read), the
// full-line comments (hookit's block markers), and whether the top-level key `hooks` is already
// something an appended `[[hooks]]` table cannot extend (the whole file would then be invalid).
// smol-toml keeps no comments or positions: comment lines are told from lines of multi-line
// strings by tagging them (commentLines), and a clash is placed by parsing prefixes of the text
// (a prefix that parses ends between two statements, never inside a string or an array).
import { parse, TomlError } from "smol-toml";
import { InstallError } from "./errors.ts";
import { lineStart } from "./splice.ts";

interface CommentLine {
  /** Offset of the line's first character. */
  start: number;
  /** Offset just after the line's line break (or the end of the text). */
  end: number;
  /** The comment, from `#` on, without the line break. */
  text: string;
}

export interface TomlScan {
  comments: CommentLine[];
  /** Where `hooks` is defined as a table or an inline value, with a description for messages. */
  hooksConflict?: { offset: number; what: string };
}

/** `file:line:column` of an offset, 1-based, for messages. */
export function where(text: string, offset: number, file: string): string {
  const line = text.slice(0, offset).split("\n").length;
  return `${file}:${line}:${offset - lineStart(text, offset) + 1}`;
}

/** The parsed document; throws an `E_MALFORMED` InstallError naming `file:line:column` when `text` is not TOML. */
function readToml(text: string, file: string): Record<string, unknown> {
  try {
    return parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // smol-toml's message is "Invalid TOML document: <problem>\n\n<the lines around it>".
    const problem = error.message.replace(/^Invalid TOML document: /, "").split("\n")[0];
    throw new InstallError(
      "E_MALFORMED",
      `${file}:${error.line}:${error.column}: ${problem}. hookit changed nothing; fix the file and run the command again.`,
    );
  }
}

export function scanToml(text: string, file: string): TomlScan {
  const document = readToml(text, file);
  const scan: TomlScan = { comments: commentLines(text) };
  if (document.hooks !== undefined && !parses(withHooksTable(text))) scan.hooksConflict = hooksConflict(text);
  return scan;
}

/**
 * A TOML string holding `value`, as plainly as TOML allows: `"…"` when nothing needs escaping,
 * else a literal `'…'` (hook commands quote their paths with `"`), else an escaped basic string.
 */
export function tomlString(value: string): string {
  if (!/["\\\u0000-\u001f\u007f]/.test(value)) return `"${value}"`;
  if (!/['\u0000-\u001f\u007f]/.test(value)) return `'${value}'`;
  const escaped = value.replace(/["\\\u0000-\u001f\u007f]/g, (ch) => {
    const named: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r" };
    return named[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
  return `"${escaped}"`;
}

// --- internal ---

function parses(text: string): boolean {
  try {
    parse(text);
    return true;
  } catch {
    return false;
  }
}

const withHooksTable = (text: string) => `${text}\n[[hooks]]\n`;

/**
 * Lines that hold only a comment (`text` is valid TOML). A `#` line may also be part of a
 * multi-line string: each candidate gets a numbered tag after its `#`, the tagged text is parsed
 * once, and a tag that turns up in a string value marks a line of that string.
 */
function commentLines(text: string): CommentLine[] {
  const candidates = [...text.matchAll(/^[ \t]*(#[^\r\n]*)(\r?\n|$)/gm)];
  if (candidates.length === 0) return [];
  let tagged = "";
  let from = 0;
  candidates.forEach((match, n) => {
    const hash = match.index + match[0].indexOf("#") + 1;
    tagged += `${text.slice(from, hash)}${TAG_OPEN}${n}${TAG_CLOSE}`;
    from = hash;
  });
  const inStrings = new Set<number>();
  for (const value of strings(parse(tagged + text.slice(from)))) {
    for (const tag of value.matchAll(TAG_RE)) inStrings.add(Number(tag[1]));
  }
  return candidates
    .filter((_, n) => !inStrings.has(n))
    .map((match) => ({ start: match.index, end: match.index + match[0].length, text: match[1] as string }));
}

// Private-use characters: TOML allows them in comments and strings, and no config uses them.
const TAG_OPEN = "\u{F8F0}";
const TAG_CLOSE = "\u{F8F1}";
const TAG_RE = /\u{F8F0}(\d+)\u{F8F1}/gu;

function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value !== null && typeof value === "object") for (const item of Object.values(value)) yield* strings(item);
}

/** The first statement after which a `[[hooks]]` table no longer fits. */
function hooksConflict(text: string): { offset: number; what: string } {
  let statementStart = 0;
  for (const { index, 0: line } of text.matchAll(/[^\n]*(\n|$)/g)) {
    if (line === "") break;
    const prefix = text.slice(0, index + line.length);
    if (!parses(prefix)) continue; // the statement goes on (a multi-line string or array)
    if (!parses(withHooksTable(prefix))) return describe(text, statementStart);
    statementStart = index + line.length;
  }
  return { offset: 0, what: "`hooks` is defined other than as [[hooks]] tables" };
}

function describe(text: string, from: number): { offset: number; what: string } {
  const offset = from + (/^[ \t\r\n]*/.exec(text.slice(from))?.[0].length ?? 0);
  const line = text.slice(offset).split(/\r?\n/)[0] ?? "";
  const header = /^\[\[?[^\]]*\]\]?/.exec(line)?.[0];
  if (header !== undefined) return { offset, what: `${header} defines \`hooks\` as a table` };
  return { offset, what: `\`${line.split("=")[0]?.trim()} = …\` defines \`hooks\` as a value` };
}
