// GitHub Copilot CLI's built-in tools mapped onto hookit's (Pi's) tool vocabulary
// (harness-protocols §6.4 and §7.4). camelCase hooks see Copilot's own names (`bash`, `view`,
// `create`, `edit`, `str_replace_editor`, …); PascalCase hooks see Claude's names (`Bash`,
// `Read`, …). Which argument spelling PascalCase mode uses for file tools is not captured
// yet, so both Copilot's (`path`, `file_text`, `old_str`) and Claude's are read.
import { PayloadError } from "./types.ts";
import { describe, isRecord, stringOf, parseJsonObject } from "./_claude-style.ts";

export interface NormalizedTool {
  toolName: string;
  input: Record<string, unknown>;
}

/** `toolArgs` is an object in 1.0.102 and a JSON string in older versions. */
export function readToolArgs(value: unknown, toolName: string, field: string): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value === "string") {
    const parsed = parseJsonObject(value);
    if (parsed) return parsed;
    // Older shells sent the bare command line (prior-art §1.3); anything else is unreadable.
    if (SHELLS.has(toolName)) return { command: value };
    throw new PayloadError(`${field} of ${toolName} is a string but not a JSON object`);
  }
  throw new PayloadError(`${field} of ${toolName} must be a JSON object or a JSON string, got ${describe(value)}`);
}

/** Unknown tools, powershell and str_replace_editor's insert/undo_edit keep name and input. */
export function normalizeCopilotTool(name: string, args: Record<string, unknown>): NormalizedTool {
  const path = stringOf(args.path) ?? stringOf(args.file_path);
  // str_replace_editor is one tool with a `command` that says what it does.
  const action = name === "str_replace_editor" ? stringOf(args.command) : undefined;
  if ((name === "bash" || name === "Bash") && typeof args.command === "string")
    return { toolName: "bash", input: { command: args.command } };
  if ((name === "view" || name === "Read" || action === "view") && path !== undefined)
    return { toolName: "read", input: { path, ...viewRange(args) } };
  const content = stringOf(args.file_text) ?? stringOf(args.content);
  if ((name === "create" || name === "Write" || action === "create") && path !== undefined && content !== undefined)
    return { toolName: "write", input: { path, content } };
  const oldText = stringOf(args.old_str) ?? stringOf(args.old_string);
  const newText = stringOf(args.new_str) ?? stringOf(args.new_string);
  const isEdit = name === "edit" || name === "Edit" || action === "str_replace";
  if (isEdit && path !== undefined && oldText !== undefined && newText !== undefined)
    return { toolName: "edit", input: { path, edits: [{ oldText, newText }] } };
  const pattern = stringOf(args.pattern);
  if ((name === "glob" || name === "Glob") && pattern !== undefined)
    return { toolName: "find", input: { pattern, ...optional("path", path) } };
  if ((name === "grep" || name === "Grep" || name === "rg") && pattern !== undefined)
    return { toolName: "grep", input: { pattern, ...optional("path", path), ...optional("glob", stringOf(args.glob)) } };
  return { toolName: name, input: args };
}

// --- internal ---

const SHELLS = new Set(["bash", "Bash", "powershell"]);

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

