// Strict git: for projects where history is shared and reviewed, the git commands that
// rewrite it, drop what could bring it back, or bypass review by pushing straight to the
// main branch. Losing uncommitted work (reset --hard, clean, checkout --, worktree remove) is
// judged on the repository's real state by the starter's work-loss guard, with or without this pack.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";

/** git's options before the subcommand that take the next word (`git -C repo push`). */
const GIT_VALUES = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"];

/** A refspec whose destination is the main branch: `main`, `HEAD:master`, `+main`, `refs/heads/master`. */
const TO_MAIN = "^\\+?([^:]*:)?(refs/heads/)?(main|master)$";

const REVIEW = "push a branch and open a pull request, or ask the user";

export const strictGit = (): Pack =>
  pack({
    id: "strict-git",
    title: "Strict git (history rewrites, recovery data, direct pushes to main/master)",
    valueOptions: { git: GIT_VALUES },
    rules: [
      {
        id: "push-main",
        programs: ["git"],
        sub: ["push"],
        when: { operand: TO_MAIN },
        ask: true,
        reason: "it pushes straight to the main branch, past review",
        instead: REVIEW,
      },
      {
        id: "push-delete",
        programs: ["git"],
        sub: ["push"],
        // `git push origin --delete x`, `-d x`, or a refspec with nothing before its colon (`:x`)
        when: { any: ["--delete", "-d"] },
        ask: true,
        reason: "it deletes a branch or tag on the remote, for everyone who works from it",
        instead: "ask the user",
      },
      {
        id: "push-delete-refspec",
        programs: ["git"],
        sub: ["push"],
        when: { operand: "^:[^:]+$" },
        ask: true,
        reason: "it deletes a branch or tag on the remote, for everyone who works from it",
        instead: "ask the user",
      },
      {
        id: "rewrite-history",
        programs: ["git"],
        sub: ["filter-branch|filter-repo"],
        reason: "it rewrites every commit it touches, and the rewritten history replaces the shared one on the next push",
        instead: "ask the user to run it",
      },
      {
        id: "rebase",
        programs: ["git"],
        sub: ["rebase"],
        unless: { any: ["--abort", "--continue", "--skip", "--quit", "--show-current-patch", "--edit-todo"] },
        ask: true,
        reason: "it rewrites the branch's commits",
        instead: "merge instead, or ask the user",
      },
      {
        id: "amend",
        programs: ["git"],
        sub: ["commit"],
        when: { any: ["--amend"] },
        ask: true,
        reason: "it replaces the last commit, which may already be pushed",
        instead: "make a new commit, or ask the user",
      },
      {
        id: "cherry-pick",
        programs: ["git"],
        sub: ["cherry-pick"],
        unless: { any: ["--abort", "--continue", "--skip", "--quit"] },
        ask: true,
        reason: "it copies commits onto this branch, where they are later merged twice",
        instead: "merge the branch that holds them, or ask the user",
      },
      {
        id: "expire-reflog",
        programs: ["git"],
        sub: ["reflog", "expire|delete"],
        reason: "the reflog is what brings back commits a reset or rebase dropped",
        instead: "leave the reflog to expire on its own",
      },
      {
        id: "gc-prune",
        programs: ["git"],
        sub: ["gc"],
        when: { any: ["--prune", "--aggressive"] },
        reason: "it deletes unreachable commits now, the ones a reset or rebase dropped",
        instead: "leave it to git's automatic gc and its two-week grace period",
      },
      {
        id: "prune",
        programs: ["git"],
        sub: ["prune"],
        unless: { any: ["--dry-run", "-n"] },
        reason: "it deletes unreachable objects, the ones a reset or rebase dropped",
        instead: "run it with `--dry-run` and show the user",
      },
      {
        id: "submodule-deinit",
        programs: ["git"],
        sub: ["submodule", "deinit"],
        ask: true,
        reason: "it removes a submodule's working tree and configuration",
        instead: "ask the user",
      },
    ],
  });
