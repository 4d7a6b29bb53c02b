// Command and path facts: what a tool call does, derived by hookit. Pure
// functions of the call, its directory and the filesystem; usable in-process
// (Pi, OpenCode, self-protection) and from `hookit hook`, which loads this
// module only when a hook needs facts.
//
//   deriveCommandFacts("cd src && rm -rf ../dist", { cwd, projectDir })
//   derivePathFacts("read", { path: ".env" }, { cwd })
import type { ShellState } from "./expand.ts";
import { derivePathFacts, home as homeOf } from "./file-tools.ts";
import { NESTED_TOO_DEEP, parseScript } from "./parse.ts";
import { forgetPaths, places, realPath } from "./paths.ts";
import type { FactOptions, Facts } from "./types.ts";
import { packsNow } from "./packs-loader.lazy.ts";
import { discards } from "./repo-state.ts";
import { treeTakes } from "./tree-takes.ts";
export { treeBrings as bringsIntoTree } from "./tree-brings.ts";
import { literalFacts } from "./literal.ts";
import { disguisedSecrets } from "./disguised.ts";
import { Walker } from "./walk.ts";
import type { Loss } from "./work-loss.ts";
import { BudgetSpent, endBudget, startBudget } from "./budget.ts";
import { readingFailed, tooComplex } from "./unchecked.ts";

export type { CommandFact, Effect, FactOptions, Facts, Location, PathFact, SharedFacts } from "./types.ts";
export { factCandidate, factEnv, FACT_KEYS, FACT_PREFIX } from "./candidate.ts";
export { parseScript } from "./parse.ts";
export { derivePathFacts };
export { programUse } from "./programs.ts";
export { TOO_COMPLEX, tooComplexMark } from "./unchecked.ts";

const MAX_COMMAND = 256 * 1024;

function setup(options: FactOptions): { walker: Walker; state: ShellState } {
  const env = options.env ?? process.env;
  const home = homeOf(env);
  const walker = new Walker(places(options.projectDir ?? options.cwd, home, env), home, env);
  const cwd = realPath(options.cwd);
  return { walker, state: { cwd, oldpwd: env.OLDPWD ?? null, vars: new Map() } };
}

/** What the line's git commands put at risk (work-loss.ts), kept with the facts they were read with. */
const LOSSES = Symbol("losses");
type Read = Facts & { [LOSSES]?: Loss[] };

/** Of `files`, the first the line's git commands would take out of the work tree (tree-takes.ts): a stash, a reset, a clean. */
export const takesFromTree = (
  facts: Facts,
  files: () => readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string | undefined => treeTakes(facts, (facts as Read)[LOSSES] ?? [], files, env);

/** Facts of a bash tool call's command. Never throws: what it cannot read is in `unresolved`. */
export function deriveCommandFacts(command: string, options: FactOptions): Facts {
  const env = options.env ?? process.env;
  const key = options.shared && `${options.cwd}\u0000${options.projectDir ?? ""}\u0000${command}`;
  const known = key === undefined ? undefined : options.shared?.get(key);
  let facts: Read;
  if (known && known.env === env) facts = known.facts;
  else {
    facts = literalFacts(command, options.cwd) ?? readCommand(command, options);
    if (key !== undefined) options.shared?.set(key, { env, facts });
  }
  if (!options.discards && !options.packs) return facts;
  // The costly extras go on a copy: the shared reading stays as it was read.
  const out: Facts = { ...facts };
  const lost = options.discards ? discardsOf(facts[LOSSES] ?? [], facts, env) : undefined;
  if (lost) out.discards = lost;
  if (options.packs) out.packs = packsNow().packMatches(facts.commands, facts.written);
  return out;
}

function readCommand(command: string, options: FactOptions): Read {
  forgetPaths();
  const { walker, state } = setup(options);
  startBudget();
  try {
    // A line cut short is a line not read: the rest could do anything.
    const text = command.length > MAX_COMMAND ? command.slice(0, MAX_COMMAND) : command;
    if (text !== command) walker.unresolved(tooComplex(`longer than ${MAX_COMMAND} characters`));
    const parsed = parseScript(text);
    walker.define(parsed.functions);
    for (const error of parsed.errors)
      walker.unresolved(
        error.message === NESTED_TOO_DEEP ? tooComplex("substitutions nested too deep") : `syntax: ${error.message} at ${error.at}`,
      );
    walker.script(parsed.script, state, undefined, 0);
  } catch (error) {
    // An error of hookit's own is a line not read either: refused on guard events, never allowed half-read.
    walker.unresolved(error instanceof BudgetSpent ? tooComplex(error.message) : readingFailed((error as Error).message));
  } finally {
    endBudget();
  }
  const facts: Read = walker.facts;
  const disguised = disguisedSecrets(facts, walker.written);
  if (disguised.length > 0) facts.disguised = disguised;
  // Not enumerable: `hookit check --json` and HOOKIT_PATHS show the facts, not hookit's working notes.
  if (walker.losses.length > 0) Object.defineProperty(facts, LOSSES, { value: walker.losses, enumerable: false });
  const written =
    walker.written.size > 0 ? [...walker.written].filter((entry): entry is [string, string] => typeof entry[1] === "string") : [];
  if (written.length > 0) Object.defineProperty(facts, "written", { value: Object.fromEntries(written), enumerable: false });
  return facts;
}

/**
 * What the call would lose that git cannot bring back, on a line that puts some at risk: a git
 * command that discards (work-loss.ts), `find -delete`, a recursive delete or a delete of `.git`.
 * Only then is the repository read (repo-state.ts runs git); a reader that fails
 * says so as an `unknown: …` entry, which a guard counts as a loss.
 */
function discardsOf(losses: readonly Loss[], facts: Facts, env: Readonly<Record<string, string | undefined>>): string[] | undefined {
  const bulk = facts.paths.filter(
    (p) => p.effect === "delete" && p.resolved && p.by !== "git" && p.by !== "find" && (p.recursive === true || p.path.includes("/.git")),
  );
  if (losses.length === 0 && bulk.length === 0) return undefined;
  try {
    return discards(losses, bulk, env);
  } catch (error) {
    return [`unknown: ${(error as Error).message}`];
  }
}

/** The facts of a normalized tool call (bash or a file tool); `undefined` when it has none. */
export function toolFacts(toolName: string, input: Record<string, unknown>, options: FactOptions): Facts | undefined {
  if (toolName === "bash") return typeof input.command === "string" ? deriveCommandFacts(input.command, options) : undefined;
  return derivePathFacts(toolName, input, options);
}
