// Surgical edits of a JSON/JSONC settings file. Every change is one jsonc-parser
// `Edit` over the exact byte range hookit inserts or removes, so comments,
// trailing commas, key order and the formatting of everything else survive,
// and a removal is the exact inverse of the insertion that preceded it.
// (jsonc-parser's own formatter would re-indent whole neighbouring lines.)
import { applyEdits, findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode } from "jsonc-parser";
import type { Edit, Node, ParseError } from "jsonc-parser";
import { InstallError } from "./_errors.ts";

export type JsonPath = (string | number)[];

/** Parses `text` as a JSONC object, or throws an `E_MALFORMED` error naming `file:line:column`. */
export function parseObject(text: string, file: string): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    const { line, column } = position(text, first.offset);
    throw new InstallError(
      "E_MALFORMED",
      `${file}:${line}:${column}: ${printParseErrorCode(first.error)}. hookit changed nothing; fix the file and run the command again.`,
    );
  }
  if (!root || root.type !== "object") {
    throw new InstallError("E_MALFORMED", `${file}: the top level must be a JSON object. hookit changed nothing.`);
  }
  return root;
}

/** The node at `path`, checked to be of `type` when present. */
export function nodeAt(root: Node, path: JsonPath, type: Node["type"], file: string): Node | undefined {
  const node = findNodeAtLocation(root, path);
  if (node && node.type !== type) {
    throw new InstallError(
      "E_MALFORMED",
      `${file}: \`${path.join(".")}\` is ${article(node.type)}, expected ${article(type)}. hookit changed nothing.`,
    );
  }
  return node;
}

export function valueOf(node: Node): unknown {
  return getNodeValue(node);
}

/** Appends `value` to the array at `path`, creating the missing objects and array on the way. */
export function appendToArray(text: string, path: string[], value: unknown, file: string): string {
  const root = parseObject(text, file);
  const array = nodeAt(root, path, "array", file);
  if (array) return applyEdit(text, insertChild(text, array, undefined, value));
  // Find the deepest existing object on the path and insert the rest as one nested value.
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const parent = depth === 0 ? root : nodeAt(root, path.slice(0, depth), "object", file);
    if (!parent) continue;
    let nested: unknown = [value];
    for (const key of path.slice(depth + 1).reverse()) nested = { [key]: nested };
    return applyEdit(text, insertChild(text, parent, path[depth], nested));
  }
  throw new Error("unreachable: the root object always exists");
}

/**
 * Removes the array element or object property at `path`. With `prune`, a
 * container left empty by the removal is removed from its parent in turn
 * (up to, not including, the root): hookit created it.
 */
export function removeAt(text: string, path: JsonPath, file: string, prune: boolean): string {
  const root = parseObject(text, file);
  const parentPath = path.slice(0, -1);
  const parent = parentPath.length === 0 ? root : findNodeAtLocation(root, parentPath);
  const key = path[path.length - 1];
  const children = parent?.children ?? [];
  const index =
    parent?.type === "array"
      ? (key as number)
      : children.findIndex((property) => property.children?.[0]?.value === key);
  if (!parent || index < 0 || index >= children.length) return text;
  const next = applyEdit(text, removeChild(text, parent, index));
  if (prune && children.length === 1 && parentPath.length > 0) return removeAt(next, parentPath, file, true);
  return next;
}

/** Renders `value` as a new file: 2-space indent, trailing newline. */
export function renderNewFile(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

// --- internal ---

function insertChild(text: string, container: Node, key: string | undefined, value: unknown): Edit {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const unit = indentUnit(text);
  const outer = lineIndent(text, container.offset);
  const children = container.children ?? [];
  const last = children[children.length - 1];
  const inner = last && startsLine(text, last.offset) ? lineIndent(text, last.offset) : outer + unit;
  const item = (key === undefined ? "" : `${JSON.stringify(key)}: `) + render(value, inner, unit, eol);
  if (last) return { offset: last.offset + last.length, length: 0, content: `,${eol}${inner}${item}` };
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  // An empty container holding only whitespace is rewritten whole; one holding comments keeps them.
  if (text.slice(open, close).trim() === "") {
    return { offset: open, length: close - open, content: `${eol}${inner}${item}${eol}${outer}` };
  }
  return { offset: open, length: 0, content: `${eol}${inner}${item}` };
}

// The inverse of insertChild for each of its three cases.
function removeChild(text: string, container: Node, index: number): Edit {
  const children = container.children ?? [];
  const node = children[index]!;
  const end = node.offset + node.length;
  if (index > 0) {
    const previous = children[index - 1]!;
    return span(previous.offset + previous.length, end);
  }
  const next = children[1];
  if (next) return span(node.offset, next.offset);
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  const before = text.slice(open, node.offset).trim() === "";
  const after = text.slice(end, close).trim() === "";
  if (before && after) return span(open, close);
  return before ? span(open, end) : span(node.offset, end);
}

function span(from: number, to: number): Edit {
  return { offset: from, length: to - from, content: "" };
}

function applyEdit(text: string, edit: Edit): string {
  return applyEdits(text, [edit]);
}

function render(value: unknown, indent: string, unit: string, eol: string): string {
  return JSON.stringify(value, null, unit).replace(/\n/g, eol + indent);
}

/** The file's indentation unit: a tab, or the smallest space indent; 2 spaces when flat. */
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

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function lineIndent(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset), offset))![0];
}

function startsLine(text: string, offset: number): boolean {
  return text.slice(lineStart(text, offset), offset).trim() === "";
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - lineStart(text, offset) + 1 };
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
