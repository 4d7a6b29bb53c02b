// Cursor's tool events mapped onto hookit's (Pi's) tool vocabulary (harness-protocols §5.2,
// §5.5, §7.4). Only the Shell input and the dedicated events (beforeShellExecution,
// beforeReadFile, afterFileEdit, …) are documented; other tool types are read in the
// spellings Cursor is known to use (prior-art §1.3: every file change is `Write` with
// `new_content`) and otherwise keep their native name, so a policy can still match them.
import { SUBAGENT, type NormalizedTool, type ToolClass } from "../shared/tool-classes.ts";
import { PayloadError } from "../../contract/types.ts";
import { deleteInput } from "../shared/apply-patch.ts";
import { describe, isRecord, stringOf, parseJsonObject } from "../shared/payload.ts";
import { inDirectory } from "../shared/shell-quote.ts";
import { soleString } from "../shared/fields.ts";

export interface CursorTool {
  toolName: string;
  input: Record<string, unknown>;
  nativeToolName: string;
  nativeToolInput: Record<string, unknown>;
}

/** The tool a Cursor tool event is about, native and normalized. */
export function readCursorTool(nativeEvent: string, payload: Record<string, unknown>, where: string): CursorTool {
  const need = (field: string): string => {
    const value = payload[field];
    if (typeof value !== "string" || value === "")
      throw new PayloadError(`${where}: "${field}" must be a non-empty string, got ${describe(value)}`);
    return value;
  };
  switch (nativeEvent) {
    case "beforeShellExecution":
    case "afterShellExecution": {
      // Named after the Shell tool type, so one policy filter covers these and preToolUse.
      const command = need("command");
      const nativeToolInput = typeof payload.cwd === "string" ? { command, cwd: payload.cwd } : { command };
      // `cwd` is where it runs; it is also the invocation's cwd, which the path facts start from.
      return { toolName: "bash", input: { command }, nativeToolName: "Shell", nativeToolInput };
    }
    case "beforeReadFile": {
      // `content` (the whole file) is left out: the native input travels in an environment variable.
      const path = need("file_path");
      return { toolName: "read", input: { path }, nativeToolName: "Read", nativeToolInput: { file_path: path } };
    }
    case "afterFileEdit": {
      const path = need("file_path");
      if (!Array.isArray(payload.edits)) throw new PayloadError(`${where}: "edits" must be an array, got ${describe(payload.edits)}`);
      const edits = payload.edits
        .filter(isRecord)
        .map((edit) => ({ oldText: stringOf(edit.old_string) ?? "", newText: stringOf(edit.new_string) ?? "" }));
      const nativeToolInput = { file_path: path, edits: payload.edits };
      return { toolName: "edit", input: { path, edits }, nativeToolName: "Write", nativeToolInput };
    }
  }
  const name = need("tool_name");
  const nativeToolInput = objectInput(payload.tool_input, `${where}: "tool_input" of ${name}`);
  // beforeMCPExecution names the bare tool while the tool events say MCP:<tool>; use the latter.
  const nativeToolName = nativeEvent === "beforeMCPExecution" && !name.startsWith("MCP:") ? `MCP:${name}` : name;
  return { ...normalize(nativeToolName, nativeToolInput, stringOf(payload.cwd)), nativeToolName, nativeToolInput };
}

/** What the model sees of a tool's output, per event. */
export function cursorResultText(nativeEvent: string, payload: Record<string, unknown>): string {
  if (nativeEvent === "postToolUseFailure") return stringOf(payload.error_message) ?? "";
  if (nativeEvent === "afterShellExecution") return stringOf(payload.output) ?? "";
  if (nativeEvent === "afterFileEdit") return "";
  // postToolUse: `tool_output` is a JSON string: {"exitCode":0,"stdout":…} in the docs,
  // {"output":…,"exitCode":0} in the CLI. Other shapes are passed on as they are.
  const raw = payload.tool_output;
  if (raw === undefined || raw === null) return "";
  let parsed: unknown = raw;
  if (typeof raw === "string") {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (isRecord(parsed)) {
    const main = stringOf(parsed.output) ?? stringOf(parsed.stdout);
    const stderr = stringOf(parsed.stderr) ?? "";
    if (main !== undefined) return [main, stderr].filter((part) => part !== "").join("\n");
  }
  return typeof raw === "string" ? raw : JSON.stringify(raw);
}

// --- internal ---

/** `tool_input` is an object on the tool events and a JSON string on beforeMCPExecution. */
function objectInput(value: unknown, field: string): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value === "string") {
    const parsed = parseJsonObject(value);
    if (parsed) return parsed;
    throw new PayloadError(`${field} is a string but not a JSON object`);
  }
  throw new PayloadError(`${field} must be a JSON object, got ${describe(value)}`);
}

