// The starter guard `no-work-loss` on every agent's payload shape, in a repository with
// history (test/_repos.ts): a call that would lose uncommitted work is refused, and the refusal
// names what would be lost; the same call where nothing would be lost runs.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { useRepos } from "../_repos.ts";
import { AGENTS, type Box, decide, useStarterBox } from "./_agents.ts";

// The starter's home (`hookit init --global`), with the repositories as the project.
const starter = useStarterBox();
const repos = useRepos();
const box = (where: "dirty" | "clean"): Box => ({ ...starter(), project: repos[where] });

// [command, a name the refusal must give]
const CASES: Array<[string, string]> = [
  ["git reset --hard", "src/app.ts"],
  ["git checkout -- .", "src/app.ts"],
  ["git checkout HEAD -- docs/guide.md", "docs/guide.md"],
  ["git switch --discard-changes main", "docs/guide.md"],
  ["git restore .", "src/app.ts"],
  ["git clean -fd", "notes.txt"],
  ["git stash clear", "stash@{0}"],
  ["git stash drop stash@{0}", "stash@{0}"],
  // What the line's own stash took away is what its drop or clear throws away.
  ["git stash && git stash drop", "src/app.ts"],
  ["git stash push -u -m wip; git stash clear", "notes.txt"],
  ["git branch -D feature", "refs/heads/feature"],
  // a forced rename or copy onto a branch replaces it
  ["git branch -M merged feature", "refs/heads/feature"],
  ["git branch -f -c merged feature", "refs/heads/feature"],
  // a piece of the repository itself: a branch's ref file
  ["rm -rf .git/refs/heads/feature", ".git/refs/heads/feature"],
  ["rm -rf src", "src/app.ts"],
  ["rm src/*.ts", "src/app.ts"],
  ["find src -delete", "src/app.ts"],
  ["sudo env git reset --hard", "src/app.ts"],
  ["sh -lc 'git reset --hard'", "src/app.ts"],
  ["cd src && git checkout .", "src/app.ts"],
  // A delete of files the line only learns as it runs: anything with work may be among them.
  ["git diff --name-only | xargs rm", "src/app.ts"],
  ["rm $(git ls-files -m)", "notes.txt"],
  ['git ls-files -m | while read f; do rm "$f"; done', "src/app.ts"],
  ["cat list.txt | xargs rm -f", "src/app.ts"],
  // What a find lists is what its own -delete would remove.
  ["find src -type f | xargs rm -f", "src/app.ts"],
  ["rm -f $(find . -name '*.ts')", "src/app.ts"],
  // npm's deleters, run through a package runner
  ["npx rimraf src", "src/app.ts"],
  ["pnpm dlx del-cli 'src/**'", "src/app.ts"],
  ["bun x rimraf src", "src/app.ts"],
  // other languages' spellings of a delete or a shell line
  ["pwsh -c 'Remove-Item -Recurse -Force src'", "src/app.ts"],
  ["pwsh -NoProfile -Command 'git reset --hard'", "src/app.ts"],
  ["echo 'file delete -force src' | tclsh", "src/app.ts"],
  ["expect -c 'spawn git reset --hard; expect eof'", "src/app.ts"],
  [`emacs --batch --eval '(delete-directory "src" t)'`, "src/app.ts"],
  [`emacs --batch --eval '(shell-command "git checkout .")'`, "src/app.ts"],
  [`osascript -e 'do shell script "git reset --hard"'`, "src/app.ts"],
  [`deno eval 'Deno.removeSync("src", { recursive: true })'`, "src/app.ts"],
  // programs whose own commands run a shell line: a debugger, a pager, man's pager
  ["gdb -batch -ex 'shell git reset --hard'", "src/app.ts"],
  ["gdb -batch -ex run --args git reset --hard", "src/app.ts"],
  ["lldb -o 'platform shell git reset --hard'", "src/app.ts"],
  ["less '+!git checkout .' src/app.ts", "src/app.ts"],
  ["LESS='+!git checkout .' less src/app.ts", "src/app.ts"],
  ["man -P 'git reset --hard' git", "src/app.ts"],
  ["man --pager='git reset --hard' git", "src/app.ts"],
  // a config file git reads from its input: an alias in it runs
  ["printf '[alias]\\n\\tx = !git reset --hard\\n' | git -c include.path=/dev/stdin x", "src/app.ts"],
];

// A delete whose files are known, or a find that lists nothing with work, loses nothing.
const SPARED = [
  "find . -name '*.orig' | xargs rm -f",
  "rm -f $(find . -name '*.tmp')",
  "rm -f $TMPDIR/hookit-test.log",
  'tmp=$(mktemp) && echo x > "$tmp" && rm -f "$tmp"',
  "ls *.log | xargs rm -f",
  // a loop over known words: each name is known, so each is one file by name
  'for f in a b; do rm -f "$f.bak"; done',
  'for n in 1 2 3; do rm -f "out$n.log"; done',
  // the same programs doing everyday work
  "npx rimraf dist",
  "npx del-cli 'src/*.log'",
  "pwsh -c 'Get-ChildItem; Write-Host hi'",
  "echo 'puts hi' | tclsh",
  "expect -c 'spawn git status; expect eof'",
  `emacs --batch --eval '(message "hi")'`,
  `osascript -e 'display notification "hi"'`,
  "deno eval 'console.log(1)'",
  "gdb -batch -ex bt -ex 'info registers' ./a.out core",
  "less +G src/app.ts",
  "LESS=-R less src/app.ts",
  "man -P cat git",
];

describe.each(Object.keys(AGENTS))("no-work-loss on %s", (agent) => {
  test.each(CASES)("%s is refused where it would lose work, naming it", async (command, named) => {
    const reason = await decide(box("dirty"), agent, { kind: "bash", command });
    expect(reason).toMatch(/hook "no-work-loss" rejected/);
    expect(reason).toContain(named);
    expect(reason).toMatch(/Keep the work first/);
  });
  test.each(CASES)("%s runs where nothing would be lost", async (command) => {
    expect(await decide(box("clean"), agent, { kind: "bash", command })).toBeUndefined();
  });
});

test.each(SPARED)("%s runs beside uncommitted work", async (command) => {
  expect(await decide(box("dirty"), "claude", { kind: "bash", command })).toBeUndefined();
});

test.each(Object.keys(AGENTS))("on %s, a call is judged from the folder the agent's shell is in", async (agent) => {
  // The session went `cd docs`: git clean there has no untracked file to remove (notes.txt is at the root).
  const docs: Box = { ...box("dirty"), project: join(repos.dirty, "docs") };
  expect(await decide(docs, agent, { kind: "bash", command: "git clean -fd" })).toBeUndefined();
  // From docs, `.` is docs: its staged edit goes, src/app.ts (elsewhere) is not named.
  const reason = await decide(docs, agent, { kind: "bash", command: "git checkout HEAD -- ." });
  expect(reason).toMatch(/cannot bring back: guide\.md\. It was not run/);
  const src: Box = { ...box("dirty"), project: join(repos.dirty, "src") };
  expect(await decide(src, agent, { kind: "bash", command: "rm -rf *" })).toMatch(/cannot bring back: app\.ts\. It was not run/);
});

test("the built binary refuses it too, and lets it run on a clean tree", async () => {
  const call = { kind: "bash" as const, command: "git reset --hard" };
  expect(await decide(box("dirty"), "claude", call, { process: true })).toMatch(
    /would lose work git cannot bring back: docs\/guide\.md, src\/app\.ts \(2\)/,
  );
  expect(await decide(box("clean"), "claude", call, { process: true })).toBeUndefined();
});
