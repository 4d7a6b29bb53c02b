// Self-protection for shell commands, judged on the command facts (src/facts):
// the same one reading of the line that every policy hook sees — every command
// it would run with its argv after every expansion hookit can resolve, and every
// path it would act on, symlinks resolved, links made on the line followed.
//
// The rule: a command may read and list hookit's protected places freely (a model
// may read the policy to understand a block); a write, a delete, or any use the
// facts cannot name (`access`: a program hookit has no handler for) is refused.
// A program that runs code the line hands it (`python3 -c`, a heredoc to `node`)
// or that hookit does not know is refused as soon as any of its words names a
// protected place, however it would use it; and when the line writes somewhere
// only known at run time, any mention of a protected place on it is enough.
import { statSync } from "node:fs";
import { factsNow } from "../engine/facts-loader.lazy.ts";
import type { CommandFact, Facts, PathFact } from "../facts/types.ts";
import { literalFacts } from "../facts/literal.ts";
import { adminCommand } from "./admin.ts";
import { globTarget, markerHit, mention } from "./globs.ts";
import { concretePlaces, pathFolder, protectedTarget, type Effect, type ProtectContext, type Protected } from "./locations.ts";
import { DOTENV_FILE, dotenvVariableIn, mentionsHookit, namesStartupFile, STARTUP_FILE } from "./startup.ts";

export type ShellHit =
  | { type: "path"; place: Protected }
  | { type: "admin"; command: string }
  | { type: "env"; name: string }
  /** The facts stopped before the end of the line (src/facts/unchecked.ts): what was not read is not allowed. */
  | { type: "complex"; mark: string };

/** The variables that switch hookit off or point it at another policy. */
const GUARD_VARIABLES = new Set(["HOOKIT", "HOOKIT_CONFIG"]);
/** Builtins that set a variable named by a plain word (`export HOOKIT`, `read HOOKIT`, `printf -v HOOKIT`). */
const SETTERS = new Set(["export", "declare", "typeset", "local", "readonly", "read", "printf", "mapfile", "readarray", "getopts"]);

/** The first thing `command` would change among what hookit enforces. */
export function shellHit(command: string, ctx: ProtectContext): ShellHit | undefined {
  let facts: Facts;
  let use: (program: string) => ProgramUse;
  // `echo hello`, `pwd`: one command of plain words that a program whose words are data runs; its
  // full reading is that command alone (facts/literal.ts), so the parser is not loaded for it.
  const literal = literalFacts(command, ctx.cwd);
  if (literal) return factsHit(literal, ctx, () => "known");
  try {
    const module = factsNow();
    facts = module.deriveCommandFacts(command, {
      cwd: ctx.cwd,
      projectDir: ctx.projectDir,
      env: ctx.env,
      ...(ctx.facts && { shared: ctx.facts }),
    });
    use = module.programUse;
  } catch (error) {
    // The facts never throw; should loading them fail, the line was not read: refused.
    return { type: "complex", mark: `a line hookit could not read (${(error as Error).message})` };
  }
  const mark = factsNow().tooComplexMark(facts.unresolved);
  if (mark) return { type: "complex", mark };
  if (namesStartupFile(command)) {
    const written = facts.paths.filter((p) => p.effect === "write" || p.effect === "access");
    // What the line writes where it says it (`printf 'NODE_%s=…' OPTIONS > .env`): its text, as printed.
    const argvs = [...facts.commands.map((c) => c.argv), ...Object.values(facts.written ?? {}).map((text) => [text])];
    if (written.some((p) => STARTUP_FILE.test(p.path)) && mentionsHookit(command, argvs)) return { type: "env", name: "HOOKIT" };
    if (written.some((p) => DOTENV_FILE.test(p.path))) {
      const variable = dotenvVariableIn(command, argvs);
      if (variable) return { type: "env", name: variable };
    }
  }
  return factsHit(facts, ctx, use) ?? treeHit(facts, ctx);
}

