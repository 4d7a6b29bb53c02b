// What a call would really lose, read from the repository it runs in at the
// time of the call: git's own answers (`git status`, a dry run of `git clean`,
// `git stash list`, `git for-each-ref --contains`), so pathspecs, ignore rules
// and worktrees mean what they mean to git. Run only for a call that put
// something at risk (work-loss.ts) and a policy that looks at it, so an
// ordinary call never spawns git. Part of the facts bundle rather than a file
// loaded on demand: loading one cost a discarding call 4 M instructions, its
// few kilobytes cost the others none measurable (117.98 → 118.01 M). Every
// doubt counts as a loss: the guard on it fails closed.
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { gitWorkTree } from "../base/work-tree.ts";
import { isDirectory, realPath } from "./paths.ts";
import { runGit } from "./run-git.ts";
import type { Field } from "./expand.ts";
import { mayMatch } from "./find-expr.ts";
import type { PathFact } from "./types.ts";
import type { Loss } from "./work-loss.ts";

type Env = Readonly<Record<string, string | undefined>>;
const MAX_NAMES = 16;
const UNKNOWN = "\0unknown";

/** What the call would lose: absolute paths, `refs/heads/<branch>`, `stash@{n}`, or `unknown: …` where hookit cannot tell. */
export function discards(losses: readonly Loss[], bulk: readonly PathFact[], env: Env): string[] {
  const out = new Set<string>();
  for (const loss of losses) for (const lost of lossOf(loss, env)) out.add(lost);
  for (const lost of bulkLoss(bulk, env)) out.add(lost);
  return [...out];
}

interface GitRun {
  ok: boolean;
  out: string;
  /** It could not run there: no such directory, or not a repository. */
  nowhere: boolean;
}

/** git, run to read a repository: no fsmonitor, no optional locks, no prompt, plain names. */
export function git(cwd: string, options: readonly string[], args: string[], env: Env): GitRun {
  if (!existsSync(cwd)) return { ok: false, out: "", nowhere: true };
  // fsmonitor off: a repository's config must not make hookit run a program; no optional locks: a read must not write the index.
  const result = runGit([...options, "-c", "core.fsmonitor=false", "-c", "core.quotePath=false", ...args], cwd, {
    ...env,
    GIT_OPTIONAL_LOCKS: "0",
    GIT_TERMINAL_PROMPT: "0",
    LC_ALL: "C",
  });
  const notRepo = result.status === 128 && /not a git repository/i.test(result.stderr);
  return { ok: result.status === 0, out: result.stdout, nowhere: notRepo };
}

/** `git status --porcelain -z` entries: [XY, path from the work tree's root]. */
export function statusEntries(out: string): Array<[string, string]> {
  const parts = out.split("\0");
  const entries: Array<[string, string]> = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.length < 4) continue;
    const xy = part.slice(0, 2);
    entries.push([xy, part.slice(3)]);
    if (xy[0] === "R" || xy[0] === "C") i++; // the old name follows
  }
  return entries;
}

/** Whether an entry holds work that a reset to the index (`unstaged`) or to a commit (`changes`) throws away. */
function holdsWork(xy: string, kind: "changes" | "unstaged" | "any"): boolean {
  const [x, y] = [xy[0], xy[1]];
  if (xy === "??") return kind === "any";
  if (xy === "!!") return false;
  const edited = y === "M" || y === "T" || x === "U" || y === "U" || y === "A";
  if (kind === "unstaged") return edited;
  return edited || x === "M" || x === "A" || x === "T";
}

function workTreeOf(cwd: string, options: readonly string[]): string | undefined {
  const set = options.find((o) => o.startsWith("--work-tree="));
  if (set) return set.slice(12);
  const found = gitWorkTree(cwd);
  return found === undefined ? undefined : realPath(found);
}

