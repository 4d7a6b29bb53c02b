// How each native tool of an agent reaches a policy, as data: docs/agents/<id>.md lists it
// (scripts/gen-docs.mjs) and test/agents/shared/tool-classes.test.ts checks every tool the real CLI
// offered (test/fixtures/tool-lists/<agent>-<version>.json) against it, so a CLI release that adds a
// tool fails a test until someone decides what it is.

/** hookit's (Pi's) tool names: what a `toolName` filter of a policy matches. */
type VocabularyTool = "bash" | "read" | "write" | "edit" | "grep" | "find" | "ls";

export type ToolClass =
  /** Normalized: `fields` maps each native input field to the normalized one (`path`, `command`, …). */
  | {
      native: string;
      /** The normalized name, or the names one call may become (a patch: `write` or `edit` per file). */
      as: VocabularyTool | VocabularyTool[];
      /** One normalized call per file, path or pattern the call names. */
      perFile?: true;
      fields: Record<string, string>;
      /** The other input fields: none of them names a file, a pattern or a command. */
      rest?: string[];
      note?: string;
    }
  /** Keeps its native name and input: it reads, writes or runs nothing on this machine (the reason says why). */
  | { native: string; inert: string }
  /**
   * Keeps its native name and input although it can touch files or run code (an MCP-like
   * interpreter, a subagent): guard it by `nativeToolName` (docs/recipes.md says how).
   */
  | { native: string; nativeOnly: string }
  /** The agent runs it without any hook: no policy can see it (the agent's own reason). */
  | { native: string; unhooked: string };

/** The reasons most agents share for a tool that keeps its native name. */
export const NO_FILES = "talks to the model or the user only: no file, no process";
export const SUBAGENT = "starts a subagent; each tool call it makes reaches hookit's hooks on its own";
export const WEB_FETCH = "fetches a URL over the network; reads no local file";
export const WEB_SEARCH = "a web search run by the model provider";
export const SKILL = "loads a skill's instructions into the conversation";
export const CRON_DELETE = "removes a scheduled prompt";
export const TOOL_SEARCH = "loads the schema of a deferred tool";

/**
 * One row per tool that keeps its native name for the same `reason`, in the order given (the docs
 * table keeps it). esbuild does not carry a function's purity across files: a table a bundle must
 * drop (Claude's in the hook) marks the call with an `@__PURE__` comment and does not spread it.
 */
export function inert(reason: string, ...natives: string[]): ToolClass[] {
  return natives.map((native) => ({ native, inert: reason }));
}

/**
 * Claude Code's two tools over the background tasks the agent started (a command run in the
 * background, a subagent), which droid and Kimi Code copy under the same names. Marked like
 * `inert()` where a bundle must drop the table.
 */
export function backgroundTaskTools(): ToolClass[] {
  return [
    { native: "TaskOutput", inert: "reads the output of a background task the agent started" },
    { native: "TaskStop", inert: "stops a background task the agent started" },
  ];
}

/** One call as a policy sees it: a vocabulary tool and its normalized input, or a native one as it came. */
export interface NormalizedTool {
  toolName: string;
  input: Record<string, unknown>;
}

/** A tool that hookit normalizes onto the vocabulary. */
export type MappedTool = Extract<ToolClass, { as: unknown }>;

/** The class of `name`, if the table has one. */
export function classOf(table: readonly ToolClass[], name: string): ToolClass | undefined {
  return table.find((entry) => entry.native === name);
}

/** One line of the docs table: native name, what a policy sees, and the fields or the reason. */
export function describeClass(entry: ToolClass): { native: string; seenAs: string; detail: string } {
  if ("as" in entry) {
    const fields = Object.entries(entry.fields).map(([from, to]) => (from === to ? `\`${from}\`` : `\`${from}\` → \`${to}\``));
    const detail = [fields.join(", "), entry.note].filter((part) => part !== undefined && part !== "").join("; ");
    const names = (Array.isArray(entry.as) ? entry.as : [entry.as]).map((name) => `\`${name}\``).join(" or ");
    return { native: entry.native, seenAs: `${names}${entry.perFile ? ", one call per file" : ""}`, detail };
  }
  if ("inert" in entry) return { native: entry.native, seenAs: "native name (touches no file or process)", detail: entry.inert };
  if ("nativeOnly" in entry) return { native: entry.native, seenAs: "native name (guard by `nativeToolName`)", detail: entry.nativeOnly };
  return { native: entry.native, seenAs: "never seen (no hook runs)", detail: entry.unhooked };
}

/** The normalized field a guard of each vocabulary tool matches on; it must be a string. */
const KEY_FIELD: Record<string, string> = { bash: "command", read: "path", write: "path", edit: "path" };
const VOCABULARY: ReadonlySet<string> = new Set(["bash", "read", "write", "edit", "grep", "find", "ls"]);

/**
 * Refuses (PayloadError) a call of a tool the table maps onto the vocabulary when parse() could
 * not map it: its input lacks or mistypes the field a guard reads (`{"file_path": [".env"]}`,
 * a write without content). Kept under its native name it would pass every `read`/`write`/`bash`
 * guard; the agent itself usually rejects such a call, but hookit does not bet on it.
 */
export function mappedOrRefused<T extends NormalizedTool>(
  table: readonly ToolClass[],
  native: string,
  calls: T[],
  where: string,
  refuse: (message: string) => Error,
): T[] {
  const entry = classOf(table, native);
  if (!entry || !("as" in entry)) return calls;
  const fields = Object.keys(entry.fields).join(", ");
  for (const call of calls) {
    const key = KEY_FIELD[call.toolName];
    const unmapped = call.toolName === native && !VOCABULARY.has(native);
    if (unmapped || (key !== undefined && typeof call.input[key] !== "string")) {
      throw refuse(`${where}: ${native} reaches files or runs commands, but its input does not give ${fields} as hookit reads them`);
    }
  }
  return calls;
}
