// The repository reader's git runner (src/facts/run-git.ts) answers as spawnSync does: the same
// status, output and errors, for a repository, a folder that is none, and a git that fails.
import { expect, test } from "vitest";
import { runGit, runGitPlain } from "../../src/facts/run-git.ts";
import { useRepos } from "../_repos.ts";

const repos = useRepos();
const env = { PATH: process.env.PATH, HOME: repos.root, LC_ALL: "C" };

test.each([
  [["status", "--porcelain=v1", "-z", "--untracked-files=all"], "dirty"],
  [["stash", "list", "--format=%gd"], "dirty"],
  [["clean", "-n", "-d"], "dirty"],
  [["status", "--porcelain"], "root"],
  [["rev-parse", "--verify", "--quiet", "no-such-branch^{commit}"], "clean"],
] as const)("git %j in %s", (args, where) => {
  const cwd = repos[where];
  const fast = runGit(args, cwd, env);
  expect(fast).toEqual(runGitPlain(args, cwd, env));
  if (where === "dirty") expect(fast.status).toBe(0);
  if (where === "dirty" && args[0] === "status") expect(fast.stdout).toContain("notes.txt");
  if (where === "root") expect(fast.stderr).toMatch(/not a git repository/);
});

test("a git that is not on PATH is no answer, never an empty one", () => {
  const ran = runGit(["status"], repos.dirty, { PATH: "/nonexistent" });
  expect(ran.status).not.toBe(0);
});
