// `hookit.discards`: what a call would lose that git cannot bring back, read from a real
// repository at the time of the call (test/_repos.ts). Each form names what it would lose in the
// repository holding work, and nothing in the one with the same history and nothing to lose.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { useRepos } from "../_repos.ts";

const repos = useRepos();
// A plain copy of the clean tree, outside both repositories: the source of the copies below.
beforeAll(() => cpSync(repos.clean, `${repos.root}/clean-copy`, { recursive: true, filter: (from) => !from.endsWith("/.git") }));
const lost = (command: string, where: "dirty" | "clean" | "dangling", discards = true) => {
  const r = repos;
  const dir = r[where];
  const line = command
    .replaceAll("$WT_DIRTY", r.dirtyWorktree)
    .replaceAll("$WT_CLEAN", r.cleanWorktree)
    .replaceAll("$REPO", dir)
    .replaceAll("$CLEAN", `${r.root}/clean-copy`);
  const facts = deriveCommandFacts(line, { cwd: dir, env: { HOME: r.root, PATH: process.env.PATH }, discards });
  return (facts.discards ?? []).map((path) => (path.startsWith(`${dir}/`) ? path.slice(dir.length + 1) : path)).sort();
};

const EDITED = ["docs/guide.md", "src/app.ts"];
// [command, what it loses in the repository with work]; in the clean one it loses nothing.
const LOSES: Array<[string, string[]]> = [
  ["git reset --hard", EDITED],
  ["git reset --hard HEAD", EDITED],
  ["git reset --merge", EDITED],
  ["git reset --keep HEAD", EDITED],
  ["git checkout -- .", ["src/app.ts"]],
  ["git checkout .", ["src/app.ts"]],
  ["git checkout src/app.ts", ["src/app.ts"]],
  ["git checkout HEAD -- docs/guide.md", ["docs/guide.md"]],
  ["git checkout -f main", EDITED],
  ["git checkout --force feature", EDITED],
  ["git switch --discard-changes main", EDITED],
  ["git switch -f merged", EDITED],
  // `-p`: the answers come from what the agent feeds it (until 2026-12 `git checkout -p` counted as nothing)
  ["git checkout -p src/app.ts", ["src/app.ts"]],
  ["yes | git checkout -p", ["src/app.ts"]],
  ["yes | git checkout --patch HEAD -- docs", ["docs/guide.md"]],
  ["yes | git checkout -p HEAD", EDITED],
  ["yes | git restore -p src", ["src/app.ts"]],
  ["git restore .", ["src/app.ts"]],
  ["git restore --worktree src", ["src/app.ts"]],
  ["git restore --source=HEAD --staged --worktree .", EDITED],
  ["git clean -fd", ["notes.txt"]],
  // without -f: its answers on the input, or clean.requireForce turned off
  ["echo c | git clean -i", ["notes.txt"]],
  ["git -c clean.requireForce=false clean -d", ["notes.txt"]],
  // a patch hookit cannot read, applied: the working tree's own diff, reversed
  ["git diff | git apply -R", EDITED],
  ["git apply -R <(git diff)", EDITED],
  ["git diff -R > rev.patch && git apply rev.patch", EDITED],
  ["git diff | patch -R -p1", EDITED],
  ["git stash show -p | git apply --reverse --index", EDITED],
  ["git clean -f", ["notes.txt"]],
  ["git clean --force -x", ["notes.txt"]],
  ["git stash drop", ["stash@{0}"]],
  ["git stash drop stash@{0}", ["stash@{0}"]],
  ["git stash drop 0", ["stash@{0}"]],
  ["git stash clear", ["stash@{0}"]],
  ["git branch -D feature", ["refs/heads/feature"]],
  ["git branch --delete --force feature", ["refs/heads/feature"]],
  ["git rm -f src/app.ts", ["src/app.ts"]],
  ["git rm -rf .", EDITED],
  ["find src -delete", ["src/app.ts"]],
  ["find . -name '*.txt' -delete", ["notes.txt"]],
  ["find . -name '*.txt' -exec rm -f {} +", ["notes.txt"]],
  ["find . -type d -name src -exec rm -rf {} +", ["src/app.ts"]],
  ["find src -execdir rm -rf {} +", ["src/app.ts"]],
  ["rm -rf src", ["src/app.ts"]],
  ["rm -r docs", ["docs/guide.md"]],
  ["rm -rf *", [...EDITED, "notes.txt"]],
  ["rm src/*.ts", ["src/app.ts"]],
  ["rm -f *.txt", ["notes.txt"]],
  // Emptying or overwriting a file's text loses it as a delete does.
  ["truncate -s 0 src/*.ts", ["src/app.ts"]],
  ["truncate --size=0 *.txt", ["notes.txt"]],
  ["shred src/*", ["src/app.ts"]],
  // Every wrapper and spelling the facts see.
  ["sudo env git reset --hard", EDITED],
  // An operation given up puts the tree back: the edits made meanwhile go.
  ["git merge --abort", EDITED],
  ["git rebase --abort", EDITED],
  ["git cherry-pick --abort", EDITED],
  ["git revert --abort", EDITED],
  ["git am --abort", EDITED],
  ["git -C $REPO reset --hard", EDITED],
  ["cd /tmp && git -C $REPO checkout .", ["src/app.ts"]],
  ["sh -lc 'git reset --hard'", EDITED],
  ["bash -c 'git stash clear'", ["stash@{0}"]],
  ["cd src && git checkout .", ["src/app.ts"]],
  ["git --git-dir=.git --work-tree=. reset --hard", EDITED],
  ["git -c core.pager=cat reset --hard", EDITED],
  ["echo $(find src -delete)", ["src/app.ts"]],
  ["busybox find src -delete", ["src/app.ts"]],
  ["echo src | xargs rm -rf", ["src/app.ts"]],
  ["echo 'git reset --hard' | sudo sh", EDITED],
  ["echo . | xargs -I{} git checkout -- {}", ["src/app.ts"]],
  ["timeout 5 nice git clean -fd", ["notes.txt"]],
  ["command git branch -D feature", ["refs/heads/feature"]],
  ["env -P /usr/bin git reset --hard", EDITED],
  ["env - git reset --hard", EDITED],
  ["env -C $REPO git reset --hard", EDITED],
  ["parallel git clean -f {2} ::: x ::: -fd", ["notes.txt"]],
  ["parallel sh -c 'git clean -f {2}' ::: x ::: -ffdx", ["notes.txt"]],
  ["parallel --results out git stash clear ::: 1", ["stash@{0}"]],
  // A branch forced onto another commit, deleted by plumbing; plumbing that overwrites the work tree.
  ["git branch -f feature HEAD", ["refs/heads/feature"]],
  ["git branch -M feature", ["refs/heads/feature"]],
  ["git checkout -B feature", ["refs/heads/feature"]],
  ["git switch -C feature main", ["refs/heads/feature"]],
  ["git update-ref -d refs/heads/feature", ["refs/heads/feature"]],
  ["git checkout-index -f -a", ["src/app.ts"]],
  ["git read-tree -u --reset HEAD", EDITED],
  // A copy or move in bulk over files with work: what the sources have too.
  ["cp -rf $CLEAN/src .", ["src/app.ts"]],
  ["cp -r $CLEAN/. .", EDITED],
  ["mv $CLEAN/src/* src/", ["src/app.ts"]],
  ["cp $CLEAN/src/* src/", ["src/app.ts"]],
  ["rsync -a --delete $CLEAN/src/ src/", ["src/app.ts"]],
  // moved first, then deleted where it went: what it held is on the disk by its old name
  ["mv src kept && rm -rf kept", ["src/app.ts"]],
  ["git mv src kept && rm -rf kept", ["src/app.ts"]],
  ["mv src /tmp/hookit-moved-src; rm -rf /tmp/hookit-moved-src", ["src/app.ts"]],
  // moved away and back: a delete of it is of its own files (and reading the moves ends)
  ["mv src away; mv away src; rm -rf src", ["src/app.ts"]],
];

