// Which of a few files (hookit's protected files in the project: its policy, an agent's hook
// config) a line's git commands would take out of the work tree: a stash (`git stash -u` puts an
// untracked policy away, `git stash` a changed one), a reset, checkout or restore of the whole tree
// (a changed policy goes back to the committed one), a clean (an untracked policy is deleted),
// `git add -A && git reset --hard` (what the add staged, the reset deletes). Self-protection refuses
// them: the policy would be off until the stash comes back, or gone. Read from the repository, with
// one `git status` for those files, and only on a line that has such a command.
import { gitWorkTree } from "../base/work-tree.ts";
import { resolvePath } from "../base/path-join.ts";
import { git, statusEntries } from "./repo-state.ts";
import type { Facts } from "./types.ts";
import { gitSubcommandAt, stashPush, type Loss } from "./work-loss.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** What an operation takes: files with changes git tracks, also untracked ones, also ignored ones. */
type Reach = "changes" | "untracked" | "ignored";

interface TreeOp {
  cwd: string | null;
  /** Pathspecs as given; undefined: the whole tree. */
  names?: readonly string[];
  reach: Reach;
}

/** The first of `files` (asked for only on a line with such a command) the line's git commands take out of the work tree. */
export function treeTakes(facts: Facts, losses: readonly Loss[], filesOf: () => readonly string[], env: Env): string | undefined {
  const ops = treeOps(facts, losses);
  if (ops.length === 0) return undefined;
  const files = filesOf();
  if (files.length === 0) return undefined;
  const root = gitWorkTree(files[0] as string);
  if (root === undefined) return undefined;
  // Fail closed: a command in an unknown directory may be in this repository.
  const here = ops.filter((op) => op.cwd === null || gitWorkTree(op.cwd) === root);
  if (here.length === 0) return undefined;
  const states = statusOf(root, files, env);
  for (const file of files) {
    const state = states === undefined ? "changes" : stateOf(states, file);
    if (state === undefined) continue;
    if (here.some((op) => reaches(op, state) && covers(op, file))) return file;
  }
  return undefined;
}

function treeOps(facts: Facts, losses: readonly Loss[]): TreeOp[] {
  const ops: TreeOp[] = [];
  let added = false;
  for (const command of facts.commands) {
    if (command.program !== "git") continue;
    const at = gitSubcommandAt(command.argv);
    if (command.argv[at] === "add") added = true;
    const stash = command.argv[at] === "stash" ? stashPush(command.argv.slice(at + 1)) : undefined;
    // after `git add` on the line, an untracked file is a staged one, which a plain stash takes
    if (stash) {
      const reach: Reach = stash.ignored ? "ignored" : stash.untracked || added ? "untracked" : "changes";
      ops.push({ cwd: command.cwd, reach, ...(stash.names && { names: stash.names }) });
    }
  }
  for (const loss of losses) {
    if (loss.kind !== "changes" && loss.kind !== "unstaged" && loss.kind !== "untracked") continue;
    // After `git add` on the line, an untracked file is a staged one, which a reset deletes.
    const reach: Reach = loss.kind === "untracked" ? "ignored" : added ? "untracked" : "changes";
    ops.push({ cwd: loss.cwd, reach, ...(loss.names && { names: loss.names }) });
  }
  return ops;
}

const ORDER: Readonly<Record<Reach, number>> = { changes: 0, untracked: 1, ignored: 2 };
const reaches = (op: TreeOp, state: Reach) => ORDER[state] <= ORDER[op.reach];

function covers(op: TreeOp, file: string): boolean {
  if (op.names === undefined) return true;
  if (op.cwd === null) return true;
  for (const name of op.names) {
    if (/[*?[:]/.test(name)) return true; // a glob or a magic pathspec: may be any file
    const path = resolvePath(op.cwd, name);
    if (file === path || file.startsWith(path === "/" ? "/" : `${path}/`)) return true;
  }
  return false;
}

/** A file's state, or its folder's (git lists a folder that is untracked or ignored whole as `dir/`). */
function stateOf(states: ReadonlyMap<string, Reach>, file: string): Reach | undefined {
  const own = states.get(file);
  if (own !== undefined) return own;
  for (const [path, state] of states) if (path.endsWith("/") && file.startsWith(path)) return state;
  return undefined;
}

/** Each file's state: `changes` (tracked with work, or staged), `untracked`, `ignored`; absent when committed as it is. Undefined when git could not say. */
function statusOf(root: string, files: readonly string[], env: Env): Map<string, Reach> | undefined {
  const run = git(root, [], ["status", "--porcelain=v1", "-z", "--ignored", "--untracked-files=all", "--", ...files], env);
  if (!run.ok) return undefined;
  const states = new Map<string, Reach>();
  for (const [xy, name] of statusEntries(run.out))
    states.set(resolvePath(root, name) + (name.endsWith("/") ? "/" : ""), xy === "??" ? "untracked" : xy === "!!" ? "ignored" : "changes");
  return states;
}
