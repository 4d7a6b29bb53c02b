// Shared vocabulary of the fake model servers.

/** One scripted model turn. `shell` calls whatever shell tool the CLI offers. */
export type ModelTurn =
  | { say: string }
  | { shell: string }
  | { tool: string; input: Record<string, unknown> }
  /** Codex's freeform `apply_patch` tool (a custom tool on the Responses wire). */
  | { patch: string };

export type Wire = "anthropic" | "responses" | "gemini" | "chat";

/** One request as the fake received it; one line of the JSONL request log. */
export interface LoggedRequest {
  seq: number;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or the raw text when it was not JSON, or null when empty. */
  body: unknown;
  /** What the fake answered: `step:<n>`, `side`, `404`, … (for reading logs, not for logic). */
  answer?: string;
}

/** What a wire handler produces for one request. */
export interface WireReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  answer: string;
}

export type WireHandler = (request: LoggedRequest, turns: readonly ModelTurn[]) => WireReply;

export function jsonReply(status: number, value: unknown, answer: string): WireReply {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(value), answer };
}

export function sseReply(body: string, answer: string): WireReply {
  return {
    status: 200,
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    body,
    answer,
  };
}

/** The turn for a conversation that already holds `step` model turns; past the script, a plain text. */
export function turnAt(turns: readonly ModelTurn[], step: number): ModelTurn {
  return turns[step] ?? { say: "e2e: script exhausted" };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Arguments for a tool call: the scripted values, plus a type-appropriate dummy for every other
 * required property of the tool's JSON schema (droid's `Execute` requires `riskLevel`, …).
 */
export function fillRequired(schema: unknown, given: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isRecord(schema) && Array.isArray(schema.required) && isRecord(schema.properties)) {
    for (const key of schema.required) {
      if (typeof key === "string" && !(key in given)) out[key] = dummyFor(schema.properties[key]);
    }
  }
  return { ...out, ...given };
}

export function dummyFor(schema: unknown): unknown {
  if (!isRecord(schema)) return "e2e";
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ("default" in schema) return schema.default;
  switch (schema.type) {
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return fillRequired(schema, {});
    default:
      return "e2e";
  }
}