// Lose work in both repositories: the repository itself.
const ALWAYS: Array<[string, string[]]> = [
  ["rm -rf .git", [".git"]],
  ["rm -rf .", [".git"]],
  ["find . -delete", [".git"]],
  ["find . -type f -exec rm {} \\;", [".git"]],
];

// Nothing to lose in either: these must never be refused for work loss.
const NOTHING: string[] = [
  "git status",
  "git stash",
  "git stash pop",
  "git stash list",
  "git commit -am wip",
  "git reset",
  "git reset --soft HEAD",
  "git restore --staged .",
  "git checkout main",
  "git checkout -b topic",
  "git switch merged",
  "git clean -n -fd",
  "git clean --dry-run -fd",
  "git clean -fX",
  "git clean -fd dist",
  "git branch -D merged",
  "git branch -d feature",
  "git rm --cached src/app.ts",
  "git restore src/util.ts",
  "rm -rf dist node_modules",
  "rm -rf dist/*",
  "find . -name '*.log' -delete",
  "find dist -delete",
  "find . -name '*.pyc' -exec rm -f {} +",
  "find . -type d -name __pycache__ -exec rm -rf {} +",
  "find . -name '*.ts' -exec cat {} +",
  "rm build.log",
  "rm notes.txt",
  "rm -rf /tmp/hookit-scratch",
  "echo 'git reset --hard' > notes.md",
  "git log --oneline -- src",
  "git restore --help",
  "git merge --continue",
  "git rebase --continue",
  "git merge --no-ff feature",
  "git reset --hard --help",
  "git clean -fd -h",
  "parallel echo ::: a b ::: c d",
  // One file onto another by name is an edit the agent means; a copy to a new place loses nothing.
  "cp $CLEAN/src/app.ts src/app.ts",
  "mv README.md notes.txt",
  "cp -r $CLEAN/dist .",
  "cp -r $CLEAN/src newdir",
  "rm -rf a b",
  "git branch -f merged HEAD",
  "git checkout -B merged",
  "git branch -m main renamed",
  "git update-ref -d refs/tags/v1",
  "git reflog expire --all",
  "git gc",
  "git prune -n",
  // A recipe's names computed at run time are not judged as a delete of every file (a script's are not path facts).
  "printf 'clean:\\n\\trm -f $(wildcard *.o) $(OBJS)\\n' > mk.tmp && make -f mk.tmp clean",
];

