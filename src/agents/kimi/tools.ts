// Kimi Code CLI's built-in tools mapped onto hookit's (Pi's) tool vocabulary. Names and
// arguments: the tool list Kimi Code 2.1.0 offered the model
// (test/fixtures/tool-lists/kimi-2.1.0.json, captured by test/e2e/tools.e2e.test.ts). The older
// Python kimi-cli calls its shell tool `Shell` (its hooks page shows `"tool_name": "Shell",
// "tool_input": {"command": …}`); its other tools come from its source, not from a run.
import {
  inert,
  NO_FILES,
  SKILL,
  SUBAGENT,
  WEB_FETCH,
  type MappedTool,
  type NormalizedTool,
  type ToolClass,
  backgroundTaskTools,
  CRON_DELETE,
} from "../shared/tool-classes.ts";
import { isRecord, type Payload } from "../shared/payload.ts";
import { fieldReader } from "../shared/fields.ts";
import { normalizeWith, plainNormalizers, type Normalizer } from "../shared/renames.ts";
import { shellNormalizer } from "../shared/tool-shell.ts";
import { inDirectoryNote } from "../shared/shell-quote.ts";

/**
 * Bash and Shell: the timeout is in seconds, as Pi's (Kimi Code 2.1.0's schema: "timeout in seconds",
 * default 60; kimi-cli's the same). Bash's `cwd` is where the command runs: relative paths in it land there.
 */
const shell = shellNormalizer({ dir: "cwd" });

const read: Normalizer = (input, f) => {
  const out: Record<string, unknown> = { path: f.string("path") };
  // A negative line_offset counts from the end of the file, which Pi's offset cannot say.
  const offset = numberOf(input.line_offset);
  if (offset !== undefined && offset > 0) out.offset = offset;
  const lines = numberOf(input.n_lines);
  if (lines !== undefined) out.limit = lines;
  return out;
};

/** The tools a row of MAPPED_TOOLS cannot say alone; every other mapped row is a plain rename (renames.ts). */
const OWN_NORMALIZERS: Record<string, Normalizer> = {
  Bash: shell,
  Shell: shell,
  Read: read,
  ReadFile: read,
  // `edit` is one {old, new} or a list of them.
  StrReplaceFile: (input, f) => ({ path: f.string("path"), edits: replaceEdits(input.edit) }),
  // A unified diff of one file: its removed and added lines.
  PatchFile: (_input, f) => ({ path: f.string("path"), edits: [diffEdit(f.string("diff"))] }),
  Grep: (input, f) => {
    const out: Record<string, unknown> = { pattern: f.string("pattern") };
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
};

/**
 * A known tool with a missing required argument is a PayloadError (the pre-tool call is then
 * blocked with that reason): guessing would let a policy written for `write` miss the call.
 * MCP and every other tool keep their native name and input.
 */
export function normalizeKimiTool(name: string, input: Payload, where: string): NormalizedTool {
  return normalizeWith(normalizers, name, input, fieldReader(input, name, where));
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
 * Kimi Code 2.1.0's built-in tools (the captured list) and the Python kimi-cli's (src/kimi_cli/tools,
 * each row says "kimi-cli's name").
 */
const MAPPED_TOOLS: MappedTool[] = [
  {
    native: "Bash",
    as: "bash",
    fields: { command: "command", cwd: "command", timeout: "timeout" },
    rest: ["description", "run_in_background", "disable_timeout"],
    note: inDirectoryNote("cwd", "timeout in seconds"),
  },
  { native: "Shell", as: "bash", fields: { command: "command", timeout: "timeout" }, note: "kimi-cli's name; timeout in seconds" },
  {
    native: "Read",
    as: "read",
    fields: { path: "path", line_offset: "offset", n_lines: "limit" },
    rest: ["column_offset", "max_chars"],
  },
  { native: "ReadFile", as: "read", fields: { path: "path", line_offset: "offset", n_lines: "limit" }, note: "kimi-cli's name" },
  { native: "ReadMediaFile", as: "read", fields: { path: "path" }, rest: ["region", "full_resolution"], note: "an image or video file" },
  // `mode: "append"` is still a write to `path`; the native input keeps the mode.
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
    fields: { pattern: "pattern", path: "path", glob: "glob", type: "type", "-i": "ignoreCase", "-C": "context", head_limit: "limit" },
    rest: ["output_mode", "multiline", "-A", "-B", "-n", "offset", "include_ignored"],
    note: "`head_limit` 0 is no limit",
  },
  // Kimi Code says `path`, kimi-cli `directory`: two different values are refused.
  {
    native: "Glob",
    as: "find",
    fields: { pattern: "pattern", path: "path", directory: "path" },
    rest: ["include_dirs", "include_ignored", "head_limit", "offset"],
  },
];

const normalizers = plainNormalizers(MAPPED_TOOLS, OWN_NORMALIZERS);

// Pure: a bundle that only normalizes (the hook's) leaves the rows below out. concat takes the
// inert() groups as they are: spread into an array, they would keep the rows in that bundle.
export const TOOL_CLASSES: ToolClass[] = /* @__PURE__ */ (MAPPED_TOOLS as ToolClass[]).concat(
  [
    { native: "Agent", inert: SUBAGENT },
    { native: "AgentSwarm", inert: "starts several subagents; each tool call they make reaches hookit's hooks on its own" },
    { native: "Skill", inert: SKILL },
    { native: "FetchURL", inert: WEB_FETCH },
    { native: "WebSearch", inert: "a web search run by Kimi's search service (offered when one is configured; not in the captured list)" },
  ],
  /* @__PURE__ */ inert(NO_FILES, "AskUserQuestion", "EnterPlanMode", "ExitPlanMode", "TodoList"),
  /* @__PURE__ */ inert(NO_FILES, "CreateGoal", "GetGoal", "UpdateGoal", "SetGoalBudget"),
  [
    { native: "CronCreate", inert: "schedules a prompt; its tool calls reach hookit's hooks when it runs" },
    { native: "CronDelete", inert: CRON_DELETE },
  ],
  /* @__PURE__ */ inert(NO_FILES, "CronList", "TaskList"),
  /* @__PURE__ */ backgroundTaskTools(),
  [
    { native: "WaitFor", inert: "waits for a background task the agent started" },
    // A template literal with an imported text would keep the table in that bundle; a pure concat does not.
    { native: "Task", inert: /* @__PURE__ */ "kimi-cli: ".concat(SUBAGENT) },
    { native: "SearchWeb", inert: "kimi-cli: a web search" },
    { native: "Think", inert: "kimi-cli: talks to the model only: no file, no process" },
    { native: "SetTodoList", inert: "kimi-cli: talks to the model or the user only: no file, no process" },
  ],
);
