// Work git cannot bring back: which git commands (and `find -delete`) can
// throw away uncommitted changes, untracked files, stash entries or branches,
// and what of the repository they put at risk. Whether anything is really
// lost depends on the repository at the time of the call; that is read later,
// and only for a call that put something at risk (repo-state.ts).
import { join } from "node:path";
import type { Field, ShellState } from "./expand.ts";
import { gitRefLosses } from "./git-ref-loss.ts";
import { parseOptions, type OptionSpec } from "./options.ts";
import { asksForHelp } from "./packs/match.ts";
import type { CommandFact } from "./types.ts";

/** What git would throw away: tracked changes (`unstaged`: only what differs from the index), untracked files, stash entries, branches, a worktree; `files`: what a delete of a glob's matches removes; `overwrite`: what a copy or move in bulk writes over; `history`: commits only a reflog keeps; `dangling`: objects nothing reaches, which git can still hand back until they are pruned. */
export type LossKind =
  | "changes"
  | "unstaged"
  | "untracked"
  | "stash"
  | "branch"
  | "worktree"
  | "files"
  | "overwrite"
  | "history"
  | "dangling";

/** One thing a command puts at risk, in the repository it runs in. */
export interface Loss {
  kind: LossKind | "find";
  /** The command's directory (after `cd` and `git -C`); `null` when hookit cannot know it. */
  cwd: string | null;
  /** `--git-dir=…` / `--work-tree=…` as given to the command, for git's own reading of the repository. */
  git: string[];
  /** The pathspecs (or branch names, stash entries, the worktree) it names; `undefined`: all of them, or a value hookit could not know. */
  names?: string[];
  /** `git checkout X -- …`: X may be a tree the files are taken from (then staged changes go too); `find`: `folders` when a folder it matches goes whole (`-exec rm -rf {}`); `files`: `files` when a delete that takes no folder removes only files (unknownDeleteLoss). */
  tree?: string;
  /** `git clean`: the options its dry run repeats (`-d`, `-ff`, `-e …`); `find`: the roots and expression. */
  options?: string[];
}

/**
 * The subcommands that can discard work, as data: the options that take a value (so their values
 * are not read as operands), the options of which one must be given (`when`), those that make it
 * harmless (`unless`), the action word that must come first (`git stash drop`), and what it loses.
 * Forms that need more than this (checkout, restore, branch) are read in `gitLosses` below.
 */
interface LossRule {
  spec: OptionSpec;
  loses: LossKind;
  /** Its operands are pathspecs that narrow what it loses (otherwise they name a commit or branch, and the whole tree is at risk). */
  paths?: true;
  when?: string[];
  unless?: string[];
  actions?: string[];
}
const GIT_LOSS_RULES: Readonly<Record<string, LossRule>> = {
  // `--keep` and `--merge` keep what they can, and drop staged changes of the files they reset.
  reset: { spec: { long: ["pathspec-from-file"] }, loses: "changes", when: ["hard", "merge", "keep"] },
  switch: {
    spec: { short: "cC", long: ["create", "force-create", "conflict", "orphan"] },
    loses: "changes",
    when: ["f", "force", "discard-changes"],
  },
  // Without `--cached`, `git rm -f` deletes files whose changes were never committed.
  rm: { spec: { long: ["pathspec-from-file"] }, loses: "changes", paths: true, when: ["f", "force"], unless: ["cached", "n", "dry-run"] },
  // Without `-f` too: `-i` with its answers on the input, or `clean.requireForce` set false (`git -c
  // clean.requireForce=false clean`, or in a config an earlier call wrote). Where git refuses, it loses nothing.
  clean: { spec: { short: "e", long: ["exclude"] }, loses: "untracked", paths: true, unless: ["n", "dry-run", "X"] },
  stash: { spec: {}, loses: "stash", actions: ["drop", "clear"] },
  // `--abort` puts the tree back as it was before the operation (`git reset --merge`, a rebase's
  // `reset --hard`): the conflicts resolved and edits made meanwhile, never committed, go.
  merge: { spec: {}, loses: "changes", when: ["abort"] },
  rebase: { spec: {}, loses: "changes", when: ["abort"] },
  "cherry-pick": { spec: {}, loses: "changes", when: ["abort"] },
  revert: { spec: {}, loses: "changes", when: ["abort"] },
  am: { spec: {}, loses: "changes", when: ["abort"] },
  worktree: { spec: {}, loses: "worktree", when: ["f", "force"], actions: ["remove"] },
  checkout: {
    spec: { short: "bB", long: ["orphan", "conflict", "pathspec-from-file", "track"] },
    loses: "unstaged",
  },
  restore: { spec: { short: "s", long: ["source", "pathspec-from-file", "conflict"] }, loses: "unstaged" },
  branch: {
    spec: { short: "tu", long: ["set-upstream-to", "contains", "no-contains", "merged", "no-merged", "points-at", "format", "sort"] },
    loses: "branch",
  },
};

