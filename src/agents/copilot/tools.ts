// GitHub Copilot CLI's built-in tools mapped onto hookit's (Pi's) tool vocabulary
// (harness-protocols §6.4 and §7.4). camelCase hooks see Copilot's own names (`bash`, `view`,
// `create`, `edit`, `str_replace_editor`, …); PascalCase hooks see Claude's names (`Bash`,
// `Read`, …). Which argument spelling PascalCase mode uses for file tools is not captured
// yet, so both Copilot's (`path`, `file_text`, `old_str`) and Claude's are read.
import { inert, NO_FILES, SKILL, WEB_FETCH, type NormalizedTool, type ToolClass } from "../shared/tool-classes.ts";
import { PayloadError } from "../../contract/types.ts";
import { describe, isRecord, stringOf, parseJsonObject } from "../shared/payload.ts";
import { patchCalls as patchFileCalls } from "../shared/apply-patch.ts";
import { patchRow, readPatch } from "../shared/tool-patch.ts";
import { soleString } from "../shared/fields.ts";

/** `toolArgs` is an object in 1.0.102 and a JSON string in older versions. */
export function readToolArgs(value: unknown, toolName: string, field: string): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value === "string") {
    const parsed = parseJsonObject(value);
    if (parsed) return parsed;
    // Older shells sent the bare command line (prior-art §1.3); anything else is unreadable.
    if (SHELLS.has(toolName)) return { command: value };
    // apply_patch is a freeform tool: its argument may be the bare patch text.
    if (toolName === "apply_patch") return { input: value };
    throw new PayloadError(`${field} of ${toolName} is a string but not a JSON object`);
  }
  throw new PayloadError(`${field} of ${toolName} must be a JSON object or a JSON string, got ${describe(value)}`);
}

/**
 * The normalized calls of one Copilot tool call: one, or one per directory of a grep/glob whose
 * `paths` is an array. Unknown tools keep their name and input.
 */
export function normalizeCopilotCalls(name: string, args: Record<string, unknown>): NormalizedTool[] {
  const pattern = stringOf(args.pattern);
  const search = name === "glob" || name === "Glob" ? "find" : name === "grep" || name === "Grep" || name === "rg" ? "grep" : undefined;
  if (search !== undefined && pattern !== undefined) {
    // 1.0.102 takes `paths` (one directory or an array of them); older releases and Claude's names take `path`.
    const dirs = [...stringsOf(args.paths), ...stringsOf(args.path)];
    const glob = search === "grep" ? { ...optional("glob", stringOf(args.glob)), ...optional("type", stringOf(args.type)) } : {};
    if (dirs.length === 0) return [{ toolName: search, input: { pattern, ...glob } }];
    return dirs.map((path) => ({ toolName: search, input: { pattern, path, ...glob } }));
  }
  const patch = name === "apply_patch" ? patchCalls(args) : undefined;
  return patch ?? [normalizeCopilotTool(name, args)];
}

/** One call onto the vocabulary; unknown tools keep name and input. */
function normalizeCopilotTool(name: string, args: Record<string, unknown>): NormalizedTool {
  const path = soleString(args, ["path", "file_path"], name);
  // str_replace_editor is one tool with a `command` that says what it does.
  const action = name === "str_replace_editor" ? stringOf(args.command) : undefined;
  const command = stringOf(args.command);
  if (SHELLS.has(name) && command !== undefined) return { toolName: "bash", input: { command } };
  // Text typed into a running shell session is a command line that shell runs.
  if (name === "write_bash" && typeof args.input === "string") return { toolName: "bash", input: { command: args.input } };
  if ((name === "view" || name === "Read" || action === "view") && path !== undefined)
    return { toolName: "read", input: { path, ...viewRange(args) } };
  const content = stringOf(args.file_text) ?? stringOf(args.content);
  if ((name === "create" || name === "Write" || action === "create") && path !== undefined && content !== undefined)
    return { toolName: "write", input: { path, content } };
  // Copilot's edit requires only `path`: a missing new_str deletes the old text, a missing old_str
  // (str_replace_editor insert) adds text. Every other str_replace_editor command with a path
  // (insert, undo_edit, one hookit does not know) changes that file too.
  const isEdit = name === "edit" || name === "Edit" || (name === "str_replace_editor" && action !== "view" && action !== "create");
  if (isEdit && path !== undefined) {
    const oldText = stringOf(args.old_str) ?? stringOf(args.old_string) ?? "";
    const newText = stringOf(args.new_str) ?? stringOf(args.new_string) ?? stringOf(args.file_text) ?? "";
    return { toolName: "edit", input: { path, edits: action === "undo_edit" ? [] : [{ oldText, newText }] } };
  }
  return { toolName: name, input: args };
}

// --- internal ---

const SHELLS = new Set(["bash", "Bash", "powershell"]);