/** Tracked (or, with `any`, also untracked) files under the pathspecs that hold work, absolute. */
function filesWithWork(
  cwd: string,
  options: readonly string[],
  names: readonly string[] | undefined,
  kind: "changes" | "unstaged" | "any",
  env: Env,
): string[] | undefined {
  const untracked = kind === "any" ? "--untracked-files=all" : "--untracked-files=no";
  const run = git(cwd, options, ["status", "--porcelain=v1", "-z", untracked, "--", ...(names ?? [])], env);
  if (run.nowhere) return [];
  if (!run.ok) return undefined;
  const root = workTreeOf(cwd, options) ?? cwd;
  return statusEntries(run.out)
    .filter(([xy]) => holdsWork(xy, kind))
    .map(([, path]) => join(root, path));
}

function lossOf(loss: Loss, env: Env): string[] {
  if (loss.cwd === null) return ["unknown: the directory it runs in"];
  if (loss.git.some((o) => o.endsWith(UNKNOWN))) return ["unknown: a --git-dir or --work-tree hookit cannot know"];
  const { cwd, git: options } = loss;
  const unknown = (what: string) => [`unknown: ${what}`];
  switch (loss.kind) {
    case "changes":
    case "unstaged": {
      let kind: "changes" | "unstaged" = loss.kind;
      let names = loss.names;
      if (loss.options?.includes("switch-or-path") && loss.tree !== undefined) {
        // `git checkout X`: a switch when X is a commit (forced: every change goes), else X is a path.
        if (isRevision(cwd, options, loss.tree, env)) {
          if (kind === "unstaged") return [];
          names = undefined;
        }
      } else if (loss.tree !== undefined) kind = "changes";
      return filesWithWork(cwd, options, names, kind, env) ?? unknown("the state of the repository");
    }
    case "untracked": {
      const run = git(cwd, options, ["clean", "-n", ...(loss.options ?? []), "--", ...(loss.names ?? [])], env);
      if (run.nowhere) return [];
      if (!run.ok) return unknown("what git clean would remove");
      const found: string[] = [];
      for (const line of run.out.split("\n")) {
        if (!line.startsWith("Would remove ")) continue;
        const path = join(cwd, line.slice(13));
        // `-d` lists a folder whole; one that holds no file (a folder a tool made, not yet used) is no work.
        if (!line.endsWith("/") || holdsFile(path)) found.push(path);
      }
      return found;
    }
    case "stash": {
      const run = git(cwd, options, ["stash", "list", "--format=%gd"], env);
      if (run.nowhere) return [];
      if (!run.ok) return unknown("the stash");
      const entries = run.out.split("\n").filter((l) => l !== "");
      if (loss.names === undefined) return entries;
      const wanted = loss.names.map((n) => (/^\d+$/.test(n) ? `stash@{${n}}` : n));
      return entries.filter((e) => wanted.includes(e));
    }
    case "branch":
      if (loss.names === undefined) return unknown("a branch name");
      return loss.names.slice(0, MAX_NAMES).flatMap((name) => unmerged(cwd, options, name, env));
    case "worktree": {
      if (loss.names === undefined) return unknown("the worktree");
      const dir = resolve(cwd, loss.names[0]!);
      return filesWithWork(dir, [], undefined, "any", env) ?? unknown(`the state of ${loss.names[0]}`);
    }
    case "find":
      return findLoss(loss, env);
    case "files": {
      // A delete of an unknown value (work-loss.ts, unknownDeleteLoss): below its roots, or anywhere in the work tree.
      const root = workTreeOf(cwd, options);
      const roots = loss.names ?? (root === undefined ? [] : [root]);
      if (loss.tree === "files")
        return loss.names === undefined
          ? (filesWithWork(cwd, options, undefined, "any", env) ?? unknown("the state of the repository"))
          : workUnder(roots, env);
      return bulkLoss(
        roots.map((path) => ({ path })),
        env,
      );
    }
    case "overwrite":
      return overwriteLoss(loss.names ?? [], loss.options ?? [], env);
    case "history": {
      // Commits a reflog keeps that no branch, tag or remote branch does (a reset's old tip, stash entries).
      const run = git(cwd, options, ["rev-list", "--abbrev-commit", "--reflog", "--not", "--branches", "--tags", "--remotes"], env);
      if (run.nowhere) return [];
      if (!run.ok) return unknown("the commits only the reflog keeps");
      const commits = run.out.split("\n").filter((l) => l !== "");
      return listed(commits.map((c) => `commit ${c}`));
    }
    case "dangling": {
      // git's own dry run of the prune: `<sha> <type>` per object it would remove.
      const run = git(cwd, options, ["prune", "--dry-run", "--expire=now"], env);
      if (run.nowhere) return [];
      if (!run.ok) return unknown("the objects a prune would remove");
      return listed(
        run.out.split("\n").flatMap((l) => (/^[0-9a-f]+ (commit|blob)$/.test(l) ? [`${l.split(" ")[1]} ${l.slice(0, 7)}`] : [])),
      );
    }
  }
}

