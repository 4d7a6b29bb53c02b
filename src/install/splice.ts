// The byte ranges hookit inserts into and removes from a JSONC container.
// `removeChild` is written as the exact inverse of `insertChild`, case by
// case, so an uninstall gives back the file as it was, comments included.
// New items take the indentation of their siblings; a user's trailing comma
// and end-of-line comment stay with the user's item.
import type { Edit, Node } from "jsonc-parser/lib/esm/main.js";

export function insertChild(text: string, container: Node, key: string | undefined, value: unknown): Edit[] {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const unit = indentUnit(text);
  const outer = lineIndent(text, container.offset);
  const children = container.children ?? [];
  const last = children[children.length - 1];
  const inner = last && startsLine(text, last.offset) ? lineIndent(text, last.offset) : outer + unit;
  const item = (key === undefined ? "" : `${JSON.stringify(key)}: `) + render(value, inner, unit, eol);
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  // A one-line container (Pi's `"extensions": ["a.ts"]`) stays on one line for a one-line item.
  if (!item.includes("\n") && !text.slice(open, close).includes("\n")) {
    if (!last && text.slice(open, close).trim() === "") return [{ offset: open, length: close - open, content: item }];
    if (last) return [insert(last.offset + last.length, `${separator(text, children)}${item}`)];
  }
  if (!last) {
    // An empty container holding only whitespace is rewritten whole; one holding comments keeps them.
    if (text.slice(open, close).trim() === "")
      return [{ offset: open, length: close - open, content: `${eol}${inner}${item}${eol}${outer}` }];
    return [insert(open, `${eol}${inner}${item}`)];
  }
  const end = last.offset + last.length;
  const tail = TAIL_RE.exec(text.slice(end, close));
  // Only when the container closes on a later line can the new item go after the user's line.
  const lineBreak = text.indexOf("\n", end);
  if (tail && lineBreak !== -1 && lineBreak < close) {
    const lineEnd = end + tail[0].length;
    if (tail[1]) return [insert(lineEnd, `${eol}${inner}${item},`)]; // keep the trailing-comma style
    if (tail[2]) return [insert(end, ","), insert(lineEnd, `${eol}${inner}${item}`)];
  }
  return [insert(end, `,${eol}${inner}${item}`)];
}

export function removeChild(text: string, container: Node, index: number): Edit[] {
  const children = container.children ?? [];
  const node = children[index]!;
  const end = node.offset + node.length;
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  const next = children[index + 1];
  if (next) return [span(node.offset, next.offset)];
  const previous = children[index - 1];
  if (!previous) {
    const before = text.slice(open, node.offset).trim() === "";
    if (before && text.slice(end, close).trim() === "") return [span(open, close)];
    return [before ? span(open, end) : span(node.offset, end)];
  }
  const previousEnd = previous.offset + previous.length;
  if (startsLine(text, node.offset)) {
    const lineBreak = lineBreakBefore(text, node.offset);
    const between = text.slice(previousEnd, lineBreak);
    // Inserted after a trailing comma: the item carries its own comma, then a line break.
    const ownComma = /^,[ \t]*\r?\n/.exec(text.slice(end));
    if (ownComma && /^[ \t]*,[ \t]*(\/\/.*)?$/.test(between)) return [span(lineBreak, end + 1)];
    // Inserted after an end-of-line comment: a comma right after the previous item.
    if (/^,[ \t]*(\/\/.*)?$/.test(between)) return [span(previousEnd, previousEnd + 1), span(lineBreak, end)];
  }
  return [span(previousEnd, end)];
}

/** The indentation unit of a file: a tab, or its smallest space indent; 2 spaces when flat. */
function indentUnit(text: string): string {
  let smallest = 0;
  for (const line of text.split("\n")) {
    const lead = /^[ \t]*/.exec(line)![0];
    if (lead.length === 0 || lead.length === line.trimEnd().length) continue;
    if (lead.startsWith("\t")) return "\t";
    if (smallest === 0 || lead.length < smallest) smallest = lead.length;
  }
  return " ".repeat(smallest || 2);
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

// --- internal ---

// After the last item on its line: a trailing comma and/or a `//` comment, then the line ends.
const TAIL_RE = /^[ \t]*(,)?[ \t]*(\/\/[^\r\n]*)?(?=\r?\n)/;

/** The separator the user's one-line container already uses (`, ` or `,`). */
function separator(text: string, children: Node[]): string {
  const [first, second] = children;
  const between = first && second ? text.slice(first.offset + first.length, second.offset) : ", ";
  return /^[ \t]*,[ \t]*$/.test(between) ? between : ", ";
}

function insert(offset: number, content: string): Edit {
  return { offset, length: 0, content };
}

function span(from: number, to: number): Edit {
  return { offset: from, length: to - from, content: "" };
}

function render(value: unknown, indent: string, unit: string, eol: string): string {
  return JSON.stringify(value, null, unit).replace(/\n/g, eol + indent);
}

function lineIndent(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset), offset))![0];
}

function startsLine(text: string, offset: number): boolean {
  return text.slice(lineStart(text, offset), offset).trim() === "";
}

/** Offset of the line break (`\n` or `\r\n`) that ends the line before `offset`'s line. */
function lineBreakBefore(text: string, offset: number): number {
  const newline = lineStart(text, offset) - 1;
  return text[newline - 1] === "\r" ? newline - 1 : newline;
}