/** apply_patch's patch text, wherever the call carries it; one call per file, or none when there is no text. */
function patchCalls(args: Record<string, unknown>): NormalizedTool[] | undefined {
  const text = stringOf(args.input) ?? stringOf(args.patch) ?? stringOf(args.patchText) ?? stringOf(args.command);
  if (text === undefined) return undefined;
  return readPatch(text, "the apply_patch text")
    .flatMap(patchFileCalls)
    .map(({ toolName, input }) => ({ toolName, input }));
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** `view_range` is `[first, last]`, 1-based, last -1 meaning "to the end"; Pi wants offset + limit. */
function viewRange(args: Record<string, unknown>): { offset?: number; limit?: number } {
  const range = args.view_range;
  if (Array.isArray(range) && typeof range[0] === "number" && Number.isFinite(range[0])) {
    const first = range[0];
    const last: unknown = range[1];
    if (typeof last === "number" && last >= first) return { offset: first, limit: last - first + 1 };
    return { offset: first };
  }
  // Claude's Read (PascalCase mode) already uses Pi's meaning of offset and limit.
  const out: { offset?: number; limit?: number } = {};
  if (typeof args.offset === "number" && Number.isFinite(args.offset)) out.offset = args.offset;
  if (typeof args.limit === "number" && Number.isFinite(args.limit)) out.limit = args.limit;
  return out;
}

function optional(key: string, value: string | undefined): Record<string, string> {
  return value === undefined ? {} : { [key]: value };
}

const AGENT_TALK = "talks to a subagent; each tool call it makes reaches hookit's hooks on its own";

/** Every tool Copilot CLI offered in a captured release (test/fixtures/tool-lists/copilot-*.json), plus older and platform-only ones. */
export const TOOL_CLASSES: ToolClass[] = [
  { native: "bash", as: "bash", fields: { command: "command" }, rest: ["description", "shellId", "mode", "detach", "initial_wait"] },
  {
    native: "powershell",
    as: "bash",
    fields: { command: "command" },
    rest: ["description", "sessionId", "mode", "initial_wait"],
    note: "a PowerShell command line (Windows)",
  },
  {
    native: "write_bash",
    as: "bash",
    fields: { input: "command" },
    rest: ["shellId", "delay"],
    note: "text typed into a running shell session",
  },
  {
    native: "view",
    as: "read",
    fields: { path: "path" },
    rest: ["view_range", "forceReadLargeFiles"],
    note: "`view_range` becomes `offset`/`limit`",
  },
  { native: "create", as: "write", fields: { path: "path", file_text: "content" } },
  {
    native: "edit",
    as: "edit",
    fields: { path: "path", old_str: "edits[].oldText", new_str: "edits[].newText" },
    note: "a missing `old_str` or `new_str` is empty text",
  },
  {
    native: "str_replace_editor",
    as: ["read", "write", "edit"],
    fields: { path: "path", file_text: "content", old_str: "edits[].oldText", new_str: "edits[].newText" },
    rest: ["command", "insert_line", "view_range"],
    note: "`view` → read, `create` → write, every other command (`str_replace`, `insert`, `undo_edit`) → edit",
  },
  /* @__PURE__ */ patchRow("apply_patch", "input"),
  {
    native: "grep",
    as: "grep",
    perFile: true,
    fields: { pattern: "pattern", paths: "path", path: "path", glob: "glob", type: "type" },
    rest: ["output_mode", "-i", "-A", "-B", "-C", "-n", "head_limit", "multiline"],
    note: "one call per directory of `paths` (a string or an array)",
  },
  {
    native: "glob",
    as: "find",
    perFile: true,
    fields: { pattern: "pattern", paths: "path", path: "path" },
    note: "one call per directory of `paths` (a string or an array)",
  },
  // PascalCase hooks (PreToolUse) name the tools as Claude does.
  { native: "Bash", as: "bash", fields: { command: "command" }, note: "PascalCase hooks" },
  { native: "Read", as: "read", fields: { path: "path", file_path: "path", offset: "offset", limit: "limit" }, note: "PascalCase hooks" },
  {
    native: "Write",
    as: "write",
    fields: { path: "path", file_path: "path", file_text: "content", content: "content" },
    note: "PascalCase hooks",
  },
  {
    native: "Edit",
    as: "edit",
    fields: {
      path: "path",
      file_path: "path",
      old_str: "edits[].oldText",
      old_string: "edits[].oldText",
      new_str: "edits[].newText",
      new_string: "edits[].newText",
    },
    note: "PascalCase hooks",
  },
  {
    native: "Grep",
    as: "grep",
    perFile: true,
    fields: { pattern: "pattern", paths: "path", path: "path", glob: "glob" },
    note: "PascalCase hooks",
  },
  { native: "Glob", as: "find", perFile: true, fields: { pattern: "pattern", paths: "path", path: "path" }, note: "PascalCase hooks" },
  { native: "read_bash", inert: "reads the output of a shell session the agent started" },
  { native: "stop_bash", inert: "stops a shell session the agent started" },
  { native: "list_bash", inert: "lists the shell sessions the agent started" },
  { native: "sql", inert: "queries the session's own todo database (kept by Copilot CLI)" },
  { native: "session_store_sql", inert: "queries Copilot CLI's own store of past sessions" },
  ...inert(AGENT_TALK, "task", "read_agent", "write_agent", "list_agents"),
  { native: "skill", inert: SKILL },
  { native: "fetch_copilot_cli_documentation", inert: "returns Copilot CLI's own bundled documentation" },
  ...inert(NO_FILES, "report_intent", "update_todo"),
  { native: "web_fetch", inert: WEB_FETCH },
];
