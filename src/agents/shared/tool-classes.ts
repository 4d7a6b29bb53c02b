// How each native tool of an agent reaches a policy, as data: docs/agents/<id>.md lists it
// (scripts/gen-docs.mjs) and test/agents/shared/tool-classes.test.ts checks every tool the real CLI
// offered (test/fixtures/tool-lists/<agent>-<version>.json) against it, so a CLI release that adds a
// tool fails a test until someone decides what it is.

/** hookit's (Pi's) tool names: what a `toolName` filter of a policy matches. */
export type VocabularyTool = "bash" | "read" | "write" | "edit" | "grep" | "find" | "ls";

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
