// The hooks a git command runs (githooks(5)): `git commit` runs the repository's `pre-commit` and
// its siblings, scripts a model can write in one call and set off in the next with an ordinary
// commit. A command that can run hooks has each hook the repository holds (in `.git/hooks`, or in
// `core.hooksPath`) read while judging it, as a script run by its path (script-files.ts).
import { readdirSync, statSync } from "node:fs";
import { joinPath, resolvePath } from "../base/path-join.ts";
import { readIfExists } from "../base/read-if-exists.ts";
import { gitWorkTree } from "../base/work-tree.ts";
import { copy, type ShellState } from "./expand.ts";
import { configSettings, parseSetting } from "./git-config.ts";
import type { Parsed } from "./options.ts";
import type { Run } from "./programs-kit.ts";

/** The subcommands that may run a hook: they commit, merge, rewrite, check out, push, or change a ref or the index. */
const RUNS_HOOKS = new Set([
  ...["commit", "merge", "pull", "rebase", "checkout", "switch", "am", "push", "cherry-pick", "revert", "gc", "worktree"],
  ...["reset", "branch", "tag", "stash", "update-ref", "fetch", "add", "rm", "mv", "restore", "apply", "notes", "symbolic-ref"],
]);
/** The names git runs as hooks; anything else in the folder (`pre-commit.sample`, a helper script) it never runs. */
const HOOK_NAMES = new Set([
  ...["applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit", "prepare-commit-msg"],
  ...["commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge", "pre-push", "pre-receive", "update"],
  ...["proc-receive", "post-receive", "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc"],
  ...["post-rewrite", "sendemail-validate", "fsmonitor-watchman", "post-index-change"],
]);

/** `git <sub>` in `state`: the hooks it may run, each walked as the script it is, from the work tree's top. */
export function runGitHooks(sub: string, global: Parsed, run: Run, state: ShellState): void {
  if (!RUNS_HOOKS.has(sub) || state.cwd === null) return;
  const found = hooksOf(global, state.cwd, run);
  for (const hook of found?.hooks ?? [])
    run.walker.run([{ text: hook, resolved: true }], { ...copy(state), cwd: found!.top }, `git ${sub} hook`, run.depth + 1);
}

/**
 * The hooks a repository holds, looked up once per line and folder (`git add -A && git commit`
 * reads the disk once): the work tree's top and the hooks' paths.
 */
const seen = new WeakMap<object, Map<string, { top: string; hooks: string[] } | undefined>>();
function hooksOf(global: Parsed, cwd: string, run: Run): { top: string; hooks: string[] } | undefined {
  const plain = !global.values.has("git-dir") && !global.values.has("c");
  const line = seen.get(run.walker) ?? new Map();
  seen.set(run.walker, line);
  // A file the line wrote since may be a hook: looked up again then.
  const key = `${cwd}\u0000${run.walker.written.size}`;
  if (plain && line.has(key)) return line.get(key);
  const repo = repository(global, cwd);
  const dir = repo && hooksDir(global, repo, run.walker.expand.home);
  let names: string[] = [];
  try {
    if (dir !== undefined) names = readdirSync(dir);
  } catch {
    // no hooks folder
  }
  // A hook the line itself writes before the command (`echo … > .git/hooks/pre-commit; git commit`).
  for (const path of run.walker.written.keys()) if (dir !== undefined && path.startsWith(`${dir}/`)) names.push(path.slice(dir.length + 1));
  const found = repo && {
    top: repo.top,
    hooks: [...new Set(names)].filter((name) => HOOK_NAMES.has(name)).map((name) => `${dir}/${name}`),
  };
  if (plain) line.set(key, found);
  return found;
}

interface Repository {
  /** The work tree's top, where hooks run. */
  top: string;
  /** The folder holding `hooks` and `config`: the common git folder of a linked worktree. */
  common: string;
}

/** The repository `cwd` is in (or `--git-dir` names): the nearest `.git` folder, or the folder a `.git` file points to. */
export function repository(global: Parsed, cwd: string): Repository | undefined {
  const named = global.values.get("git-dir")?.[0];
  if (named) return named.resolved ? { top: cwd, common: commonDir(resolvePath(cwd, named.text)) } : undefined;
  const top = gitWorkTree(cwd);
  if (top === undefined) return undefined;
  const dotGit = joinPath(top, ".git");
  if (statSync(dotGit).isDirectory()) return { top, common: dotGit };
  const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readIfExists(dotGit) ?? "");
  return pointer ? { top, common: commonDir(resolvePath(top, pointer[1] as string)) } : undefined;
}

/** A linked worktree's git folder names the main one in `commondir`; hooks and config live there. */
function commonDir(gitDir: string): string {
  const common = readIfExists(`${gitDir}/commondir`)?.trim();
  return common ? resolvePath(gitDir, common) : gitDir;
}

/** `core.hooksPath` from `-c`, the repository's config or the user's; otherwise the git folder's `hooks`. */
function hooksDir(global: Parsed, repo: Repository, home: string): string {
  const given = (global.values.get("c") ?? []).map((f) => parseSetting(f.text)).findLast((s) => s.key === "core.hookspath")?.value;
  const configured =
    given ??
    [`${repo.common}/config`, `${home}/.gitconfig`].map((file) => configuredHooksPath(readIfExists(file))).find((p) => p !== undefined);
  if (configured === undefined || configured === "") return `${repo.common}/hooks`;
  const path = configured.startsWith("~/") ? home + configured.slice(1) : configured;
  return resolvePath(repo.top, path);
}

/**
 * A config file's `hooksPath` (any section: only `core` has one). The plain search first: most
 * configs have none, and reading the settings costs more than a search.
 */
function configuredHooksPath(text: string | undefined): string | undefined {
  if (text === undefined || !text.toLowerCase().includes("hookspath")) return undefined;
  return configSettings(text).find((s) => s.key.endsWith(".hookspath"))?.value;
}
