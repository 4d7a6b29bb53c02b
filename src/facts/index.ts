// Command and path facts: what a tool call does, derived by hookit. Pure
// functions of the call, its directory and the filesystem; usable in-process
// (Pi, OpenCode, self-protection) and from `hookit hook`, which loads this
// module only when a hook needs facts.
//
//   deriveCommandFacts("cd src && rm -rf ../dist", { cwd, projectDir })
//   derivePathFacts("read", { path: ".env" }, { cwd })
import { homedir } from "node:os";
import { join } from "node:path";
import type { ShellState } from "./expand.ts";
import { parseScript } from "./parse.ts";
import { places, realPath } from "./paths.ts";
import type { Effect, FactOptions, Facts } from "./types.ts";
import { Walker } from "./walk.ts";

export type { CommandFact, Effect, FactOptions, Facts, Location, PathFact } from "./types.ts";
export { factCandidate, factEnv, FACT_KEYS, FACT_PREFIX } from "./candidate.ts";
export { parseScript } from "./parse.ts";

const MAX_COMMAND = 256 * 1024;

function setup(options: FactOptions): { walker: Walker; state: ShellState } {
  const env = options.env ?? process.env;
  const home = env.HOME || homedir();
  const walker = new Walker(places(options.projectDir ?? options.cwd, home, env), home, env);
  const cwd = realPath(options.cwd);
  return { walker, state: { cwd, oldpwd: env.OLDPWD ?? null, vars: new Map() } };
}

/** Facts of a bash tool call's command. Never throws: what it cannot read is in `unresolved`. */
export function deriveCommandFacts(command: string, options: FactOptions): Facts {
  const { walker, state } = setup(options);
  try {
    const text = command.length > MAX_COMMAND ? command.slice(0, MAX_COMMAND) : command;
    if (text !== command) walker.unresolved("command too long");
    const parsed = parseScript(text);
    for (const error of parsed.errors) walker.unresolved(`syntax: ${error}`);
    walker.script(parsed.script, state, undefined, 0);
  } catch (error) {
    walker.unresolved(`internal: ${(error as Error).message}`);
  }
  return walker.facts;
}

const FILE_TOOLS: Record<string, Effect> = { read: "read", write: "write", edit: "write", grep: "read", find: "list", ls: "list", delete: "delete" };

/** Path facts of a file tool (read/write/edit/grep/find/ls/delete); `undefined` for other tools. */
export function derivePathFacts(toolName: string, input: Record<string, unknown>, options: FactOptions): Facts | undefined {
  const effect = Object.hasOwn(FILE_TOOLS, toolName) ? FILE_TOOLS[toolName] : undefined;
  if (effect === undefined) return undefined;
  const { walker, state } = setup(options);
  const path = typeof input.path === "string" && input.path !== "" ? input.path : undefined;
  if (path === undefined && (toolName === "read" || toolName === "write" || toolName === "edit" || toolName === "delete")) return walker.facts;
  const field = { text: expandTilde(path ?? ".", walker.expand.home), resolved: true };
  const recursive = toolName === "grep" || (toolName === "delete" && input.recursive === true);
  walker.path(field, effect, toolName, state, { recursive, noFollow: toolName === "delete" });
  if (toolName === "grep" && typeof input.glob === "string" && input.glob !== "") {
    // A search limited to some files reads those files: `.env*` included.
    const base = field.text;
    walker.path({ text: join(base, input.glob), resolved: true, pattern: join(base, input.glob) }, "read", toolName, state);
  }
  return walker.facts;
}

/** The facts of a normalized tool call (bash or a file tool); `undefined` when it has none. */
export function toolFacts(toolName: string, input: Record<string, unknown>, options: FactOptions): Facts | undefined {
  if (toolName === "bash") return typeof input.command === "string" ? deriveCommandFacts(input.command, options) : undefined;
  return derivePathFacts(toolName, input, options);
}

function expandTilde(path: string, home: string): string {
  return path === "~" ? home : path.startsWith("~/") ? home + path.slice(1) : path;
}
