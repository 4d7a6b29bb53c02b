// Gemini CLI's built-in tools mapped onto hookit's (Pi's) tool vocabulary, and the text the
// model reads of a tool's output. Names and parameters: gemini-cli tools/definitions (the
// legacy set and the Gemini 3 set; harness-protocols §4.5). Older releases called the grep
// tool `search_file_content` and used `path`/`include`; both spellings are read.
import { inert, NO_FILES, SKILL, SUBAGENT, WEB_SEARCH, type NormalizedTool, type ToolClass } from "../shared/tool-classes.ts";
import { isRecord } from "../shared/payload.ts";
import { inDirectory, inDirectoryNote } from "../shared/shell-quote.ts";
import { soleString } from "../shared/fields.ts";

/** Where save_memory appends (Gemini's global context file); `~` because hookit's adapters see no HOME. */
const MEMORY_FILE = "~/.gemini/GEMINI.md";

/**
 * The normalized calls of one Gemini tool call: one, or one `read` per file or glob of a
 * read_many_files call.
 */
export function normalizeGeminiCalls(name: string, args: Record<string, unknown>): NormalizedTool[] {
  if (name === "read_many_files") {
    const paths = [...stringsOf(args.include), ...stringsOf(args.paths)];
    // Each is a file, a folder (everything in it) or a pattern: `many` says the read may open more than one file.
    if (paths.length > 0) return paths.map((path) => ({ toolName: "read", input: { path, many: true } }));
  }
  return [normalizeGeminiTool(name, args)];
}

/**
 * A known tool whose required argument is missing keeps its native name: Gemini itself
 * rejects such a call, so there is nothing to normalize.
 */
function normalizeGeminiTool(name: string, args: Record<string, unknown>): NormalizedTool {
  const path = soleString(args, ["file_path", "absolute_path"], name);
  // run_shell_command reads only dir_path; the search and list tools also take `path` (older releases).
  const dir = name === "run_shell_command" ? undefined : soleString(args, ["dir_path", "path"], name);
  switch (name) {
    case "run_shell_command":
      if (typeof args.command === "string") return { toolName: "bash", input: { command: inDirectory(args.command, args.dir_path) } };
      break;
    case "read_file":
      if (path !== undefined) return { toolName: "read", input: { path, ...readRange(args) } };
      break;
    case "write_file":
      if (path !== undefined && typeof args.content === "string") return { toolName: "write", input: { path, content: args.content } };
      break;
    case "replace":
      if (path !== undefined && typeof args.old_string === "string" && typeof args.new_string === "string")
        return { toolName: "edit", input: { path, edits: [{ oldText: args.old_string, newText: args.new_string }] } };
      break;
    case "grep_search":
    case "search_file_content":
      if (typeof args.pattern === "string") return { toolName: "grep", input: grepInput(args.pattern, dir, args) };
      break;
    case "glob":
      if (typeof args.pattern === "string")
        return { toolName: "find", input: dir === undefined ? { pattern: args.pattern } : { pattern: args.pattern, path: dir } };
      break;
    case "list_directory":
      return { toolName: "ls", input: dir === undefined ? {} : { path: dir } };
    case "save_memory":
      // Appends the fact to Gemini's global memory file, which every later session reads.
      if (typeof args.fact === "string")
        return { toolName: "edit", input: { path: MEMORY_FILE, edits: [{ oldText: "", newText: args.fact }] } };
      break;
  }
  // MCP tools (`mcp_<server>_<tool>`) and everything else keep their name and input.
  return { toolName: name, input: args };
}

/** `tool_response.llmContent` is what the model gets: a string, or Gemini parts carrying `text`. */
export function geminiResultText(response: unknown): string {
  if (typeof response === "string") return response;
  const llmContent = isRecord(response) ? response.llmContent : undefined;
  if (typeof llmContent === "string") return llmContent;
  const parts = Array.isArray(llmContent) ? llmContent : [llmContent];
  return parts
    .map((part) => (typeof part === "string" ? part : isRecord(part) && typeof part.text === "string" ? part.text : ""))
    .filter((text) => text !== "")
    .join("\n");
}

// --- internal ---