const names = (fields: Field[]): string[] | undefined => (fields.every((f) => f.resolved) ? fields.map((f) => f.text) : undefined);
const hasAny = (flags: Set<string>, list: readonly string[] | undefined) => list?.some((f) => flags.has(f)) === true;

/** `git … <sub> <rest>`: what it puts at risk (empty when nothing). `global` are git's own options before the subcommand. */
export function gitLosses(
  sub: string,
  rest: Field[],
  global: Map<string, Field[]>,
  state: ShellState,
  line: readonly CommandFact[] = [],
): Loss[] {
  if (asksForHelp(rest)) return []; // `git restore --help` shows the manual
  const git = gitDirOptions(global, state.cwd);
  const moved = gitRefLosses(sub, rest, (kind, extra = {}) => [{ kind, cwd: state.cwd, git, ...extra }]);
  const rule = GIT_LOSS_RULES[sub];
  if (!rule) return moved;
  return [...moved, ...ruleLosses(sub, rest, rule, git, state, line)];
}

/** Options of git itself that take the next word as their value. */
const GIT_VALUE_OPTIONS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"]);

/** Where a git command line's subcommand is (`git -C repo stash -u`: 3), past git's own options. */
export function gitSubcommandAt(argv: readonly string[]): number {
  let at = 1;
  while (at < argv.length && (argv[at] as string).startsWith("-")) at += GIT_VALUE_OPTIONS.has(argv[at] as string) ? 2 : 1;
  return at;
}

/**
 * `git stash` (`push`, `save`) earlier on the line, before this command (the line's last): what it
 * put into a new stash entry — `all` with `-u`/`-a` — which a drop or clear later on the line throws
 * away, though the repository holds no entry yet when the call is judged. A stash in another
 * repository of the same line counts too: that only ever refuses more.
 */
function stashedEarlier(line: readonly CommandFact[]): "tracked" | "all" | undefined {
  let found: "tracked" | "all" | undefined;
  for (const { program, argv } of line.slice(0, -1)) {
    if (program !== "git") continue;
    const at = gitSubcommandAt(argv);
    const stash = argv[at] === "stash" ? stashPush(argv.slice(at + 1)) : undefined;
    if (stash) found = stash.untracked ? "all" : (found ?? "tracked");
  }
  return found;
}

/** What a `git stash` puts away (the words after `stash`): `-u` also untracked files, `-a` ignored ones too. */
export interface StashPush {
  untracked: boolean;
  ignored: boolean;
  /** The pathspecs after `--`; undefined: the whole tree. */
  names?: string[];
}

/** `git stash`, `git stash push|save [-m msg] [-u|-a] [-- paths]`; undefined for `list`, `show`, `pop`, `drop`, …. */
export function stashPush(words: readonly string[]): StashPush | undefined {
  const dash = words.indexOf("--");
  const own = dash < 0 ? words : words.slice(0, dash);
  const action = own.find((w, k) => !w.startsWith("-") && !["-m", "--message"].includes(own[k - 1] ?? ""));
  if (action !== undefined && action !== "push" && action !== "save") return undefined;
  const ignored = own.includes("-a") || own.includes("--all");
  const untracked = ignored || own.includes("-u") || own.includes("--include-untracked");
  return { untracked, ignored, ...(dash >= 0 && dash < words.length - 1 && { names: words.slice(dash + 1) }) };
}

