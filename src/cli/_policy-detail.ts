// hookit's own detail under HooKit's diagnostics, for `hookit validate`. The engine
// keeps HooKit's exact texts (the first problem per file, often the catch-all "does
// not match the Hook or Preset schema"); this names every problem in the file with
// its line:column, the key, the expected type and a "did you mean".
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser/lib/esm/main.js";
import { actionSchema } from "../engine/schema.ts";
import { ACTION_TYPES, EVENTS } from "../engine/types.ts";
import { nearest } from "../base/nearest.ts";
import { lineColumnAt } from "../install/syntax.ts";

type Path = (string | number)[];

const HOOK_KEYS: Record<string, string> = {
  description: "string",
  event: "string",
  filter: "object",
  when: "string",
  shell: "string",
  action: "object",
  default: "boolean",
  timeout: "integer",
};
const PRESET_KEYS: Record<string, string> = { description: "string", preset: "array", default: "boolean" };
const META_KEYS = new Set(["$schema", "repos"]);

/** `file:line:column: what` lines, one per problem found in `text`. */
export function policyDetails(file: string, text: string): string[] {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const at = (offset: number) => `${file}:${lineColumn(text, offset)}`;
  if (errors.length > 0) return [...new Set(errors.map((e) => `${at(e.offset)}: ${syntaxWords(text, e)}`))];
  if (root?.type !== "object") return [`${at(0)}: the file must hold one JSON object ({ "local": { … } })`];
  const out: string[] = [];
  const where = (path: Path, key = false) => {
    const node = findNodeAtLocation(root, path);
    return at((key ? node?.parent?.children?.[0] : node)?.offset ?? 0);
  };
  for (const section of root.children ?? []) {
    const name = String(section.children?.[0]?.value);
    const value = section.children?.[1];
    if (META_KEYS.has(name) || !value) continue;
    if (value.type !== "object") {
      out.push(`${where([name])}: section "${name}" must be an object of named hooks, not ${kind(value)}`);
      continue;
    }
    for (const entry of value.children ?? []) {
      const entryName = String(entry.children?.[0]?.value);
      const body = entry.children?.[1];
      if (body) out.push(...entryProblems(`${name}/${entryName}`, [name, entryName], body, where));
    }
  }
  return out.sort(byPosition);
}

function byPosition(a: string, b: string): number {
  const pos = (line: string) => (/:(\d+):(\d+): /.exec(line) ?? [undefined, "0", "0"]).slice(1).map(Number) as [number, number];
  const [la, ca] = pos(a);
  const [lb, cb] = pos(b);
  return la - lb || ca - cb;
}

/** "true" is true without its quotes; "yes", "on", "1" are not JSON booleans at all. */
function booleanAdvice(text: string): string {
  return text === "true" || text === "false" ? ` (write ${text} without quotes)` : " (write true or false, without quotes)";
}

