// Just enough TOML for editing Kimi Code's config.toml as text: a syntax check (so hookit never
// appends to, or writes, a file the agent cannot read), the full-line comments (hookit's block
// markers), and whether the top-level key `hooks` is already something other than an array of
// tables (appending `[[hooks]]` would then make the whole file invalid TOML).
import { lineStart } from "./splice.ts";
import { Reader } from "./_toml-reader.ts";

export { where } from "./_toml-reader.ts";

export interface CommentLine {
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

/** Throws an `E_MALFORMED` InstallError naming `file:line:column` when `text` is not TOML. */
export function scanToml(text: string, file: string): TomlScan {
  const reader = new Reader(text, file);
  const scan: TomlScan = { comments: [] };
  let table: string[] = [];
  for (;;) {
    reader.skipSpaces();
    if (reader.done()) return scan;
    const at = reader.pos;
    const c = reader.peek();
    if (c === "#") {
      reader.skipComment();
      const comment = text.slice(at, reader.pos).replace(/\r$/, "");
      reader.endOfLine();
      scan.comments.push({ start: lineStart(text, at), end: reader.pos, text: comment });
    } else if (c === "\n" || (c === "\r" && reader.peek(1) === "\n")) {
      reader.endOfLine();
    } else if (c === "[") {
      const array = reader.peek(1) === "[";
      reader.pos += array ? 2 : 1;
      table = reader.key();
      reader.expect(array ? "]]" : "]", `"${array ? "]]" : "]"}" to close the table header`);
      reader.endOfLine();
      if (table[0] === "hooks" && !(array && table.length === 1)) {
        scan.hooksConflict ??= {
          offset: at,
          what: `${array ? "[[" : "["}${table.join(".")}${array ? "]]" : "]"} defines \`hooks\` as a table`,
        };
      }
    } else {
      const key = reader.key();
      reader.expect("=", '"=" after the key');
      reader.skipSpaces();
      reader.value();
      reader.endOfLine();
      if (table.length === 0 && key[0] === "hooks") {
        scan.hooksConflict ??= { offset: at, what: `\`${key.join(".")} = …\` defines \`hooks\` as a value` };
      }
    }
  }
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
