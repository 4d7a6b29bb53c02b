// Claude Code's built-in tools mapped onto hookit's (Pi's) tool vocabulary, and
// the text the model reads of each tool's output. Input shapes come from
// `sdk-tools.d.ts` of Claude Code 2.1.332 (harness-protocols §2.4); `MultiEdit`
// and `LS` are gone from that release but older versions still send them.
import { isRecord, textOf, type Payload } from "./_claude-style.ts";
import { fieldReader, type FieldReader } from "./_fields.ts";

export interface NormalizedTool {
  toolName: string;
  input: Record<string, unknown>;
}

type Normalizer = (input: Payload, field: FieldReader) => Record<string, unknown>;

const NORMALIZERS: Record<string, [string, Normalizer]> = {
  Bash: ["bash", (input, f) => {
    const out: Record<string, unknown> = { command: f.string("command") };
    // Claude's timeout is in milliseconds, Pi's in seconds.
    const timeout = input.timeout;
    if (typeof timeout === "number" && Number.isFinite(timeout)) out.timeout = timeout / 1000;
    return out;
  }],
  Read: ["read", (input, f) => {
    const out: Record<string, unknown> = { path: f.string("file_path") };
    copyNumber(input, "offset", out, "offset");
    copyNumber(input, "limit", out, "limit");
    return out;
  }],
  Write: ["write", (_input, f) => ({ path: f.string("file_path"), content: f.string("content") })],
  Edit: ["edit", (_input, f) => ({
    path: f.string("file_path"),
    edits: [{ oldText: f.string("old_string"), newText: f.string("new_string") }],
  })],
  MultiEdit: ["edit", (input, f) => ({ path: f.string("file_path"), edits: multiEdits(input.edits, f) })],
  Grep: ["grep", (input, f) => {
    const out: Record<string, unknown> = { pattern: f.string("pattern") };
    copyString(input, "path", out, "path");
    copyString(input, "glob", out, "glob");
    if (typeof input["-i"] === "boolean") out.ignoreCase = input["-i"];
    copyNumber(input, "context", out, "context");
    copyNumber(input, "-C", out, "context");
    copyNumber(input, "head_limit", out, "limit");
    return out;
  }],
  Glob: ["find", (input, f) => {
    const out: Record<string, unknown> = { pattern: f.string("pattern") };
    copyString(input, "path", out, "path");
    return out;
  }],
  LS: ["ls", (input) => {
    const out: Record<string, unknown> = {};
    copyString(input, "path", out, "path");
    return out;
  }],
};

/**
 * Maps a Claude tool call onto the normalized vocabulary. Unknown tools (MCP,
 * WebFetch, Task, …) keep their native name and input. A known tool with a
 * missing required field is a PayloadError: guessing would let a policy miss it.
 */
export function normalizeClaudeTool(name: string, input: Payload, where: string): NormalizedTool {
  const entry = Object.hasOwn(NORMALIZERS, name) ? NORMALIZERS[name] : undefined;
  if (entry === undefined) return { toolName: name, input };
  const [toolName, normalize] = entry;
  return { toolName, input: normalize(input, fieldReader(input, name, where)) };
}

/** What the model reads of a successful tool's `tool_response`, as closely as the payload allows. */
export function claudeResultText(toolName: string, response: unknown): string {
  if (isRecord(response)) {
    if (toolName === "Bash" && typeof response.stdout === "string") {
      const stderr = typeof response.stderr === "string" ? response.stderr : "";
      return [response.stdout, stderr].filter((part) => part !== "").join("\n");
    }
    if (toolName === "Read" && isRecord(response.file) && typeof response.file.content === "string") {
      return response.file.content;
    }
    if (toolName === "Grep" && typeof response.content === "string") return response.content;
    if ((toolName === "Grep" || toolName === "Glob") && isStringArray(response.filenames)) {
      return response.filenames.join("\n");
    }
  }
  return textOf(response);
}

// --- internal ---

function multiEdits(value: unknown, f: FieldReader): { oldText: string; newText: string }[] {
  if (!Array.isArray(value) || value.length === 0) throw f.fail("edits", "a non-empty array", value);
  return value.map((edit: unknown, index) => {
    if (!isRecord(edit)) throw f.fail(`edits[${index}]`, "an object", edit);
    if (typeof edit.old_string !== "string") throw f.fail(`edits[${index}].old_string`, "a string", edit.old_string);
    if (typeof edit.new_string !== "string") throw f.fail(`edits[${index}].new_string`, "a string", edit.new_string);
    return { oldText: edit.old_string, newText: edit.new_string };
  });
}

function copyString(from: Payload, key: string, to: Record<string, unknown>, as: string): void {
  if (typeof from[key] === "string") to[as] = from[key];
}

function copyNumber(from: Payload, key: string, to: Record<string, unknown>, as: string): void {
  const value = from[key];
  if (typeof value === "number" && Number.isFinite(value)) to[as] = value;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