function entryProblems(ref: string, path: Path, body: Node, where: (path: Path, key?: boolean) => string): string[] {
  if (body.type !== "object") return [`${where(path)}: ${ref} must be an object, not ${kind(body)}`];
  const props = new Map((body.children ?? []).map((p) => [String(p.children?.[0]?.value), p.children?.[1]] as const));
  const isPreset = props.has("preset");
  const allowed = isPreset ? PRESET_KEYS : HOOK_KEYS;
  const out: string[] = [];
  for (const [key, value] of props) {
    const expected = allowed[key];
    if (expected === undefined) {
      const near = nearest(key, Object.keys(allowed));
      out.push(
        `${where([...path, key], true)}: ${ref}: unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ""}; a ${isPreset ? "preset" : "hook"} takes ${Object.keys(allowed).join(", ")}`,
      );
    } else if (value && !hasType(value, expected)) {
      out.push(
        `${where([...path, key])}: ${ref}: "${key}" must be ${article(expected)}, not ${kind(value)}${value.type === "string" && expected === "boolean" ? booleanAdvice(String(value.value)) : ""}`,
      );
    }
  }
  if (!props.has("description")) out.push(`${where(path)}: ${ref}: "description" is missing (a string; "" is allowed)`);
  if (isPreset) return out;
  const event = props.get("event");
  if (!event) out.push(`${where(path)}: ${ref}: "event" is missing; one of ${EVENTS.join(", ")}`);
  else if (event.type === "string" && !(EVENTS as readonly string[]).includes(event.value as string)) {
    const near = nearest(String(event.value), EVENTS);
    out.push(`${where([...path, "event"])}: ${ref}: unknown event "${event.value}"${near ? ` (did you mean "${near}"?)` : ""}`);
  }
  if (!props.has("shell") && !props.has("action")) out.push(`${where(path)}: ${ref}: needs a "shell" command or an "action"`);
  const timeout = props.get("timeout");
  if (timeout?.type === "number" && !(Number.isInteger(timeout.value) && timeout.value >= 1 && timeout.value <= 600_000)) {
    out.push(`${where([...path, "timeout"])}: ${ref}: "timeout" is in milliseconds, a whole number from 1 to 600000`);
  }
  const action = props.get("action");
  if (action?.type === "object") out.push(...actionProblems(ref, [...path, "action"], action, where));
  return out;
}

function actionProblems(ref: string, path: Path, action: Node, where: (path: Path, key?: boolean) => string): string[] {
  const type = findNodeAtLocation(action, ["type"]);
  if (!type) return [`${where(path)}: ${ref}: "action" needs a "type": one of ${ACTION_TYPES.join(", ")}`];
  if (!(ACTION_TYPES as readonly string[]).includes(type.value as string)) {
    const near = nearest(String(type.value), ACTION_TYPES);
    return [
      `${where([...path, "type"])}: ${ref}: unknown action type "${type.value}"${near ? ` (did you mean "${near}"?)` : ""}; one of ${ACTION_TYPES.join(", ")}`,
    ];
  }
  const value: unknown = JSON.parse(JSON.stringify(nodeValue(action)));
  if (actionSchema.safeParse(value).success) return [];
  return [
    `${where(path)}: ${ref}: this "${type.value}" action does not fit its shape (see docs/configuration.md: "outcome" is required, and each type takes only its own keys)`,
  ];
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case "object":
      return Object.fromEntries(
        (node.children ?? []).map((p) => [p.children?.[0]?.value, p.children?.[1] ? nodeValue(p.children[1]) : null]),
      );
    case "array":
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

function hasType(node: Node, expected: string): boolean {
  if (expected === "integer") return node.type === "number";
  return node.type === expected;
}

function kind(node: Node): string {
  if (node.type === "string") return `the string ${JSON.stringify(node.value)}`;
  if (node.type === "number" || node.type === "boolean" || node.type === "null")
    return `${node.type === "null" ? "" : `the ${node.type} `}${String(node.value)}`;
  return article(node.type);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function lineColumn(text: string, offset: number): string {
  const { line, column } = lineColumnAt(text, offset);
  return `${line}:${column}`;
}

// jsonc-parser's codes, said the way a person would fix them.
function syntaxWords(text: string, error: ParseError): string {
  const before = text.slice(0, error.offset).trimEnd();
  if (error.error === 10) return "a comment: hookit.json is strict JSON, remove it";
  if (before.endsWith(",") && /^\s*[}\]]/.test(text.slice(error.offset))) return "a trailing comma before this: remove it";
  const words: Record<string, string> = {
    CommaExpected: "a comma is missing before this",
    ColonExpected: 'a ":" is missing after the key',
    PropertyNameExpected: "expected a key in double quotes",
    ValueExpected: "expected a value",
    CloseBraceExpected: 'a "}" is missing',
    CloseBracketExpected: 'a "]" is missing',
    EndOfFileExpected: "more text after the end of the object",
    UnexpectedEndOfString: "a string is not closed",
    InvalidSymbol: "not JSON (strings need double quotes)",
  };
  const code = printParseErrorCode(error.error);
  return words[code] ?? code;
}