/**
 * hookit's files in the project that a git command on the line would take out of the work tree: an
 * uncommitted policy put away by `git stash -u` (the guards are off until it comes back), a changed
 * one reset to the committed text, an untracked one cleaned (facts/tree-takes.ts asks git); or
 * replace with another commit's version: `git checkout HEAD~3`, `git reset --hard HEAD~1`, a
 * merge, a stash applied (facts/tree-brings.ts).
 */
function treeHit(facts: Facts, ctx: ProtectContext): ShellHit | undefined {
  if (!facts.commands.some((command) => command.program === "git")) return undefined;
  // Looked for only on a line with a command that could reach them.
  const inProject = `${ctx.projectDir}/`;
  const inTree = () =>
    [...concretePlaces(ctx), { path: `${inProject}.hookit/hookit.json`, what: "the project's hookit policy" }].filter((place) =>
      place.path.startsWith(inProject),
    );
  let places: Protected[] = [];
  const filesOf = () => {
    places = inTree().filter((place) => isFile(place.path));
    return places.map((place) => place.path);
  };
  const module = factsNow();
  const taken = module.takesFromTree(facts, filesOf, ctx.env);
  const place = taken === undefined ? undefined : places.find((p) => p.path === taken);
  if (place) return { type: "path", place };
  // Another commit's version may add a file the work tree lacks: every place counts, there or not.
  const brought = module.bringsIntoTree(facts, () => (places = inTree()).map((p) => p.path), ctx.env);
  const replaced = brought === undefined ? undefined : places.find((p) => p.path === brought);
  return replaced && { type: "path", place: replaced };
}

const isFile = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

type ProgramUse = "known" | "runs-code" | "unknown" | "changes-below" | "makes-folders";

/** What the facts say the line would change among hookit's protected places. */
function factsHit(facts: Facts, ctx: ProtectContext, use: (program: string) => ProgramUse): ShellHit | undefined {
  const set = facts.sets?.find((name) => GUARD_VARIABLES.has(name));
  if (set) return { type: "env", name: set };
  // A write or a program whose target is only known at run time: then a mention anywhere on the line is refused.
  let unknownTarget = false;
  for (const command of facts.commands) {
    const args = command.argv.slice(1);
    const admin = adminCommand(command.program, args, ctx, command.cwd);
    if (admin) return { type: "admin", command: admin };
    if (SETTERS.has(command.program)) {
      const name = args.find((arg) => GUARD_VARIABLES.has(arg));
      if (name) return { type: "env", name };
    }
    const kind = command.program === "" ? "unknown" : use(command.program);
    if (kind === "known" || kind === "changes-below" || kind === "makes-folders") continue;
    const named = namedPlace(command, ctx);
    if (named) return { type: "path", place: named };
    if (kind === "unknown" && (command.fed || command.program === "")) unknownTarget = true;
  }
  const cleared = clearedPathFolders(facts, ctx);
  for (const fact of facts.paths) {
    const kind = use(fact.by);
    // An empty folder made again (`rm -rf .venv && mkdir -p .venv/bin`) runs nothing.
    if (cleared.length > 0 && fact.effect === "write" && kind !== "makes-folders") {
      const place = cleared.find((folder) => fact.path === folder.path || fact.path.startsWith(`${folder.path}/`));
      if (place) return { type: "path", place };
    }
    // A recursive write by a program hookit does not model (a container's writable bind mount,
    // `docker run -v ~:/h`) may change anything below the folder, as `chmod -R` does. Not in the
    // project: there a container runs the project's own build (`docker run -v "$PWD:/app" … npm
    // test`), code of the project as `npm test` itself is.
    const below = fact.recursive === true && (kind === "changes-below" || (kind === "unknown" && !fact.inside));
    const place =
      pathHit(fact, ctx, below) ?? (kind === "known" || kind === "unknown" || kind === "runs-code" ? pathFolderHit(fact, ctx) : undefined);
    if (place) return { type: "path", place };
    if (!fact.resolved && fact.effect !== "read" && fact.effect !== "list") unknownTarget = true;
  }
  if (!unknownTarget) return undefined;
  // `echo .hookit/hookit.json | xargs $RM`: what the unknown target is may be any word the line shows.
  for (const command of facts.commands) {
    const named = namedPlace(command, ctx);
    if (named) return { type: "path", place: named };
  }
  return undefined;
}

