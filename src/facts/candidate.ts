// Facts as a policy sees them: list-valued filter keys under the reserved
// `hookit.` prefix (docs/configuration.md), and JSON for shells.
import type { Facts, PathFact } from "./types.ts";

export const FACT_PREFIX = "hookit.";

/** Every fact key a filter may use, with what it lists (also the schema's and docs' source). */
export const FACT_KEYS: Readonly<Record<string, string>> = {
  "hookit.commands": "each command that would run, as its argv shell-quoted and joined by spaces, program by basename",
  "hookit.programs": "each program's basename",
  "hookit.paths": "every path the call touches, any effect (real path and as written)",
  "hookit.reads": "paths read",
  "hookit.writes": "paths written (created, changed, moved to)",
  "hookit.deletes": "paths deleted (or moved away)",
  "hookit.writesOutside": "paths written or deleted outside the project, the system temp directory and /dev excepted",
  "hookit.recursiveDeletesOutside":
    "paths deleted recursively that are not inside the project or the system temp directory (the project directory itself counts), or could not be resolved",
  "hookit.unresolved": "what hookit could not know statically (unknown variables, inline interpreter code, syntax it could not read)",
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

const both = (p: PathFact) => (p.path === p.lexical ? [p.path] : [p.path, p.lexical]);
const unique = (values: string[]) => [...new Set(values)];
const pathsWhere = (facts: Facts, test: (p: PathFact) => boolean) => unique(facts.paths.filter(test).flatMap(both));

/** Outside, unknown, or the whole project (`find . -delete` only deletes what matches, `git clean`/`git rm -r .` only what git may: not counted). */
const wipes = (p: PathFact) =>
  p.location === "outside" || p.location === "unknown" || (p.location === "project-root" && p.by !== "find" && p.by !== "git");

/** The `hookit.*` filter keys of one call. */
export function factCandidate(facts: Facts): Record<string, string[]> {
  return {
    "hookit.commands": facts.commands.map((c) => [c.program || c.argv[0] || "", ...c.argv.slice(1)].map(shellQuote).join(" ")),
    "hookit.programs": unique(facts.commands.map((c) => c.program).filter((p) => p !== "")),
    "hookit.paths": pathsWhere(facts, () => true),
    "hookit.reads": pathsWhere(facts, (p) => p.effect === "read"),
    "hookit.writes": pathsWhere(facts, (p) => p.effect === "write"),
    "hookit.deletes": pathsWhere(facts, (p) => p.effect === "delete"),
    "hookit.writesOutside": pathsWhere(facts, (p) => (p.effect === "write" || p.effect === "delete") && p.location === "outside"),
    "hookit.recursiveDeletesOutside": pathsWhere(facts, (p) => p.effect === "delete" && p.recursive === true && wipes(p)),
    "hookit.unresolved": [...facts.unresolved],
  };
}

/** `HOOKIT_COMMANDS`, `HOOKIT_PATHS`, `HOOKIT_UNRESOLVED` (JSON) for `when`/`shell`. */
export function factEnv(facts: Facts): Record<string, string> {
  return {
    HOOKIT_COMMANDS: JSON.stringify(facts.commands),
    HOOKIT_PATHS: JSON.stringify(facts.paths),
    HOOKIT_UNRESOLVED: JSON.stringify(facts.unresolved),
  };
}