/**
 * Cursor's tool types onto the vocabulary. Field spellings beyond the documented Shell input
 * are read in every form Cursor's tools are known to use (`path`, `file_path`, `target_file`,
 * `target_directory`). A Delete whose path cannot be found is unreadable rather than passed:
 * a path guard must see every delete. Task, MCP:<tool> and the rest keep their name and input.
 */
function normalize(name: string, args: Record<string, unknown>, cwd?: string): NormalizedTool {
  const path = soleString(args, ["file_path", "path", "target_file"], name);
  const dir = soleString(args, ["path", "target_directory", "directory_path"], name);
  if (name === "Shell" && typeof args.command === "string")
    return { toolName: "bash", input: { command: inDirectory(args.command, soleString(args, ["working_directory", "cwd"], name), cwd) } };
  if (name === "Read" && path !== undefined) return { toolName: "read", input: { path } };
  const content = stringOf(args.new_content) ?? stringOf(args.content);
  if (name === "Write" && path !== undefined && content !== undefined) return { toolName: "write", input: { path, content } };
  const oldText = stringOf(args.old_string);
  const newText = stringOf(args.new_string);
  if ((name === "StrReplace" || name === "Edit") && path !== undefined && oldText !== undefined && newText !== undefined)
    return { toolName: "edit", input: { path, edits: [{ oldText, newText }] } };
  if (name === "Delete") {
    if (path === undefined) throw new PayloadError(`"tool_input" of Delete names no file (file_path, path or target_file)`);
    return { toolName: "write", input: deleteInput(path) };
  }
  if (name === "LS") return { toolName: "ls", input: dir === undefined ? {} : { path: dir } };
  const pattern = stringOf(args.pattern);
  if (name === "Grep" && pattern !== undefined) {
    const glob = soleString(args, ["glob", "include"], name);
    return { toolName: "grep", input: { pattern, ...(dir !== undefined && { path: dir }), ...(glob !== undefined && { glob }) } };
  }
  const globPattern = pattern ?? stringOf(args.glob_pattern);
  if (name === "Glob" && globPattern !== undefined)
    return { toolName: "find", input: { pattern: globPattern, ...(dir !== undefined && { path: dir }) } };
  return { toolName: name, input: args };
}

/**
 * Cursor's tool types (harness-protocols §5.5: Shell, Read, Write, Grep, Delete, Task, MCP:<tool>,
 * plus the ones prior-art §1.3 saw in real sessions). No Cursor CLI runs here, so there is no
 * captured list: the field names are the ones Cursor's tools are known to use.
 */
export const TOOL_CLASSES: ToolClass[] = [
  {
    native: "Shell",
    as: "bash",
    fields: { command: "command", working_directory: "command", cwd: "command" },
    rest: ["timeout"],
    note: "the directory it runs in (`working_directory` or `cwd`), when it is not the payload's `cwd`, becomes `cd -- <dir> && <command>`",
  },
  { native: "Read", as: "read", fields: { file_path: "path", path: "path", target_file: "path" } },
  { native: "Write", as: "write", fields: { file_path: "path", new_content: "content" } },
  { native: "Edit", as: "edit", fields: { file_path: "path", old_string: "edits[].oldText", new_string: "edits[].newText" } },
  { native: "StrReplace", as: "edit", fields: { file_path: "path", old_string: "edits[].oldText", new_string: "edits[].newText" } },
  {
    native: "Delete",
    as: "write",
    fields: { file_path: "path", path: "path", target_file: "path" },
    note: 'hookit\'s delete form (`content: ""`, `delete: true`); a Delete that names no file is blocked as unreadable',
  },
  { native: "LS", as: "ls", fields: { path: "path", target_directory: "path" } },
  { native: "Grep", as: "grep", fields: { pattern: "pattern", path: "path", glob: "glob" } },
  { native: "Glob", as: "find", fields: { pattern: "pattern", target_directory: "path" } },
  { native: "Task", inert: SUBAGENT },
];