/** The first protected place a word of `argv` names: as a path from the command's directory, as a pattern, or in its text. */
function namedPlace(command: CommandFact, ctx: ProtectContext): Protected | undefined {
  for (const word of command.argv) {
    const place = mention(word, command.cwd, ctx);
    if (place) return place;
  }
  return command.input === undefined ? undefined : markerHit(command.input, ctx);
}

function pathHit(fact: PathFact, ctx: ProtectContext, changesBelow: boolean): Protected | undefined {
  if (fact.effect === "read" || fact.effect === "list") return undefined; // reading stays allowed
  // `git clean`/`git rm` in the project only remove what git may there: the folder around its policy
  // is not wiped by them. Anywhere else (`git -C ~ clean -fdx`, `git --work-tree=.. clean -fdx`, a
  // home kept in git) the protected files are nobody's tracked files: git is judged as rm.
  // `chmod -R 000 ~/.local/state` reaches all that is below, as a delete does.
  const gitInProject = fact.by === "git" && fact.inside;
  const effect: Effect = (fact.effect === "delete" && !gitInProject) || changesBelow ? "delete" : "write";
  if (!fact.resolved) return markerHit(fact.path, ctx);
  if (fact.by === "find" && fact.effect === "delete") {
    const named = findNamesHit(fact.lexical, ctx);
    if (named) return named;
  }
  return (
    protectedTarget(fact.path, effect, ctx) ??
    (fact.lexical !== fact.path ? protectedTarget(fact.lexical, effect, ctx) : undefined) ??
    // A pattern that matched nothing when hookit looked (`ln -s ~/.local/state st; rm -rf st/hoo*`).
    [fact.path, fact.lexical].map((p) => (/[*?[]/.test(p) ? globTarget(p, effect, ctx) : undefined)).find(Boolean)
  );
}

/**
 * A write that lands on a folder of the agent's PATH, or on a folder above one (`mv ./kit ~/.local/bin`
 * while it does not exist, `cp -r kit/. ~/.local/bin`, `rsync -a kit/ ~/`, `ln -s ./kit ~/bin`), can
 * put a `hookit` or `node` there that hook commands then run: refused. Files written into the folder
 * by name are judged one by one (locations.ts RUN_BY_NAME); deleting the folder runs nothing.
 */
function pathFolderHit(fact: PathFact, ctx: ProtectContext): Protected | undefined {
  if (fact.effect !== "write" || !fact.resolved) return undefined;
  return pathFolder(fact.path, ctx) ?? (fact.lexical !== fact.path ? pathFolder(fact.lexical, ctx) : undefined);
}

/**
 * PATH folders (or folders above one) the line deletes or moves away. The facts read each command
 * against the file system as it is now, so in `mv ~/.local/bin old && mv ./kit ~/.local/bin` the
 * second move looks like one into the folder: a write below a cleared folder on the same line is refused.
 */
function clearedPathFolders(facts: Facts, ctx: ProtectContext): Protected[] {
  const cleared: Protected[] = [];
  for (const fact of facts.paths) {
    if (fact.effect !== "delete" || !fact.resolved) continue;
    const folder = pathFolder(fact.path, ctx);
    if (folder) cleared.push(folder);
  }
  return cleared;
}

/**
 * `find ROOT -name NAME -delete` is recorded as `ROOT/NAME` (the matches find would print at the
 * top), but it deletes every file of that name below ROOT: refused when a protected place lies
 * below ROOT and NAME could be the name of a protected file.
 */
function findNamesHit(path: string, ctx: ProtectContext): Protected | undefined {
  const cut = path.lastIndexOf("/");
  const root = path.slice(0, cut) || "/";
  const inside = concretePlaces(ctx).find((place) => place.path === root || place.path.startsWith(`${root}/`));
  return inside && globTarget(path.slice(cut + 1), "delete", ctx) ? { path: inside.path, what: inside.what } : undefined;
}
