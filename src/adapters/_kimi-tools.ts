// Kimi Code CLI's built-in tools mapped onto hookit's (Pi's) tool vocabulary. Names and
// arguments: Kimi Code's "Built-in tools" reference (docs/en/reference/tools.md of
// MoonshotAI/kimi-code). The older Python kimi-cli calls its shell tool `Shell` (its hooks
// page shows `"tool_name": "Shell", "tool_input": {"command": …}`); its other tools have no
// documented arguments, so they keep their native names.
import { describe, isRecord, type Payload } from "./_claude-style.ts";
import { PayloadError } from "./types.ts";

export interface NormalizedTool {
  toolName: string;
  input: Record<string, unknown>;
}

type Normalizer = (input: Payload, required: (key: string) => string) => Record<string, unknown>;

const shell: [string, Normalizer] = ["bash", (input, required) => {
  const out: Record<string, unknown> = { command: required("command") };
  // Kimi's Bash timeout is in milliseconds, Pi's in seconds.
  const timeout = numberOf(input.timeout);
  if (timeout !== undefined) out.timeout = timeout / 1000;
  return out;
}];

const NORMALIZERS: Record<string, [string, Normalizer]> = {
  Bash: shell,
  Shell: shell,
  Read: ["read", (input, required) => {
    const out: Record<string, unknown> = { path: required("path") };
    // A negative line_offset counts from the end of the file, which Pi's offset cannot say.
    const offset = numberOf(input.line_offset);
    if (offset !== undefined && offset > 0) out.offset = offset;
    const lines = numberOf(input.n_lines);
    if (lines !== undefined) out.limit = lines;
    return out;
  }],
  // `mode: "append"` is still a write to `path`; the native input keeps the mode.
  Write: ["write", (_input, required) => ({ path: required("path"), content: required("content") })],
  Edit: ["edit", (_input, required) => ({
    path: required("path"),
    edits: [{ oldText: required("old_string"), newText: required("new_string") }],
  })],
  Grep: ["grep", (input, required) => {
    const out: Record<string, unknown> = { pattern: required("pattern") };
    if (typeof input.path === "string") out.path = input.path;
    if (typeof input.glob === "string") out.glob = input.glob;
    if (typeof input["-i"] === "boolean") out.ignoreCase = input["-i"];
    const context = numberOf(input["-C"]);
    if (context !== undefined) out.context = context;
    // head_limit 0 means "no limit" in Kimi.
    const limit = numberOf(input.head_limit);
    if (limit !== undefined && limit > 0) out.limit = limit;
    return out;
  }],
  Glob: ["find", (input, required) => {
    const out: Record<string, unknown> = { pattern: required("pattern") };
    if (typeof input.path === "string") out.path = input.path;
    return out;
  }],
};

/**
 * A known tool with a missing required argument is a PayloadError (the pre-tool call is then
 * blocked with that reason): guessing would let a policy written for `write` miss the call.
 * MCP and every other tool keep their native name and input.
 */
export function normalizeKimiTool(name: string, input: Payload, where: string): NormalizedTool {
  const entry = Object.hasOwn(NORMALIZERS, name) ? NORMALIZERS[name] : undefined;
  if (entry === undefined) return { toolName: name, input };
  const required = (key: string): string => {
    const value = input[key];
    if (typeof value !== "string") {
      throw new PayloadError(`${where}: tool_input.${key} of ${name} must be a string, got ${describe(value)}`);
    }
    return value;
  };
  return { toolName: entry[0], input: entry[1](input, required) };
}

/**
 * The text of a PostToolUse `tool_output` (a string, cut at 2000 characters by Kimi Code) or of
 * a PostToolUseFailure `error` (Kimi Code sends an error object with a `message`).
 */
export function kimiResultText(value: unknown): string {
  if (typeof value === "string") return value;
  if (isRecord(value) && typeof value.message === "string") return value.message;
  return value === undefined || value === null ? "" : JSON.stringify(value);
}

// --- internal ---

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