/** At most MAX_NAMES entries, then how many more. */
const listed = (all: string[]) => (all.length > MAX_NAMES ? [...all.slice(0, MAX_NAMES), `and ${all.length - MAX_NAMES} more`] : all);

/** Whether a folder holds a file (or a link) anywhere below it; an unreadable one counts as holding one. */
function holdsFile(dir: string): boolean {
  const folders = [dir];
  try {
    // Stops at the first file: an untracked folder may be large.
    for (let next = folders.pop(); next !== undefined; next = folders.pop())
      for (const entry of readdirSync(next, { withFileTypes: true })) {
        if (!entry.isDirectory()) return true;
        folders.push(join(next, entry.name));
      }
    return false;
  } catch {
    return true;
  }
}

/** `refs/heads/<name>` when no other branch, remote branch or tag holds its commits. */
function unmerged(cwd: string, options: readonly string[], name: string, env: Env): string[] {
  // `git update-ref -d HEAD`: the branch HEAD stands for, or HEAD itself when it is detached.
  const symbolic = name === "HEAD" ? git(cwd, options, ["symbolic-ref", "-q", "HEAD"], env) : undefined;
  const ref = symbolic === undefined ? `refs/heads/${name}` : symbolic.ok ? symbolic.out.trim() : "HEAD";
  const run = git(cwd, options, ["for-each-ref", "--format=%(refname)", "--contains", ref, "refs/heads", "refs/remotes", "refs/tags"], env);
  if (!run.ok) return []; // no such branch (or no repository): nothing to lose
  const holders = run.out.split("\n").filter((l) => l !== "" && l !== ref && !l.endsWith("/HEAD"));
  return holders.length > 0 ? [] : [ref];
}

