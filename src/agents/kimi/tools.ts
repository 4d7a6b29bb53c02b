// Kimi Code CLI's built-in tools mapped onto hookit's (Pi's) tool vocabulary. Names and
// arguments: Kimi Code's "Built-in tools" reference (docs/en/reference/tools.md of
// MoonshotAI/kimi-code). The older Python kimi-cli calls its shell tool `Shell` (its hooks
// page shows `"tool_name": "Shell", "tool_input": {"command": …}`); its other tools have no
// documented arguments, so they keep their native names.
import { NO_FILES, SUBAGENT, WEB_FETCH, type ToolClass } from "../shared/tool-classes.ts";
import { describe, isRecord, type Payload } from "../shared/payload.ts";
import { PayloadError } from "../../contract/types.ts";

export interface NormalizedTool {
  toolName: string;
  input: Record<string, unknown>;
}

type Normalizer = (input: Payload, required: (key: string) => string) => Record<string, unknown>;

const shell: [string, Normalizer] = [
  "bash",
  (input, required) => {
    const out: Record<string, unknown> = { command: required("command") };
    // Kimi's Bash timeout is in milliseconds, Pi's in seconds.
    const timeout = numberOf(input.timeout);
    if (timeout !== undefined) out.timeout = timeout / 1000;
    return out;
  },
];

const read: [string, Normalizer] = [
  "read",
  (input, required) => {
    const out: Record<string, unknown> = { path: required("path") };
    // A negative line_offset counts from the end of the file, which Pi's offset cannot say.
    const offset = numberOf(input.line_offset);
    if (offset !== undefined && offset > 0) out.offset = offset;
    const lines = numberOf(input.n_lines);
    if (lines !== undefined) out.limit = lines;
    return out;
  },
];

// `mode: "append"` is still a write to `path`; the native input keeps the mode.
const write: [string, Normalizer] = ["write", (_input, required) => ({ path: required("path"), content: required("content") })];

// Kimi Code's names first, then the Python kimi-cli's (ReadFile, WriteFile, StrReplaceFile, …).
const NORMALIZERS: Record<string, [string, Normalizer]> = {
  Bash: shell,
  Shell: shell,
  Read: read,
  ReadFile: read,
  ReadMediaFile: ["read", (_input, required) => ({ path: required("path") })],
  Write: write,
  WriteFile: write,
  Edit: [
    "edit",
    (_input, required) => ({
      path: required("path"),
      edits: [{ oldText: required("old_string"), newText: required("new_string") }],
    }),
  ],
  // `edit` is one {old, new} or a list of them.
  StrReplaceFile: ["edit", (input, required) => ({ path: required("path"), edits: replaceEdits(input.edit) })],
  // A unified diff of one file: its removed and added lines.
  PatchFile: ["edit", (input, required) => ({ path: required("path"), edits: [diffEdit(required("diff"))] })],
  Grep: [
    "grep",
    (input, required) => {
      const out: Record<string, unknown> = { pattern: required("pattern") };
      if (typeof input.path === "string") out.path = input.path;
      if (typeof input.glob === "string") out.glob = input.glob;
      if (typeof input.type === "string") out.type = input.type;
      if (typeof input["-i"] === "boolean") out.ignoreCase = input["-i"];
      const context = numberOf(input["-C"]);
      if (context !== undefined) out.context = context;
      // head_limit 0 means "no limit" in Kimi.
      const limit = numberOf(input.head_limit);
      if (limit !== undefined && limit > 0) out.limit = limit;
      return out;
    },
  ],
  Glob: [
    "find",
    (input, required) => {
      const out: Record<string, unknown> = { pattern: required("pattern") };
      // Kimi Code says `path`, kimi-cli `directory`.
      const dir = typeof input.path === "string" ? input.path : input.directory;
      if (typeof dir === "string") out.path = dir;
      return out;
    },
  ],
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

function replaceEdits(value: unknown): { oldText: string; newText: string }[] {
  const list = Array.isArray(value) ? value : [value];
  const edits = list
    .filter(isRecord)
    .map((edit) => ({ oldText: typeof edit.old === "string" ? edit.old : "", newText: typeof edit.new === "string" ? edit.new : "" }));
  // An edit hookit cannot read still changes the file: keep the path visible with an empty edit.
  return edits.length > 0 ? edits : [{ oldText: "", newText: "" }];
}

function diffEdit(diff: string): { oldText: string; newText: string } {
  const lines = diff.split("\n").filter((line) => !line.startsWith("---") && !line.startsWith("+++"));
  const side = (mark: string) =>
    lines
      .filter((line) => line.startsWith(mark))
      .map((line) => line.slice(1))
      .join("\n");
  return { oldText: side("-"), newText: side("+") };
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/**
 * Kimi Code's built-in tools (its tools reference) and the Python kimi-cli's (src/kimi_cli/tools).
 * No Kimi CLI runs here, so there is no captured list.
 */
export const TOOL_CLASSES: ToolClass[] = [
  { native: "Bash", as: "bash", fields: { command: "command", timeout: "timeout" }, note: "timeout ms → s" },
  { native: "Shell", as: "bash", fields: { command: "command", timeout: "timeout" }, note: "kimi-cli's name" },
  { native: "Read", as: "read", fields: { path: "path", line_offset: "offset", n_lines: "limit" } },
  { native: "ReadFile", as: "read", fields: { path: "path", line_offset: "offset", n_lines: "limit" }, note: "kimi-cli's name" },
  { native: "ReadMediaFile", as: "read", fields: { path: "path" }, note: "an image or video file" },
  { native: "Write", as: "write", fields: { path: "path", content: "content" }, rest: ["mode"] },
  { native: "WriteFile", as: "write", fields: { path: "path", content: "content" }, rest: ["mode"], note: "kimi-cli's name" },
  {
    native: "Edit",
    as: "edit",
    fields: { path: "path", old_string: "edits[].oldText", new_string: "edits[].newText" },
    rest: ["replace_all"],
  },
  { native: "StrReplaceFile", as: "edit", fields: { path: "path", edit: "edits" }, note: "kimi-cli: `edit` is one `{old, new}` or a list" },
  { native: "PatchFile", as: "edit", fields: { path: "path", diff: "edits" }, note: "kimi-cli: a unified diff of one file" },
  {
    native: "Grep",
    as: "grep",
    fields: { pattern: "pattern", path: "path", glob: "glob", type: "type" },
    rest: ["-i", "-C", "head_limit", "output_mode", "multiline"],
  },
  { native: "Glob", as: "find", fields: { pattern: "pattern", path: "path", directory: "path" }, rest: ["include_dirs"] },
  { native: "Task", inert: SUBAGENT },
  { native: "SearchWeb", inert: "a web search" },
  { native: "FetchURL", inert: WEB_FETCH },
  { native: "Think", inert: NO_FILES },
  { native: "SetTodoList", inert: NO_FILES },
];
