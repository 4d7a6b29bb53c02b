// Gemini CLI's built-in tools mapped onto hookit's (Pi's) tool vocabulary, and the text the
// model reads of a tool's output. Names and parameters: gemini-cli tools/definitions (the
// legacy set and the Gemini 3 set; harness-protocols §4.5). Older releases called the grep
// tool `search_file_content` and used `path`/`include`; both spellings are read.
import { isRecord, stringOf } from "./_claude-style.ts";

export interface NormalizedTool {
  toolName: string;
  input: Record<string, unknown>;
}

/**
 * A known tool whose required argument is missing keeps its native name: Gemini itself
 * rejects such a call, so there is nothing to normalize.
 */
export function normalizeGeminiTool(name: string, args: Record<string, unknown>): NormalizedTool {
  const path = stringOf(args.file_path) ?? stringOf(args.absolute_path);
  const dir = stringOf(args.dir_path) ?? stringOf(args.path);
  switch (name) {
    case "run_shell_command":
      if (typeof args.command === "string") return { toolName: "bash", input: { command: args.command } };
      break;
    case "read_file":
      if (path !== undefined) return { toolName: "read", input: { path, ...readRange(args) } };
      break;
    case "write_file":
      if (path !== undefined && typeof args.content === "string")
        return { toolName: "write", input: { path, content: args.content } };
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
  const glob = stringOf(args.include_pattern) ?? stringOf(args.include);
  if (glob !== undefined) input.glob = glob;
  if (typeof args.case_sensitive === "boolean") input.ignoreCase = !args.case_sensitive;
  if (typeof args.fixed_strings === "boolean") input.literal = args.fixed_strings;
  const context = numberOf(args.context);
  if (context !== undefined) input.context = context;
  const limit = numberOf(args.total_max_matches);
  if (limit !== undefined) input.limit = limit;
  return input;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