function isRevision(cwd: string, options: readonly string[], rev: string, env: Env): boolean {
  if (rev === "-" || /^@\{-\d+\}$/.test(rev)) return true;
  return git(cwd, options, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${rev}^{commit}`], env).ok;
}

/** `find ROOTS EXPR -delete`: the files with work under the roots that the expression may match, and `.git` itself. */
function findLoss(loss: Loss, env: Env): string[] {
  const cwd = loss.cwd as string;
  const roots = loss.names;
  if (roots === undefined) return ["unknown: where find looks"];
  const expression: Field[] = (loss.options ?? []).map((text) => ({ text, resolved: true }));
  const out: string[] = [];
  if (roots.length > MAX_NAMES) return [`unknown: ${roots.length} places find looks`];
  for (const root of roots) {
    const start = realPath(root.startsWith("/") ? root : join(cwd, root));
    const printed = (absolute: string) => (absolute === start ? root : join(root, relative(start, absolute)));
    const met = (absolute: string, kind?: "d") =>
      mayMatch(expression, { name: basename(absolute), path: printed(absolute), ...(kind && { kind }) });
    // `-exec rm -rf {}`: a folder it matches goes whole, with every file under it.
    const inMatchedFolder = (absolute: string) => {
      for (let dir = dirname(absolute); dir.length >= start.length && dir !== "/"; dir = dirname(dir)) if (met(dir, "d")) return true;
      return false;
    };
    const meets = (absolute: string) => met(absolute) || (loss.tree === "folders" && inMatchedFolder(absolute));
    const workTree = gitWorkTree(start);
    if (workTree === undefined) continue;
    const top = realPath(workTree);
    if ((top === start || top.startsWith(`${start}/`)) && meets(join(top, ".git", "HEAD"))) out.push(join(top, ".git"));
    for (const file of filesWithWork(start, [], ["."], "any", env) ?? ["unknown: the state of the repository"])
      if (file.startsWith("unknown:") || meets(file)) out.push(file);
  }
  return out;
}

/**
 * A part of a repository whose loss git cannot make good: its branches and tags (`refs`,
 * `packed-refs`), its objects, its reflogs (`logs`: what brings lost commits back). Not the index
 * (`rm .git/index && git reset` rebuilds it), a lock file or a stuck rebase's folder: removing
 * those is how a user unsticks git.
 */
function repositoryPart(path: string): boolean {
  const m = /^(.*)\/\.git\/(refs|objects|logs|packed-refs)(\/|$)/i.exec(path); // any case: macOS, Windows
  return m !== null && !path.endsWith(".lock") && existsSync(join(m[1] as string, ".git", "HEAD"));
}

/** Recursive deletes, and deletes of `.git`, inside a work tree: the repository itself, files with changes, untracked files git does not ignore. */
function bulkLoss(bulk: ReadonlyArray<Pick<PathFact, "path" | "recursive">>, env: Env): string[] {
  const out: string[] = [];
  const under: string[] = [];
  for (const fact of bulk) {
    if (!existsSync(fact.path)) continue;
    if (basename(fact.path).toLowerCase() === ".git" || repositoryPart(fact.path)) {
      out.push(fact.path);
      continue;
    }
    if (existsSync(join(fact.path, ".git"))) out.push(join(fact.path, ".git"));
    under.push(fact.path);
  }
  return [...out, ...workUnder(under, env)];
}

/**
 * A copy or move in bulk (`cp -r`, several sources, a glob) over files with work: each file with
 * work at or under where a source lands that the source has too (`names[i]` is where
 * `options[i]` lands: `cp -r a/src .` puts a/src/x at ./src/x).
 */
function overwriteLoss(landings: readonly string[], sources: readonly string[], env: Env): string[] {
  return workUnder(landings, env).filter((file) => {
    if (file.startsWith("unknown:")) return true;
    return landings.some((landing, i) => {
      if (file !== landing && !file.startsWith(`${landing}/`)) return false;
      return file === landing || existsSync(join(sources[i]!, relative(landing, file)));
    });
  });
}

/** The files with work at or under each path, one `git status` per work tree (each path is a literal name, not a pattern). */
function workUnder(paths: readonly string[], env: Env): string[] {
  const byTree = new Map<string, string[]>();
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const found = gitWorkTree(isDirectory(path) ? path : dirname(path));
    if (found === undefined) continue;
    const tree = realPath(found);
    byTree.set(tree, [...(byTree.get(tree) ?? []), path]);
  }
  const out: string[] = [];
  for (const [tree, under] of byTree) {
    // Past a few dozen names, the whole tree is read and filtered here: no list is cut short.
    const specs = under.length <= 64 ? under.map((p) => `:(literal)${relative(tree, p) || "."}`) : [];
    const found = filesWithWork(tree, [], specs, "any", env);
    if (found === undefined) out.push("unknown: the state of the repository");
    else out.push(...found.filter((f) => under.some((p) => f === p || f.startsWith(`${p}/`) || p === tree)));
  }
  return out;
}