function ruleLosses(sub: string, rest: Field[], rule: LossRule, git: string[], state: ShellState, line: readonly CommandFact[]): Loss[] {
  const action = rule.actions ? rest.findIndex((f) => !f.text.startsWith("-")) : -1;
  if (rule.actions && !rule.actions.includes(rest[action]?.text ?? "")) return [];
  const args = rule.actions ? rest.slice(action + 1) : rest;
  const parsed = parseOptions(args, rule.spec);
  const { flags } = parsed;
  if (rule.when && !hasAny(flags, rule.when)) return [];
  if (hasAny(flags, rule.unless)) return [];
  const at = (loses: LossKind | "find", extra: Partial<Loss> = {}): Loss[] => [{ kind: loses, cwd: state.cwd, git, ...extra }];
  const fromFile = flags.has("pathspec-from-file");
  const operands = parsed.operands;
  switch (sub) {
    case "clean":
      return at("untracked", { ...pathspecs(operands, fromFile), options: cleanOptions(args) });
    case "stash": {
      const entries =
        rest[action]?.text === "clear"
          ? at("stash")
          : at("stash", { names: operands.length === 0 ? ["stash@{0}"] : names(operands.slice(0, 1)) });
      // `git stash && git stash drop`: the work the first put away is what the second throws away.
      const stashed = stashedEarlier(line);
      if (stashed === undefined) return entries;
      return [...entries, ...at("changes"), ...(stashed === "all" ? at("untracked") : [])];
    }
    case "worktree":
      return operands[0] ? at("worktree", operands[0].resolved ? { names: [operands[0].text] } : {}) : [];
    case "branch": {
      const forced = flags.has("f") || flags.has("force");
      // `-M`/`-C` (or `-m -f`): renaming or copying onto an existing branch replaces it, as a delete would.
      if (flags.has("M") || flags.has("C") || (forced && ["m", "move", "c", "copy"].some((f) => flags.has(f))))
        return operands.length > 0 ? at("branch", { names: names(operands.slice(-1)) }) : [];
      // `-D`, or `--delete --force` (`-d -f`): deleted whether merged or not.
      if (!(flags.has("D") || ((flags.has("d") || flags.has("delete")) && forced))) return [];
      return at("branch", { names: names(operands) });
    }
    case "restore": {
      const staged = flags.has("S") || flags.has("staged");
      const worktree = flags.has("W") || flags.has("worktree");
      if (staged && !worktree) return []; // only the index changes: the work tree keeps every edit
      const fromTree = staged || flags.has("s") || flags.has("source");
      return at(fromTree ? "changes" : "unstaged", pathspecs(operands, fromFile));
    }
    case "checkout":
      return checkoutLosses(args, parsed.flags, operands, at);
    default:
      return at(rule.loses, rule.paths ? pathspecs(operands, fromFile) : {});
  }
}

/** `git checkout`: a branch switch keeps local changes (git refuses otherwise) unless forced; paths are overwritten. */
function checkoutLosses(args: Field[], flags: Set<string>, operands: Field[], at: (k: LossKind, e?: Partial<Loss>) => Loss[]): Loss[] {
  const forced = flags.has("f") || flags.has("force");
  const dash = args.findIndex((a) => a.text === "--");
  // `-p` asks about each change, and the answers come from what the agent feeds it (`yes | git checkout -p`,
  // or its own writes to a command still running): it discards what the same command without `-p`
  // would, with its one operand a tree (every change) or a path, never a branch to switch to.
  if ((flags.has("p") || flags.has("patch")) && dash < 0) {
    const [tree, ...paths] = operands;
    if (tree === undefined) return at("unstaged");
    if (paths.length === 0) return at("changes", { names: [tree.text], tree: tree.text, options: ["switch-or-path"] });
    return at("changes", { ...pathspecs(paths, false), tree: tree.text });
  }
  if (flags.has("pathspec-from-file")) return at("changes");
  if (dash >= 0) {
    const before = parseOptions(args.slice(0, dash), { short: "bB", long: ["orphan", "conflict", "track"] }).operands;
    const tree = before[0];
    const paths = pathspecs(args.slice(dash + 1), false);
    if (tree && !tree.resolved) return at("changes", paths);
    return tree ? at("changes", { ...paths, tree: tree.text }) : at(forced ? "changes" : "unstaged", paths);
  }
  // `-b new [start]`, `--orphan new`: a new branch from a commit; nothing is overwritten unless forced.
  const creates = flags.has("b") || flags.has("B") || flags.has("orphan");
  if (operands.length === 0 || creates) return forced ? at("changes") : [];
  // `git checkout X [paths…]`: X is a commit to switch to, or a tree to take paths from, or itself a path.
  const [first, ...more] = operands;
  if (!first?.resolved) return at("changes");
  // One operand: a branch to switch to (harmless unless forced, then every change goes) or a path to restore.
  if (more.length === 0) return at(forced ? "changes" : "unstaged", { names: [first.text], tree: first.text, options: ["switch-or-path"] });
  return at("changes", { ...pathspecs(more, false), tree: first.text });
}

const pathspecs = (fields: Field[], fromFile: boolean): Partial<Loss> => {
  if (fromFile || fields.length === 0) return {};
  const known = names(fields);
  return known ? { names: known } : {};
};

