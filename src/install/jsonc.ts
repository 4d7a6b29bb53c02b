// Surgical edits of a JSON/JSONC settings file: jsonc-parser finds the nodes,
// `splice.ts` computes the exact byte ranges hookit inserts or removes, and
// `applyEdits` applies them. Comments, trailing commas, key order and the
// formatting of everything else survive. (jsonc-parser's own `modify` with
// formatting would re-indent whole neighbouring lines, so it is not used.)
import { applyEdits, findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode } from "jsonc-parser/lib/esm/main.js";
import type { Node, ParseError } from "jsonc-parser/lib/esm/main.js";
import { InstallError } from "./errors.ts";
import { insertChild, lineStart, removeChild } from "./splice.ts";

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
  if (root?.type !== "object") {
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

export function jsonValue(node: Node): unknown {
  return getNodeValue(node);
}

/** Appends `value` to the array at `path`, creating the missing objects and array on the way. */
export function appendToArray(text: string, path: string[], value: unknown, file: string): string {
  const root = parseObject(text, file);
  const array = nodeAt(root, path, "array", file);
  if (array) return applyEdits(text, insertChild(text, array, undefined, value));
  // Find the deepest existing object on the path and insert the rest as one nested value.
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const parent = depth === 0 ? root : nodeAt(root, path.slice(0, depth), "object", file);
    if (!parent) continue;
    let nested: unknown = [value];
    for (const key of path.slice(depth + 1).reverse()) nested = { [key]: nested };
    return applyEdits(text, insertChild(text, parent, path[depth], nested));
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
  const index = parent?.type === "array" ? (key as number) : children.findIndex((property) => property.children?.[0]?.value === key);
  if (!parent || index < 0 || index >= children.length) return text;
  const next = applyEdits(text, removeChild(text, parent, index));
  if (!prune || children.length > 1 || parentPath.length === 0) return next;
  // Now empty. A container still holding a comment was the user's: keep it.
  const emptied = findNodeAtLocation(parseObject(next, file), parentPath)!;
  const interior = next.slice(emptied.offset + 1, emptied.offset + emptied.length - 1);
  return interior.trim() === "" ? removeAt(next, parentPath, file, true) : next;
}

/** Renders `value` as a new file: 2-space indent, trailing newline. */
export function renderNewFile(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

// --- internal ---

function position(text: string, offset: number): { line: number; column: number } {
  const line = text.slice(0, offset).split("\n").length;
  return { line, column: offset - lineStart(text, offset) + 1 };
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