describe("hookit.discards", () => {
  test.each(LOSES)("%s loses what only the work tree holds", (command, expected) => {
    expect(lost(command, "dirty")).toEqual([...expected].sort());
    expect(lost(command, "clean")).toEqual([]);
  });

  test.each(ALWAYS)("%s loses the repository itself", (command, expected) => {
    expect(lost(command, "clean")).toEqual(expected);
    expect(lost(command, "dirty")).toEqual(expect.arrayContaining(expected));
  });

  test.each(NOTHING)("%s loses nothing", (command) => {
    expect(lost(command, "dirty")).toEqual([]);
  });

  test("a worktree removed by force loses the edits in it, and nothing when it has none", () => {
    expect(lost("git worktree remove --force $WT_DIRTY", "dirty")).toEqual([`${repos.dirtyWorktree}/README.md`]);
    expect(lost("git worktree remove -f $WT_CLEAN", "dirty")).toEqual([]);
  });

  test("expiring the reflog now loses the commits only it keeps (the stash's), pruning the objects nothing reaches", () => {
    expect(lost("git reflog expire --expire=now --all", "dirty")).toEqual([
      expect.stringMatching(/^commit [0-9a-f]{7}/),
      expect.stringMatching(/^commit /),
    ]);
    expect(lost("git reflog expire --expire-unreachable=now --all", "clean")).toEqual([]);
    expect(lost("git prune", "dirty")).toEqual([]); // nothing dangles yet
    execFileSync("git", ["stash", "drop", "-q"], { cwd: repos.dangling });
    expect(lost("git prune", "dangling")).toEqual(
      expect.arrayContaining([expect.stringMatching(/^commit [0-9a-f]{7}$/), expect.stringMatching(/^blob /)]),
    );
    expect(lost("git gc --prune=now", "dangling").length).toBeGreaterThan(0);
    expect(lost("git gc --prune=2.weeks.ago", "dangling")).toEqual([]);
  });

  test("`update-ref` on HEAD moves or drops the branch HEAD stands for, or a detached HEAD's commits", () => {
    const dir = join(repos.root, "head-ref");
    mkdirSync(dir);
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: dir, stdio: "ignore" });
    git("init", "-q", "-b", "solo");
    git("commit", "-q", "--allow-empty", "-m", "only here");
    const at = (command: string) =>
      deriveCommandFacts(command, { cwd: dir, env: { HOME: repos.root, PATH: process.env.PATH }, discards: true }).discards;
    expect(at("git update-ref -d HEAD")).toEqual(["refs/heads/solo"]);
    expect(at("git update-ref -d @")).toEqual(["refs/heads/solo"]);
    git("branch", "copy");
    expect(at("git update-ref -d HEAD")).toEqual([]); // another branch holds its commits
    git("checkout", "-q", "--detach");
    git("commit", "-q", "--allow-empty", "-m", "detached");
    expect(at("git update-ref -d HEAD")).toEqual(["HEAD"]);
  });

  test("what hookit cannot know counts as a loss", () => {
    expect(lost("cd $UNKNOWN && git reset --hard", "clean")).toEqual(["unknown: the directory it runs in"]);
    expect(lost("git branch -D $B", "clean")).toEqual(["unknown: a branch name"]);
    expect(lost("git --work-tree=$W reset --hard", "clean")).toEqual(["unknown: a --git-dir or --work-tree hookit cannot know"]);
  });

  test("outside a repository nothing git tracks is at risk", () => {
    const facts = deriveCommandFacts("git reset --hard && rm -rf build", { cwd: repos.root, env: { HOME: repos.root }, discards: true });
    expect(facts.discards).toEqual([]);
  });

  test("the repository is read only when asked: a policy without the fact spawns no git", () => {
    expect(deriveCommandFacts("git reset --hard", { cwd: repos.dirty, env: { HOME: repos.root } }).discards).toBeUndefined();
    expect(deriveCommandFacts("git status", { cwd: repos.dirty, env: { HOME: repos.root }, discards: true }).discards).toBeUndefined();
  });
});
