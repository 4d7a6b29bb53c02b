// Factory droid's built-in tools mapped onto hookit's (Pi's) tool vocabulary.
// Names and input shapes are the ones droid 0.225.2 sent its hooks in real runs
// (test/agents/factory/captures/): `Execute`, `Read`, `LS`, `Create`, `Edit`,
// `MultiEdit`, `ApplyPatch`, `Grep`, `Glob`. droid offers `ApplyPatch` (Codex's
// patch envelope in `input`) instead of `Create`/`Edit` to OpenAI models.
import {
  NO_FILES,
  SKILL,
  WEB_FETCH,
  type NormalizedTool,
  type ToolClass,
  backgroundTaskTools,
  TOOL_SEARCH,
} from "../shared/tool-classes.ts";
import { patchCalls } from "../shared/apply-patch.ts";
import { patchRow, readPatch } from "../shared/tool-patch.ts";
import { shellNormalizer } from "../shared/tool-shell.ts";
import type { Payload } from "../shared/payload.ts";
import { fieldReader, type FieldReader } from "../shared/fields.ts";
import { editRow, multiEditNormalizer, multiEditRow, type EditFields } from "../shared/tool-edit.ts";

/** One normalized call; `label` names it when one native call becomes several (a patch's files). */
export interface FactoryToolPart extends NormalizedTool {
  label: string;
}

/**
 * Maps a droid tool call onto the normalized vocabulary: one part, or one per
 * file of an `ApplyPatch` and per pattern of a `Glob`. Unknown tools (MCP,
 * `Task`, `FetchUrl`, …) keep their native name and input. A known tool with a
 * missing required field is a PayloadError: guessing would let a policy miss it.
 */
export function normalizeFactoryTool(name: string, input: Payload, where: string): FactoryToolPart[] {
  const f = fieldReader(input, name, where);
  const one = (toolName: string, normalized: Record<string, unknown>) => [{ toolName, input: normalized, label: name }];
  switch (name) {
    case "Execute":
      return one("bash", execute(input, f));
    case "Read":
      return one("read", { path: f.string("file_path"), ...f.optionalNumbers({ offset: "offset", limit: "limit" }) });
    case "LS":
      return one("ls", f.optionalStrings({ directory_path: "path" }));
    case "Create":
      return one("write", { path: f.string("file_path"), content: f.string("content") });
    case "Edit":
      return one("edit", { path: f.string("file_path"), edits: [{ oldText: f.string(EDIT.old), newText: f.string(EDIT.new) }] });
    case "MultiEdit":
      return one("edit", multiEdit(input, f));
    case "Grep":
      return one("grep", {
        pattern: f.string("pattern"),
        ...f.optionalStrings({ path: "path", glob_pattern: "glob" }),
        ...(typeof input.case_insensitive === "boolean" ? { ignoreCase: input.case_insensitive } : {}),
        ...f.optionalNumbers({ context: "context", head_limit: "limit" }),
      });
    case "Glob":
      return globPatterns(input.patterns, f).map((pattern) => ({
        toolName: "find",
        input: { pattern, ...f.optionalStrings({ folder: "path" }) },
        label: pattern,
      }));
    case "GenerateImage": {
      // The input images are local files sent to the image model: one read per path.
      const paths = Array.isArray(input.input_image_paths) ? input.input_image_paths.filter((p): p is string => typeof p === "string") : [];
      if (paths.length === 0) return [{ toolName: name, input, label: name }];
      return paths.map((path) => ({ toolName: "read", input: { path }, label: path }));
    }
    case "ApplyPatch":
      // One normalized call per file, as for Codex's apply_patch.
      return readPatch(f.string("input"), `${where}: the ApplyPatch text`).flatMap(patchCalls);
    default:
      return [{ toolName: name, input, label: name }];
  }
}

// --- internal ---

/** droid's timeout is in seconds, like Pi's. */
const execute = shellNormalizer({});

/** Claude Code's Edit and MultiEdit, with droid's field names. */
const EDIT: EditFields = { old: "old_str", new: "new_str", all: "change_all", list: "changes" };
const multiEdit = multiEditNormalizer(EDIT);

/** `patterns` is one glob or a list of them; Pi's `find` takes one, so each becomes its own call. */
function globPatterns(value: unknown, f: FieldReader): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")) return value;
  throw f.fail("patterns", "a string or a non-empty array of strings", value);
}

/** Every tool droid offered in a captured release (test/fixtures/tool-lists/factory-*.json). */
// Pure: droid's hook never reads the table and its bundle leaves it out. concat takes the
// backgroundTaskTools() rows as they are: spread into the array, they would keep the table there.
export const TOOL_CLASSES: ToolClass[] = /* @__PURE__ */ (
  [
    {
      native: "Execute",
      as: "bash",
      fields: { command: "command", timeout: "timeout" },
      rest: ["summary", "riskLevelReason", "riskLevel", "fireAndForget"],
    },
    { native: "Read", as: "read", fields: { file_path: "path", offset: "offset", limit: "limit" }, rest: ["image_quality"] },
    { native: "LS", as: "ls", fields: { directory_path: "path" }, rest: ["ignorePatterns"] },
    { native: "Create", as: "write", fields: { file_path: "path", content: "content" } },
    /* @__PURE__ */ editRow(EDIT),
    /* @__PURE__ */ multiEditRow(EDIT),
    /* @__PURE__ */ patchRow("ApplyPatch", "input"),
    {
      native: "Grep",
      as: "grep",
      fields: { pattern: "pattern", path: "path", glob_pattern: "glob" },
      rest: [
        "output_mode",
        "case_insensitive",
        "type",
        "context_before",
        "context_after",
        "context",
        "line_numbers",
        "head_limit",
        "multiline",
        "fixed_string",
      ],
    },
    {
      native: "Glob",
      as: "find",
      perFile: true,
      fields: { patterns: "pattern", folder: "path" },
      rest: ["excludePatterns"],
      note: "one call per pattern",
    },
    {
      native: "GenerateImage",
      as: "read",
      perFile: true,
      fields: { input_image_paths: "path" },
      rest: ["prompt"],
      note: "one `read` per input image; without input images it keeps its native name",
    },
    {
      native: "Task",
      nativeOnly: "starts a subagent (its own tool calls reach hookit's hooks); `image_paths` attaches local images to its prompt",
    },
  ] as ToolClass[]
).concat(/* @__PURE__ */ backgroundTaskTools(), [
  { native: "Skill", inert: SKILL },
  { native: "ToolSearch", inert: TOOL_SEARCH },
  {
    native: "ConnectorSearch",
    nativeOnly: "finds and calls a tool of a connected service (Factory's connectors, like MCP); guard it by `nativeToolName`",
  },
  { native: "FetchUrl", inert: WEB_FETCH },
  { native: "WebSearch", inert: "a web search run by Factory" },
  { native: "TodoWrite", inert: NO_FILES },
]);
