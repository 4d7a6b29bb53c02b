// The registry of programs: one entry per program (its names and aliases, and
// what it does with its words), split by family into the files beside this one.
// The command facts run a program through its entry; self-protection asks how
// well its entry knows it (programUse); the docs' program table is made from it
// (scripts/gen-docs.mjs). A program with no entry still has its path-like
// operands recorded as `access` (kit.ts, `generic`).
import type { Field } from "./expand.ts";
import { generic, type Program, type Run } from "./programs-kit.ts";
import { FAMILY_LOADERS } from "./program-families.lazy.ts";
import { FAMILY_NAMES } from "./program-names.generated.ts";
import { storeReads } from "./credential-stores.ts";
import { TEXT_MAKERS } from "./data-programs.ts";
import { RUNS_MADE_UP } from "../base/changed-unread.ts";
import { runsFetched } from "./downloads.ts";
import { madeUpBy } from "./made-up.ts";
import type { Simple } from "./ast.ts";

export type { Program, Run } from "./programs-kit.ts";
export { positional } from "./positional.ts";

type Family = keyof typeof FAMILY_LOADERS;
const FAMILIES_IN_ORDER = Object.keys(FAMILY_LOADERS) as Family[];

/** Every family's entries, by the name of the file they are written in (the docs, the tests). */
export function programFamilies(): Record<Family, readonly Program[]> {
  const all = {} as Record<Family, readonly Program[]>;
  for (const family of FAMILIES_IN_ORDER) all[family] = FAMILY_LOADERS[family]();
  return all;
}

/**
 * One line per family, for the docs' program table (docs/programs.md).
 * @public read by scripts/gen-programs.mjs through a bundle knip cannot follow
 */
export const FAMILY_NOTES: Readonly<Record<Family, string>> = {
  files: "make, change, copy, move and delete files: their operands, `-t` targets, `-R`",
  readers: "read their operands (a few also write an output file: `sort -o`, `uniq IN OUT`); searchers; programs whose words are data",
  text: "edit text: sed's own `r`/`w`/`e` commands, awk's, `-i` in place, patch, editors",
  archives: "archive and compress: the archive written or read, the tree extracted, the commands tar runs",
  network: "copy to and from other machines, fetch: the local files read and written, ssh's local commands",
  git: "git: each subcommand's files, the commands git runs itself, the work its discards lose",
  find: "find: what it lists, `-delete`, and the commands `-exec` runs on what it matched",
  wrappers: "run another command: the command is judged as run (privilege, scheduling, package runners, env, xargs, parallel, at)",
  shell: "the shell's own: shells and `eval` run a line, interpreters run code, `cd`, assignments, `read`, `alias`, `trap`",
  tools: "known by name (packs, their own commands), words read as paths: any word naming a protected place is refused",
  agents: "the agents' CLIs: managing their add-ons or config, or a run that drops or moves their settings, writes their settings",
};

const byName = new Map<string, Program>();
const built = new Set<Family>();

function addFamily(family: Family): void {
  if (built.has(family)) return;
  built.add(family);
  for (const entry of FAMILY_LOADERS[family]())
    for (const name of entry.names) {
      if (byName.has(name)) throw new Error(`the program registry lists ${name} twice`);
      byName.set(name, entry);
    }
}

/**
 * The entry of `program`. A family is made the first time a line names one of its programs, which
 * FAMILY_NAMES (written by `npm run docs`) places: a name it does not list has no entry. The build
 * refuses a FAMILY_NAMES that is not current (scripts/build.mjs), and so does the registry's test,
 * so a program can never go unread for a stale list. Making only the families a line uses takes
 * what building the whole registry cost off a parsed call (docs/performance.md).
 */
function entryOf(program: string): Program | undefined {
  const known = byName.get(program);
  if (known !== undefined) return known;
  const padded = ` ${program} `;
  for (const family of FAMILIES_IN_ORDER)
    if (!built.has(family) && FAMILY_NAMES[family].includes(padded)) {
      addFamily(family);
      return byName.get(program);
    }
  return undefined;
}

/** The registry entry of `program`, if it has one. */
export const programEntry = (program: string): Program | undefined => entryOf(program);

/**
 * Whether hookit knows what `program` does with its words (an entry that is not `opaque`). A name
 * it does not know may be a copy of a guarded program on PATH (identity.ts looks).
 */
export const knownProgram = (program: string): boolean => {
  const entry = entryOf(program);
  return entry !== undefined && entry.use !== "opaque";
};

/**
 * The known program `program` names in another case (`GIT`, `Rm`): a file system that ignores case
 * (macOS's, Windows's) finds it under any; on one that does not, the shell finds nothing and the
 * line fails, so reading it as that program refuses only what could not run anyway.
 */
export const caseFolded = (program: string): string | undefined => {
  const lower = program.toLowerCase();
  return lower !== program && knownProgram(lower) ? lower : undefined;
};

/**
 * How well the facts know what `program` does with its words, for self-protection's rule
 * (src/protect/command.ts): `known` — every path it acts on is a path fact with its effect
 * (`changes-below`: and a recursive write of it changes what is already below the folder;
 * `makes-folders`: and what it writes is an empty folder);
 * `runs-code` — it runs code or a script the line hands it, whose words it may use in any way;
 * `unknown` — no entry, so a word may name anything it writes.
 */
export function programUse(program: string): "known" | "runs-code" | "unknown" | "changes-below" | "makes-folders" {
  const entry = entryOf(program);
  if (entry === undefined || entry.use === "opaque") return "unknown";
  return entry.use ?? "known";
}

export function runProgram(program: string, args: Field[], run: Run): void {
  const entry = entryOf(program);
  const before = run.walker.facts.unresolved.length;
  const running = run.walker.running; // read before the handler walks commands of its own
  if (entry) entry.does(args, run, program);
  else generic(args, run, program);
  const marks = run.walker.facts.unresolved.slice(before);
  if (marks.length > 0 && !marks.some((u) => u.startsWith(RUNS_MADE_UP))) madeUpMarks(program, marks, running, run);
  runsFetched(program, args, run.walker);
  // A command that prints a stored credential reads its store, whatever else its entry says it does.
  storeReads(program, args, run);
}

/**
 * A shell or interpreter that runs, as code, text a program made up as it ran (made-up.ts): read
 * from a pipe (`python3 -c "print('rm -rf ~')" | sh`), or its words or input from a substitution
 * (`eval "$(python3 -c …)"`, `sh -c "$(rev <<< …)"`, `source <(tr …)`, `sh < <(sed …)`).
 */
function madeUpMarks(program: string, marks: readonly string[], running: Simple | undefined, run: Run): void {
  const from = run.walker.pipeFrom;
  if (run.fed === true && from !== false && TEXT_MAKERS.has(from) && marks.some((u) => /reads (commands|code) from its input/.test(u)))
    return run.walker.unresolved(`${RUNS_MADE_UP}: ${program} reads what ${from} prints`);
  if (
    running === undefined ||
    !marks.some((u) => /runs a command's output|of a value hookit cannot know|reads (commands|code) from its input/.test(u))
  )
    return;
  const made = madeUpBy(running.words, running.redirs, run.walker.madeVars);
  if (made !== false) run.walker.unresolved(`${RUNS_MADE_UP}: ${program} runs what ${made} prints`);
}
