// A git command that replaces a protected file with another commit's version (src/facts/tree-brings.ts):
// the policy rolled back to before a guard was added, or replaced by one a commit made by plumbing
// holds. Each attack passed before: only files with uncommitted changes were looked at.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { selfProtectionBlock, type ProtectContext } from "../../src/protect/index.ts";

let ctx: ProtectContext;

beforeAll(() => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-tree-brings-")));
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(join(project, ".hookit"), { recursive: true });
  mkdirSync(home);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: project, stdio: "ignore" });
  const commit = (file: string, text: string, message: string) => {
    mkdirSync(join(project, file, ".."), { recursive: true });
    writeFileSync(join(project, file), text);
    git("add", "-A");
    git("commit", "-q", "-m", message);
  };
  git("init", "-q", "-b", "main");
  commit(".hookit/hookit.json", '{"local":{}}', "a policy without guards");
  git("branch", "before");
  commit(".hookit/hookit.json", '{"local":{"guard":{}}}', "a guard added");
  git("branch", "docs");
  git("checkout", "-q", "docs");
  commit("README.md", "docs\n", "docs only");
  git("checkout", "-q", "-b", "evil", "main");
  commit(".claude/settings.local.json", '{"disableAllHooks":true}', "hooks off");
  git("checkout", "-q", "main");
  ctx = { cwd: project, projectDir: project, env: { HOME: home, PATH: process.env.PATH } };
});

const refused = (command: string) =>
  selfProtectionBlock(
    [{ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command: command.replaceAll("$P", ctx.projectDir) } }],
    ctx,
  );

describe("another commit's version of a protected file", () => {
  test.each([
    "git reset --hard HEAD~1",
    "git reset --hard before",
    "git checkout HEAD~1",
    "git checkout --detach before",
    "git switch before",
    "git switch --detach HEAD~1",
    "git checkout -b rollback before",
    "git switch -c rollback before",
    "git switch --orphan empty",
    "git merge evil",
    "git merge --ff-only evil",
    "git rebase evil",
    "git cherry-pick evil",
    "git revert HEAD",
    "git checkout evil -- .claude",
    "git checkout evil .",
    "git restore --source evil --worktree .",
    "git read-tree -u -m before",
    'git checkout "$REF"',
    "sh -c 'git reset --hard HEAD~1'",
    "cd /tmp && git -C $P reset --hard HEAD~1",
    "git --git-dir=.git --work-tree=. checkout HEAD~1",
    // sparse checkout: what lies outside its folders leaves the work tree
    "git sparse-checkout set src",
    "git sparse-checkout init",
  ])("refused: %s", (command) => {
    expect(refused(command)).toBeDefined();
  });

  test.each([
    "git checkout docs",
    "git switch docs",
    "git merge docs",
    "git merge before",
    "git checkout -b feature",
    "git reset --hard",
    "git reset --soft HEAD~1",
    "git log --oneline before..main",
    "git diff before -- .hookit",
    "git checkout -- README.md",
    "git rebase --abort",
    "git stash list",
    "git sparse-checkout disable",
    "cd /tmp && git -C $P checkout docs",
    "git sparse-checkout list",
  ])("passes: %s", (command) => {
    expect(refused(command)).toBeUndefined();
  });
});
