// The tools a real CLI offers the model, read from the first main-loop request the fake model
// server received, in one wire-independent shape: name plus input schema. Fixtures of this shape
// live in test/fixtures/tool-lists/<agent>-<version>.json (tools.e2e.test.ts writes and checks them).
import type { Wire } from "./servers/types.ts";
import { isRecord } from "./servers/types.ts";

export interface OfferedTool {
  name: string;
  /** `function` (JSON-schema arguments), `custom` (freeform text, Codex apply_patch) or a server-side tool type. */
  kind: string;
  schema?: unknown;
}

export interface ToolList {
  agent: string;
  version: string;
  wire: Wire;
  tools: OfferedTool[];
}

/** The tools of one request body on `wire`, sorted by name. */
export function offeredTools(wire: Wire, body: unknown): OfferedTool[] {
  const tools = isRecord(body) && Array.isArray(body.tools) ? body.tools : [];
  const out: OfferedTool[] = [];
  for (const tool of tools) {
    if (!isRecord(tool)) continue;
    if (wire === "gemini") {
      for (const fn of Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : []) {
        if (isRecord(fn) && typeof fn.name === "string")
          out.push({ name: fn.name, kind: "function", schema: fn.parametersJsonSchema ?? fn.parameters });
      }
    } else if (wire === "chat") {
      const fn = isRecord(tool.function) ? tool.function : undefined;
      if (fn && typeof fn.name === "string") out.push({ name: fn.name, kind: "function", schema: fn.parameters });
    } else if (wire === "anthropic") {
      if (typeof tool.name !== "string") continue;
      out.push(
        tool.input_schema !== undefined
          ? { name: tool.name, kind: "function", schema: tool.input_schema }
          : { name: tool.name, kind: String(tool.type ?? "server") },
      );
    } else {
      const name = typeof tool.name === "string" ? tool.name : String(tool.type);
      const kind = String(tool.type ?? "function");
      out.push(
        kind === "function"
          ? { name, kind, schema: tool.parameters }
          : { name, kind, ...(tool.format !== undefined && { schema: tool.format }) },
      );
    }
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * `value` with every `enum` list of strings sorted: an enum is a set of allowed values, and
 * Gemini CLI lists its skills (activate_skill's `name`) in the order they finished loading,
 * which differs from run to run. Compared on both sides, so a fixture keeps what was captured.
 */
export function withSortedEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withSortedEnums) as T;
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    out[key] =
      key === "enum" && Array.isArray(inner) && inner.every((v) => typeof v === "string") ? [...inner].sort() : withSortedEnums(inner);
  return out as T;
}

// Claude Code 2.1.332 defers most tools: their names arrive in a system text and their schemas only
// after the model calls ToolSearch with `select:<name>,…` (tools.e2e.test.ts does, in a second run).
const DEFERRED_RE = /deferred tools are now available via ToolSearch[^\n]*:\n((?:[\w:.-]+\n)+)/;

/** The names of the tools a request lists as deferred (loaded on demand), in order. */
export function deferredToolNames(body: unknown): string[] {
  for (const text of strings(body)) {
    const match = DEFERRED_RE.exec(text);
    if (match?.[1]) return match[1].trim().split("\n");
  }
  return [];
}

function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (isRecord(value)) for (const item of Object.values(value)) yield* strings(item);
}
