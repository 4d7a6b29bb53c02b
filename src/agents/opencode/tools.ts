// OpenCode's built-in tools mapped onto hookit's (Pi's) tool vocabulary. Input
// shapes are the tool schemas OpenCode 1.18.33 sends the model: camelCase
// `filePath`, `oldString`, `newString`, a bash `timeout` in milliseconds, and
// `apply_patch {patchText}` (Codex's patch envelope, offered to GPT models).
// 1.18.33 has no directory-listing tool, so nothing maps onto `ls`.
import { patchCalls, type PatchOperation } from "../shared/apply-patch.ts";
import { describe, isRecord } from "../shared/payload.ts";
import { PayloadError } from "../../contract/types.ts";
import { fieldReader, type FieldReader } from "../shared/fields.ts";
import { NO_FILES, SKILL, WEB_FETCH, type NormalizedTool, type ToolClass } from "../shared/tool-classes.ts";
import { patchRow, readPatch } from "../shared/tool-patch.ts";
import { shellNormalizer } from "../shared/tool-shell.ts";
import { inDirectoryNote } from "../shared/shell-quote.ts";

/** One normalized call; an apply_patch becomes one per file, labelled with its path. */
export interface ToolPart extends NormalizedTool {
  label: string;
}

type Input = Record<string, unknown>;
type Normalizer = (input: Input, field: FieldReader) => Input;

const NORMALIZERS: Record<string, [string, Normalizer]> = {
  // `workdir` is where the command runs: relative paths in it land there.
  bash: ["bash", shellNormalizer({ dir: "workdir", timeoutInMs: true })],
  read: [
    "read",
    (input, f) => {
      const out: Input = { path: f.string("filePath") };
      copyNumber(input, "offset", out);
      copyNumber(input, "limit", out);
      return out;
    },
  ],
  write: ["write", (_input, f) => ({ path: f.string("filePath"), content: f.string("content") })],
  edit: [
    "edit",
    (_input, f) => ({
      path: f.string("filePath"),
      edits: [{ oldText: f.string("oldString"), newText: f.string("newString") }],
    }),
  ],
  grep: [
    "grep",
    (input, f) => {
      const out: Input = { pattern: f.string("pattern") };
      copyString(input, "path", out, "path");
      copyString(input, "include", out, "glob");
      return out;
    },
  ],
  glob: [
    "find",
    (input, f) => {
      const out: Input = { pattern: f.string("pattern") };
      copyString(input, "path", out, "path");
      return out;
    },
  ],
};

/**
 * The normalized calls one OpenCode tool call stands for. Unknown tools (MCP,
 * webfetch, task, …) keep their native name and input. A known tool with a
 * missing required field is a PayloadError: guessing would let a policy miss it.
 */
export function toolParts(tool: string, args: unknown): ToolPart[] {
  const where = `OpenCode ${tool} call`;
  if (!isRecord(args)) throw new PayloadError(`${where}: the arguments must be an object, got ${describe(args)}`);
  if (tool === "apply_patch") return patchOperations(args, where).flatMap(patchCalls);
  const entry = Object.hasOwn(NORMALIZERS, tool) ? NORMALIZERS[tool] : undefined;
  if (entry === undefined) return [{ toolName: tool, input: args, label: tool }];
  const [toolName, normalize] = entry;
  return [{ toolName, input: normalize(args, fieldReader(args, tool, where, "")), label: tool }];
}

// --- internal ---

/** OpenCode also accepts the patch wrapped in a shell heredoc (`cat <<'EOF' … EOF`), so hookit unwraps it too. */
const HEREDOC_RE = /^(?:cat\s+)?<<['"]?(\w+)['"]?\s*\n([\s\S]*?)\n\1\s*$/;

function patchOperations(args: Input, where: string): PatchOperation[] {
  const text = args.patchText;
  if (typeof text !== "string") throw new PayloadError(`${where}: patchText must be the patch text, got ${describe(text)}`);
  const trimmed = text.trim();
  return readPatch(HEREDOC_RE.exec(trimmed)?.[2] ?? trimmed, `${where}: the patch text`);
}

function copyString(from: Input, key: string, to: Input, as: string): void {
  if (typeof from[key] === "string") to[as] = from[key];
}

function copyNumber(from: Input, key: string, to: Input): void {
  const value = from[key];
  if (typeof value === "number" && Number.isFinite(value)) to[key] = value;
}

/** Every tool OpenCode offered in a captured release (test/fixtures/tool-lists/opencode-*.json), plus apply_patch (GPT models). */
export const TOOL_CLASSES: ToolClass[] = [
  {
    native: "bash",
    as: "bash",
    fields: { command: "command", timeout: "timeout", workdir: "command" },
    rest: ["description"],
    note: /* @__PURE__ */ inDirectoryNote("workdir", "timeout ms → s"),
  },
  { native: "read", as: "read", fields: { filePath: "path", offset: "offset", limit: "limit" } },
  { native: "write", as: "write", fields: { filePath: "path", content: "content" } },
  {
    native: "edit",
    as: "edit",
    fields: { filePath: "path", oldString: "edits[].oldText", newString: "edits[].newText" },
    rest: ["replaceAll"],
  },
  /* @__PURE__ */ patchRow("apply_patch", "patchText"),
  { native: "grep", as: "grep", fields: { pattern: "pattern", path: "path", include: "glob" } },
  { native: "glob", as: "find", fields: { pattern: "pattern", path: "path" } },
  { native: "task", inert: "starts a subagent; each tool call it makes reaches hookit's plugin on its own" },
  { native: "skill", inert: SKILL },
  { native: "todowrite", inert: NO_FILES },
  { native: "webfetch", inert: WEB_FETCH },
];
