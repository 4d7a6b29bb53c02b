// Antigravity CLI's tools mapped onto hookit's (Pi's) tool vocabulary. Names and arguments:
// the "Supported Tools" list of Antigravity's hooks documentation (antigravity.google/docs/hooks),
// which names each tool's arguments but not their meaning in every detail. Where it is silent
// (view_file's StartLine/EndLine indexing) nothing is mapped: the native input stays available
// to policies as HOOKIT_NATIVE_TOOL_INPUT. grep_search's Includes is read as a string or a list.
import type { NormalizedTool, ToolClass } from "../shared/tool-classes.ts";
import { describe, isRecord, type Payload } from "../shared/payload.ts";
import { PayloadError } from "../../contract/types.ts";
import { inDirectory } from "../shared/shell-quote.ts";

type Normalizer = (args: Payload, required: (key: string) => string, cwd?: string) => Record<string, unknown>;

const NORMALIZERS: Record<string, [string, Normalizer]> = {
  run_command: ["bash", (args, required, cwd) => ({ command: inDirectory(required("CommandLine"), args.Cwd, cwd) })],
  view_file: ["read", (_args, required) => ({ path: required("AbsolutePath") })],
  write_to_file: ["write", (_args, required) => ({ path: required("TargetFile"), content: required("CodeContent") })],
  replace_file_content: [
    "edit",
    (_args, required) => ({
      path: required("TargetFile"),
      edits: [{ oldText: required("TargetContent"), newText: required("ReplacementContent") }],
    }),
  ],
  // The docs call ReplacementChunks "array of chunks" without their fields; chunks carrying the
  // single-edit names (TargetContent/ReplacementContent) become edits, others are left out.
  multi_replace_file_content: ["edit", (args, required) => ({ path: required("TargetFile"), edits: chunkEdits(args.ReplacementChunks) })],
  list_dir: ["ls", (_args, required) => ({ path: required("DirectoryPath") })],
  find_by_name: ["find", (args, required) => withPath({ pattern: required("Pattern") }, args.SearchDirectory)],
  grep_search: [
    "grep",
    (args, required) => {
      const out = withPath({ pattern: required("Query") }, args.SearchPath);
      if (typeof args.CaseInsensitive === "boolean") out.ignoreCase = args.CaseInsensitive;
      if (typeof args.IsRegex === "boolean") out.literal = !args.IsRegex;
      return out;
    },
  ],
};

/**
 * The normalized calls of one Antigravity tool call: one, or one grep per glob of a grep_search
 * whose `Includes` (file globs; the docs do not say whether one string or a list) names several.
 */
export function normalizeAntigravityCalls(name: string, args: Payload, where: string, cwd?: string): NormalizedTool[] {
  const one = normalizeAntigravityTool(name, args, where, cwd);
  if (name !== "grep_search") return [one];
  const includes =
    typeof args.Includes === "string"
      ? [args.Includes]
      : Array.isArray(args.Includes)
        ? args.Includes.filter((g): g is string => typeof g === "string")
        : [];
  if (includes.length === 0) return [one];
  return includes.map((glob) => ({ toolName: one.toolName, input: { ...one.input, glob } }));
}

/**
 * A known tool with a missing required argument is a PayloadError (the call is then denied with
 * that reason): guessing would let a policy written for `write` miss the call. Every other tool
 * (MCP, browser_*, search_web, …) keeps its native name and arguments.
 */
function normalizeAntigravityTool(name: string, args: Payload, where: string, cwd?: string): NormalizedTool {
  const entry = Object.hasOwn(NORMALIZERS, name) ? NORMALIZERS[name] : undefined;
  if (entry === undefined) return { toolName: name, input: args };
  const required = (key: string): string => {
    const value = args[key];
    if (typeof value !== "string") {
      throw new PayloadError(`${where}: toolCall.args.${key} of ${name} must be a string, got ${describe(value)}`);
    }
    return value;
  };
  return { toolName: entry[0], input: entry[1](args, required, cwd) };
}

// --- internal ---

function withPath(input: Record<string, unknown>, path: unknown): Record<string, unknown> {
  if (typeof path === "string") input.path = path;
  return input;
}

function chunkEdits(chunks: unknown): { oldText: string; newText: string }[] {
  if (!Array.isArray(chunks)) return [];
  return chunks.flatMap((chunk: unknown) =>
    isRecord(chunk) && typeof chunk.TargetContent === "string" && typeof chunk.ReplacementContent === "string"
      ? [{ oldText: chunk.TargetContent, newText: chunk.ReplacementContent }]
      : [],
  );
}

/** The tools of Antigravity's hooks documentation ("Supported Tools"); no agy runs here, so there is no captured list. */
export const TOOL_CLASSES: ToolClass[] = [
  {
    native: "run_command",
    as: "bash",
    fields: { CommandLine: "command", Cwd: "command" },
    rest: ["WaitMsBeforeAsync", "SafeToAutoRun"],
    note: "`Cwd` (the directory it runs in), when it is not the workspace root, becomes `cd -- <Cwd> && <command>`",
  },
  { native: "view_file", as: "read", fields: { AbsolutePath: "path" }, rest: ["StartLine", "EndLine"] },
  { native: "write_to_file", as: "write", fields: { TargetFile: "path", CodeContent: "content" }, rest: ["Overwrite", "EmptyFile"] },
  {
    native: "replace_file_content",
    as: "edit",
    fields: { TargetFile: "path", TargetContent: "edits[].oldText", ReplacementContent: "edits[].newText" },
  },
  { native: "multi_replace_file_content", as: "edit", fields: { TargetFile: "path", ReplacementChunks: "edits" } },
  { native: "list_dir", as: "ls", fields: { DirectoryPath: "path" } },
  {
    native: "find_by_name",
    as: "find",
    fields: { Pattern: "pattern", SearchDirectory: "path" },
    rest: ["Type", "MaxDepth", "Extensions", "Excludes"],
  },
  {
    native: "grep_search",
    as: "grep",
    perFile: true,
    fields: { Query: "pattern", SearchPath: "path", Includes: "glob" },
    rest: ["CaseInsensitive", "IsRegex", "MatchPerLine"],
    note: "one call per glob of `Includes` (a string or a list)",
  },
  { native: "search_web", inert: "a web search" },
];