/** Pi's `offset` is the 1-based first line and `limit` a line count. */
function readRange(args: Record<string, unknown>): { offset?: number; limit?: number } {
  const range: { offset?: number; limit?: number } = {};
  const start = numberOf(args.start_line); // Gemini 3: 1-based, end_line inclusive
  const end = numberOf(args.end_line);
  const offset = numberOf(args.offset); // legacy: 0-based
  if (start !== undefined || end !== undefined) {
    if (start !== undefined) range.offset = start;
    if (end !== undefined) range.limit = end - (start ?? 1) + 1;
  } else if (offset !== undefined) range.offset = offset + 1;
  const limit = numberOf(args.limit);
  if (limit !== undefined && range.limit === undefined) range.limit = limit;
  return range;
}

function grepInput(pattern: string, dir: string | undefined, args: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = { pattern };
  if (dir !== undefined) input.path = dir;
  const glob = soleString(args, ["include_pattern", "include"], "grep_search");
  if (glob !== undefined) input.glob = glob;
  if (typeof args.case_sensitive === "boolean") input.ignoreCase = !args.case_sensitive;
  if (typeof args.fixed_strings === "boolean") input.literal = args.fixed_strings;
  const context = numberOf(args.context);
  if (context !== undefined) input.context = context;
  const limit = numberOf(args.total_max_matches);
  if (limit !== undefined) input.limit = limit;
  return input;
}

/** A string or an array's strings (read_many_files takes either in some releases). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Every tool Gemini CLI offered in a captured release (test/fixtures/tool-lists/gemini-*.json), plus older names. */
export const TOOL_CLASSES: ToolClass[] = [
  {
    native: "run_shell_command",
    as: "bash",
    fields: { command: "command", dir_path: "command" },
    rest: ["description", "is_background", "delay_ms"],
    note: inDirectoryNote("dir_path"),
  },
  {
    native: "read_file",
    as: "read",
    fields: { file_path: "path", absolute_path: "path", start_line: "offset", end_line: "limit", offset: "offset", limit: "limit" },
  },
  {
    native: "read_many_files",
    as: "read",
    perFile: true,
    fields: { include: "path", paths: "path" },
    rest: ["exclude", "recursive", "useDefaultExcludes", "file_filtering_options"],
    note: "one `read` per path or glob, with `many: true` (a folder or pattern opens every file in it)",
  },
  { native: "write_file", as: "write", fields: { file_path: "path", content: "content" } },
  {
    native: "replace",
    as: "edit",
    fields: { file_path: "path", old_string: "edits[].oldText", new_string: "edits[].newText" },
    rest: ["instruction", "allow_multiple", "expected_replacements"],
  },
  {
    native: "save_memory",
    as: "edit",
    fields: { fact: "edits[].newText" },
    note: "an append to `~/.gemini/GEMINI.md` (the path is that literal text)",
  },
  {
    native: "grep_search",
    as: "grep",
    fields: { pattern: "pattern", dir_path: "path", include_pattern: "glob" },
    rest: [
      "exclude_pattern",
      "names_only",
      "max_matches_per_file",
      "total_max_matches",
      "case_sensitive",
      "fixed_strings",
      "context",
      "after",
      "before",
      "no_ignore",
    ],
  },
  {
    native: "search_file_content",
    as: "grep",
    fields: { pattern: "pattern", path: "path", include: "glob" },
    note: "older name of grep_search",
  },
  {
    native: "glob",
    as: "find",
    fields: { pattern: "pattern", dir_path: "path" },
    rest: ["case_sensitive", "respect_git_ignore", "respect_gemini_ignore"],
  },
  { native: "list_directory", as: "ls", fields: { dir_path: "path" }, rest: ["ignore", "file_filtering_options"] },
  {
    native: "web_fetch",
    nativeOnly:
      "fetches the URLs written in `prompt` (Gemini's fallback fetches them directly, private addresses too); reads no local file",
  },
  { native: "google_web_search", inert: WEB_SEARCH },
  { native: "invoke_agent", inert: SUBAGENT },
  { native: "activate_skill", inert: SKILL },
  { native: "list_background_processes", inert: "lists the background commands the agent started" },
  { native: "read_background_output", inert: "reads the output of a background command the agent started" },
  ...inert(NO_FILES, "write_todos", "update_topic", "enter_plan_mode", "exit_plan_mode"),
];
