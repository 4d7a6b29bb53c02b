// Facts as a policy sees them: list-valued filter keys under the reserved
// `hookit.` prefix (docs/configuration.md), and JSON for shells.
import type { Facts, PathFact } from "./types.ts";
import { isForcePush } from "./force-push.ts";

export const FACT_PREFIX = "hookit.";

/** Every fact key a filter may use, with what it lists (also the schema's and docs' source). */
export const FACT_KEYS: Readonly<Record<string, string>> = {
  "hookit.commands": "each command that would run, as its argv shell-quoted and joined by spaces, program by basename",
  "hookit.programs": "each program's basename",
  "hookit.paths": "every path the call touches, any effect (real path, as written, and as `~/…` below the home folder)",
  "hookit.reads": "paths read, and paths named to a program hookit does not model word by word (it may read them)",
  "hookit.writes": "paths written (created, changed, moved to)",
  "hookit.deletes": "paths deleted (or moved away, or emptied)",
  "hookit.writesOutside": "paths written or deleted outside the project, the system temp directory and /dev excepted",
  "hookit.recursiveDeletesOutside":
    "paths deleted recursively that are not inside the project or the system temp directory (the project directory itself counts), or could not be resolved",
  "hookit.unresolved": "what hookit could not know statically (unknown variables, inline interpreter code, syntax it could not read)",
  "hookit.packs":
    "the rules of hookit's packs (docs/packs.md) the call's commands trigger, as `block <pack>/<rule>: <what it destroys>; instead, <what to do>` (or `ask …`)",
  "hookit.disguisedSecrets":
    "files the call reads through a program that changes their text (base64, xxd, rev, fold, tr, sed, inline code, …) whose content holds a secret, as `<path>: <kinds>`: the result would show the secret in a form redaction cannot recognise",
  "hookit.forcePushes":
    "each git push that overwrites what the remote holds (`--force`, `-f`, `--mirror`, a `+` refspec, or one a `-c remote.<name>.mirror`/`push=+…` setting makes so), as `hookit.commands` writes it; `--force-with-lease` is not one",
  "hookit.discards":
    "work git cannot bring back that the call would lose, read from the repository at the time of the call: files with uncommitted changes, untracked files git does not ignore, `.git`, `stash@{n}`, `refs/heads/<branch>`, or `unknown: …`",
};

/** A character a shell word may hold unquoted: `[A-Za-z0-9_@%+=:,./-]`. */
const isSafe = (code: number) =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 43 && code <= 58) ||
  code === 95 ||
  code === 64 ||
  code === 37 ||
  code === 61;

// A loop, not an expression: it runs on every argv word of a line, and V8 would compile an expression twice.
export function shellQuote(arg: string): string {
  let safe = arg !== "";
  for (let i = 0; safe && i < arg.length; i++) safe = isSafe(arg.charCodeAt(i));
  return safe ? arg : `'${arg.split("'").join("'\\''")}'`;
}

/** A path fact's real path, its path as written when it differs, and `~/…` below the home folder, each once per list. */
function addBoth(list: Set<string>, p: PathFact): void {
  list.add(p.path);
  if (p.lexical !== p.path) list.add(p.lexical);
  if (p.fromHome !== undefined) list.add(p.fromHome);
}

/** Outside, unknown, or the whole project (`find . -delete` only deletes what matches, `git clean`/`git rm -r .` only what git may: not counted). */
const wipes = (p: PathFact) =>
  p.location === "outside" || p.location === "unknown" || (p.location === "project-root" && p.by !== "find" && p.by !== "git");

/**
 * The `hookit.*` filter keys of one call, all from one pass over the facts, each list in the
 * order the facts came (a Set keeps the first of equal values): this runs on every tool call a
 * hook needs facts for, and a callback per list cost more than the lists.
 */
export function factCandidate(facts: Facts): Record<string, string[]> {
  const commands: string[] = [];
  const forcePushes: string[] = [];
  const programs = new Set<string>();
  for (const c of facts.commands) {
    let line = shellQuote(c.program || c.argv[0] || "");
    for (let k = 1; k < c.argv.length; k++) line += ` ${shellQuote(c.argv[k]!)}`;
    commands.push(line);
    if (isForcePush(c.program || c.argv[0] || "", c.argv)) forcePushes.push(line);
    if (c.program !== "") programs.add(c.program);
  }
  const paths = new Set<string>();
  const reads = new Set<string>();
  const writes = new Set<string>();
  const deletes = new Set<string>();
  const writesOutside = new Set<string>();
  const recursiveDeletesOutside = new Set<string>();
  for (const p of facts.paths) {
    addBoth(paths, p);
    // An `access` is a path a program hookit cannot read word by word was given: it may read it,
    // and a guard on reads fails closed (`sqlite3 ~/.mozilla/…/logins.json`).
    if (p.effect === "read" || p.effect === "access") addBoth(reads, p);
    else if (p.effect === "write") addBoth(writes, p);
    else if (p.effect === "delete") addBoth(deletes, p);
    if ((p.effect === "write" || p.effect === "delete") && p.location === "outside") addBoth(writesOutside, p);
    if (p.effect === "delete" && p.recursive === true && wipes(p)) addBoth(recursiveDeletesOutside, p);
  }
  return {
    "hookit.commands": commands,
    "hookit.programs": [...programs],
    "hookit.paths": [...paths],
    "hookit.reads": [...reads],
    "hookit.writes": [...writes],
    "hookit.deletes": [...deletes],
    "hookit.writesOutside": [...writesOutside],
    "hookit.recursiveDeletesOutside": [...recursiveDeletesOutside],
    "hookit.unresolved": [...facts.unresolved],
    "hookit.disguisedSecrets": facts.disguised ?? [],
    "hookit.forcePushes": forcePushes,
    "hookit.discards": facts.discards ?? [],
    "hookit.packs": facts.packs ?? [],
  };
}

/** `HOOKIT_COMMANDS`, `HOOKIT_PATHS`, `HOOKIT_UNRESOLVED` (JSON) for `when`/`shell`. */
export function factEnv(facts: Facts): Record<string, string> {
  return {
    HOOKIT_COMMANDS: JSON.stringify(facts.commands),
    HOOKIT_PATHS: JSON.stringify(facts.paths),
    HOOKIT_UNRESOLVED: JSON.stringify(facts.unresolved),
    HOOKIT_DISCARDS: JSON.stringify(facts.discards ?? []),
    HOOKIT_PACKS: JSON.stringify(facts.packs ?? []),
  };
}