/** `git clean`'s options that change what it removes, for a dry run of the same: `-d`, `-f` twice (nested repositories), `-e`. */
function cleanOptions(args: Field[]): string[] {
  const out: string[] = [];
  let forces = 0;
  for (let i = 0; i < args.length; i++) {
    const text = args[i]!.text;
    if (text === "--") break;
    if (text === "--force") forces++;
    else if (text === "-e" || text === "--exclude") out.push("-e", args[++i]?.text ?? "");
    else if (text.startsWith("--exclude=")) out.push("-e", text.slice(10));
    else if (/^-[^-]/.test(text)) {
      for (let k = 1; k < text.length; k++) {
        const letter = text[k];
        if (letter === "f") forces++;
        else if (letter === "d") out.push("-d");
        else if (letter === "e") {
          out.push("-e", text.slice(k + 1) || (args[++i]?.text ?? ""));
          break;
        }
      }
    } else if (text === "--directory") out.push("-d");
  }
  if (forces >= 2) out.push("-f", "-f");
  return out;
}

/** `--git-dir` / `--work-tree` made absolute from the command's directory. */
function gitDirOptions(global: Map<string, Field[]>, cwd: string | null): string[] {
  const out: string[] = [];
  for (const name of ["git-dir", "work-tree"]) {
    const value = global.get(name)?.at(-1);
    if (!value) continue;
    const absolute = value.text.startsWith("/") ? value.text : cwd === null || !value.resolved ? undefined : join(cwd, value.text);
    out.push(`--${name}=${absolute ?? "\0unknown"}`);
  }
  return out;
}

/** `find … -delete`: the roots and the expression, judged on each file at risk. */
export function findLoss(roots: Field[], expression: Field[], cwd: string | null, folders = false): Loss {
  const known = names(roots);
  return {
    kind: "find",
    cwd,
    git: [],
    ...(known && { names: known }),
    options: expression.map((f) => f.text),
    ...(folders && { tree: "folders" }),
  };
}

/** A delete of a glob's matches (`rm src/*.ts`): a delete in bulk, judged like a recursive one. */
export function globLoss(fields: readonly Field[], cwd: string | null, losses: Loss[]): void {
  let names: string[] | undefined;
  for (const field of fields) {
    if (field.glob !== true || (cwd === null && !field.text.startsWith("/"))) continue;
    (names ??= []).push(field.text.startsWith("/") ? field.text : join(cwd as string, field.text));
  }
  if (names) losses.push({ kind: "files", cwd, git: [], names });
}

/**
 * A delete of a value hookit cannot know (`rm $(git ls-files -m)`, `… | xargs rm`, `rm "$f"` in a
 * loop over a listing): it may be any file, so it is a delete in bulk of what has work below where
 * every value lies (`under`: the folders `ls` listed; what a `find` lists is what its `-delete`
 * would remove), or else in the whole work tree it runs in. A value that ends in a name it spells
 * (`$TMPDIR/x.log`) can only be a file of that name: one file by name, as `rm x.log` is.
 */
export function unknownDeleteLoss(fields: readonly Field[], cwd: string | null, recursive: boolean, losses: Loss[]): void {
  for (const field of fields) {
    // Every value known (`"$f.bak"` in `for f in a b`): files by name, each recorded as one.
    if (field.resolved || SPELLED_NAME.test(field.text) || field.exhaustive) continue;
    // What a `find` lists (`find . -name '*.orig' | xargs rm`): what its own `-delete` would remove.
    if (field.findListing?.roots.every((root) => root.resolved)) {
      losses.push(findLoss(field.findListing.roots, field.findListing.expression, cwd, recursive));
      continue;
    }
    const known = field.under?.every((f) => f.resolved && (cwd !== null || f.text.startsWith("/")));
    const roots = known ? field.under?.map((f) => (f.text.startsWith("/") ? f.text : join(cwd as string, f.text))) : undefined;
    losses.push({ kind: "files", cwd, git: [], ...(roots && { names: roots }), ...(!recursive && { tree: "files" }) });
  }
}
/** An unknown value's last path part spelled out in letters (no `$`, backquote or `<…>` in it). */
const SPELLED_NAME = /(^|\/)[^/$`<>]+["']?$/;

/**
 * A copy or move in bulk over a work tree (`cp -r a/src .`, `mv ../x/* src/`, several sources):
 * what each source writes over is judged on the repository. One file copied onto another by name
 * is an edit the agent means, not a discard.
 */
export function overwriteLoss(
  sources: readonly Field[],
  landings: readonly Field[],
  recursive: boolean,
  cwd: string | null,
  losses: Loss[],
): void {
  if (cwd === null || sources.length !== landings.length || sources.length === 0) return;
  if (!recursive && sources.length === 1 && sources[0]!.glob !== true) return;
  if (![...sources, ...landings].every((f) => f.resolved)) return; // an unknown path: the other guards judge it
  const absolute = (f: Field) => (f.text.startsWith("/") ? f.text : join(cwd, f.text));
  losses.push({ kind: "overwrite", cwd, git: [], names: landings.map(absolute), options: sources.map(absolute) });
}
