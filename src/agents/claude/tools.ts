// Claude Code's built-in tools mapped onto hookit's (Pi's) tool vocabulary, and
// the text the model reads of each tool's output. Input shapes are the schemas
// Claude Code sent the model (test/fixtures/tool-lists/claude-<version>.json; the
// deferred ones loaded through ToolSearch); `MultiEdit`, `LS`, `Grep` and `Glob`
// are not offered by 2.1.197/2.1.332 on Linux but other builds still send them.
// `PowerShell` and `REPL` (alias `Eval`) are offered on Windows and in REPL mode:
// their shapes come from the 2.1.332 binary's own schemas.
import {
  inert,
  NO_FILES,
  SUBAGENT,
  WEB_FETCH,
  WEB_SEARCH,
  type MappedTool,
  type NormalizedTool,
  type ToolClass,
  backgroundTaskTools,
  CRON_DELETE,
  TOOL_SEARCH,
} from "../shared/tool-classes.ts";
import { normalizeWith, plainNormalizers, type Normalizer } from "../shared/renames.ts";
import { isRecord, textOf, type Payload } from "../shared/payload.ts";
import { fieldReader } from "../shared/fields.ts";
import { shellNormalizer } from "../shared/tool-shell.ts";
import { editRow, multiEditNormalizer, multiEditRow, type EditFields } from "../shared/tool-edit.ts";

/** Bash and PowerShell: a command line and a timeout in milliseconds (Pi's is in seconds). */
const shell = shellNormalizer({ timeoutInMs: true });

/** Edit's and MultiEdit's fields (droid's tools spell them otherwise). */
const EDIT: EditFields = { old: "old_string", new: "new_string", all: "replace_all", list: "edits" };

/** The tools a row of MAPPED_TOOLS cannot say alone; every other mapped row is a plain rename (renames.ts). */
const OWN_NORMALIZERS: Record<string, Normalizer> = {
  Bash: shell,
  PowerShell: shell,
  // Monitor runs a shell command and streams its output, or watches a WebSocket (no command).
  Monitor: (input, f) => (input.command === undefined && input.ws !== undefined ? undefined : { command: f.string("command") }),
  MultiEdit: multiEditNormalizer(EDIT),
  // Replaces, inserts or deletes one cell: an edit of the notebook file whose new text is the cell source.
  NotebookEdit: (input, f) => ({
    path: f.string("notebook_path"),
    edits: [{ oldText: "", newText: typeof input.new_source === "string" ? input.new_source : "" }],
  }),
};

/**
 * Maps a Claude tool call onto the normalized vocabulary. Unknown tools (MCP,
 * WebFetch, Task, …) keep their native name and input. A known tool with a
 * missing required field is a PayloadError: guessing would let a policy miss it.
 */
export function normalizeClaudeTool(name: string, input: Payload, where: string): NormalizedTool {
  return normalizeWith(normalizers, name, input, fieldReader(input, name, where));
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

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** The tools hookit reads as its own vocabulary: the only rows the hook itself needs. */
/** Bash and PowerShell take the same input (`shell` reads both). */
const SHELL_INPUT = {
  fields: { command: "command", timeout: "timeout" },
  rest: ["description", "run_in_background", "dangerouslyDisableSandbox"],
};

const MAPPED_TOOLS: MappedTool[] = [
  { native: "Bash", as: "bash", ...SHELL_INPUT, note: "timeout ms → s" },
  { native: "PowerShell", as: "bash", ...SHELL_INPUT, note: "a PowerShell command line (Windows); timeout ms → s" },
  {
    native: "Monitor",
    as: "bash",
    fields: { command: "command" },
    rest: ["description", "timeout_ms", "ws", "persistent"],
    note: "with `ws` instead of `command` it watches a WebSocket and keeps its native name",
  },
  // REPL runs JavaScript, not a shell, but its `code` is the program it runs: a `bash` guard that
  // matches a command pattern sees it, and `nativeToolName` tells the interpreters apart.
  { native: "REPL", as: "bash", fields: { code: "command" }, rest: ["description"], note: "JavaScript, not a shell" },
  { native: "Eval", as: "bash", fields: { code: "command" }, rest: ["description"], note: "older name of REPL" },
  { native: "Read", as: "read", fields: { file_path: "path", offset: "offset", limit: "limit" }, rest: ["pages", "allow_large"] },
  { native: "Write", as: "write", fields: { file_path: "path", content: "content" } },
  editRow(EDIT),
  multiEditRow(EDIT),
  {
    native: "NotebookEdit",
    as: "edit",
    fields: { notebook_path: "path", new_source: "edits[].newText" },
    rest: ["cell_id", "cell_type", "edit_mode"],
    note: "a cell replaced, inserted or deleted",
  },
  {
    native: "Grep",
    as: "grep",
    fields: {
      pattern: "pattern",
      path: "path",
      glob: "glob",
      type: "type",
      "-i": "ignoreCase",
      context: "context",
      "-C": "context",
      head_limit: "limit",
    },
    rest: ["output_mode", "-n", "-A", "-B", "offset", "multiline"],
  },
  { native: "Glob", as: "find", fields: { pattern: "pattern", path: "path" } },
  { native: "LS", as: "ls", fields: { path: "path" }, rest: ["ignore"] },
];

const normalizers = plainNormalizers(MAPPED_TOOLS, OWN_NORMALIZERS);

/** Every tool Claude Code offered in a captured release (test/fixtures/tool-lists/claude-*.json), plus older and platform-only ones. */
// Pure: a bundle that only normalizes (the hook's) leaves the rows below out. concat takes the
// inert() groups as they are: spread into an array, they would keep the rows in that bundle.
export const TOOL_CLASSES: ToolClass[] = /* @__PURE__ */ (MAPPED_TOOLS as ToolClass[]).concat(
  [
    { native: "Agent", inert: SUBAGENT },
    { native: "Task", inert: SUBAGENT },
    {
      native: "Workflow",
      inert:
        "runs a workflow script in Claude Code's orchestration sandbox, whose steps are subagents; their tool calls reach hookit's hooks",
    },
    { native: "SendMessage", inert: "sends a message to another agent of the session" },
    { native: "ListAgents", inert: NO_FILES },
    { native: "Skill", inert: "loads a skill's instructions into the conversation; what the skill runs goes through Bash" },
    { native: "ToolSearch", inert: TOOL_SEARCH },
    { native: "DeferredToolPlaceholder", inert: "a placeholder Claude Code never runs" },
    { native: "WebFetch", inert: WEB_FETCH },
    { native: "WebSearch", inert: WEB_SEARCH },
    { native: "ReportFindings", inert: NO_FILES },
    { native: "ScheduleWakeup", inert: "schedules a later turn of this session" },
    {
      native: "CronCreate",
      inert:
        "schedules a prompt (optionally kept in .claude/scheduled_tasks.json by Claude Code itself); its tool calls reach hookit's hooks when it runs",
    },
    { native: "CronDelete", inert: CRON_DELETE },
  ],
  /* @__PURE__ */ inert(NO_FILES, "CronList", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate"),
  /* @__PURE__ */ backgroundTaskTools(),
  /* @__PURE__ */ inert(NO_FILES, "TodoWrite", "ExitPlanMode", "EnterPlanMode", "AskUserQuestion"),
  [
    { native: "EnterWorktree", nativeOnly: "creates a git worktree (under .claude/worktrees) or switches into an existing one at `path`" },
    { native: "ExitWorktree", nativeOnly: 'leaves the worktree; `action: "remove"` deletes it and its branch' },
  ],
);
