// Two git repositories on disk for the work-loss tests, made with the real git:
// `dirty` holds work git cannot bring back — an unstaged edit (src/app.ts), a
// staged one (docs/guide.md), an untracked file (notes.txt), a stash entry, a
// branch merged nowhere (feature), a worktree with an edit — next to ignored
// output (dist/, node_modules/, *.log) and a merged branch; `clean` has the same
// history and ignored output, and nothing else.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";

export interface Repos {
  root: string;
  dirty: string;
  clean: string;
  /** A worktree of `dirty` with an edit in it, and one without. */
  dirtyWorktree: string;
  cleanWorktree: string;
  /** A repository with one stash entry, for a test to drop (what it leaves, nothing reaches). */
  dangling: string;
}

const GIT_ENV = {
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "dev",
  GIT_AUTHOR_EMAIL: "dev@example.test",
  GIT_COMMITTER_NAME: "dev",
  GIT_COMMITTER_EMAIL: "dev@example.test",
};

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "init.defaultBranch=main", ...args], { cwd, env: { ...process.env, ...GIT_ENV }, stdio: "ignore" });
}

function write(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

function history(dir: string): void {
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q");
  write(dir, ".gitignore", "dist/\nnode_modules/\n*.log\n");
  write(dir, "README.md", "# app\n");
  write(dir, "src/app.ts", "export const app = 1;\n");
  write(dir, "src/util.ts", "export const util = 1;\n");
  write(dir, "docs/guide.md", "# guide\n");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "first");
  git(dir, "branch", "merged");
  // Ignored output: what a build leaves, never work.
  write(dir, "dist/out.js", "built\n");
  write(dir, "node_modules/dep/index.js", "dep\n");
  write(dir, "build.log", "log\n");
}

export function useRepos(): Repos {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-repos-")));
  const dirty = join(root, "dirty");
  const clean = join(root, "clean");
  const dirtyWorktree = join(root, "wt-dirty");
  const cleanWorktree = join(root, "wt-clean");
  const dangling = join(root, "dangling");
  history(dangling);
  write(dangling, "src/app.ts", "export const app = 3; // stashed, then dropped\n");
  git(dangling, "stash", "-q");
  history(clean);
  history(dirty);
  git(dirty, "checkout", "-q", "-b", "feature");
  write(dirty, "src/feature.ts", "export const feature = 1;\n");
  git(dirty, "add", "-A");
  git(dirty, "commit", "-q", "-m", "feature");
  git(dirty, "checkout", "-q", "main");
  git(dirty, "worktree", "add", "-q", dirtyWorktree, "merged");
  write(dirtyWorktree, "README.md", "# edited in the worktree\n");
  git(dirty, "worktree", "add", "-q", "--detach", cleanWorktree, "main");
  write(dirty, "src/util.ts", "export const util = 2;\n");
  git(dirty, "stash", "-q");
  write(dirty, "src/app.ts", "export const app = 2; // unsaved work\n");
  write(dirty, "docs/guide.md", "# guide, edited\n");
  git(dirty, "add", "docs/guide.md");
  write(dirty, "notes.txt", "my notes\n");
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return { root, dirty, clean, dirtyWorktree, cleanWorktree, dangling };
}
