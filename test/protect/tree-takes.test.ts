// A git command that takes hookit's own files out of the work tree switches the guards off as
// surely as deleting them: `git stash -u` puts an uncommitted project policy away until the stash
// comes back, `git stash` or `git reset --hard` puts a changed one back to the committed text, `git
// add -A && git reset --hard` deletes a new one. Self-protection asks git about those files (and
// only on a line with such a command), so the same commands pass where the policy is committed as
// it is, or where their pathspecs leave it alone. Real repositories, real git.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { selfProtectionBlock, type ProtectContext } from "../../src/protect/index.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-tree-takes-")));
const home = join(root, "home");
const env = { HOME: home, PATH: process.env.PATH ?? "/usr/bin:/bin" };
const gitEnv = { ...env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };

/** A repository with a commit; the policy untracked, committed as it is, or committed and then changed. */
function project(name: string, policy: "untracked" | "committed" | "changed"): string {
  const dir = join(root, name);
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, ".hookit"), { recursive: true });
  writeFileSync(join(dir, "src", "a.ts"), "export {};\n");
  writeFileSync(join(dir, ".hookit", "hookit.json"), "{}\n");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore", env: gitEnv });
  git("init", "-q");
  git("add", "src");
  if (policy !== "untracked") git("add", ".hookit");
  git("commit", "-qm", "init");
  if (policy === "changed") writeFileSync(join(dir, ".hookit", "hookit.json"), '{ "local": {} }\n');
  writeFileSync(join(dir, "src", "a.ts"), "export const a = 1;\n");
  return dir;
}

const dirs: Record<string, string> = {};
beforeAll(() => {
  mkdirSync(home, { recursive: true });
  for (const state of ["untracked", "committed", "changed"] as const) dirs[state] = project(state, state);
  // A project install's hook config, never committed (the agent reads it; no trusted copy stands in for it).
  dirs.agent = project("agent", "committed");
  mkdirSync(join(dirs.agent, ".claude"));
  writeFileSync(join(dirs.agent, ".claude", "settings.json"), "{}\n");
});

const blocked = (where: string, command: string) => {
  const ctx: ProtectContext = { cwd: dirs[where] as string, projectDir: dirs[where] as string, env };
  return selfProtectionBlock([{ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } }], ctx);
};

describe("a git command that takes the project's policy out of the work tree", () => {
  test.each([
    ["untracked", "git stash -u"],
    ["untracked", "git -C . stash -u"],
    ["untracked", "git stash -m wip -u"],
    ["untracked", "git stash push --include-untracked -m wip"],
    ["untracked", "git stash --all"],
    ["untracked", "git add -A && git stash"],
    ["untracked", "git add . && git reset --hard"],
    ["untracked", "git clean -fd"],
    ["untracked", "git -c clean.requireForce=false clean"],
    ["changed", "git stash"],
    ["changed", "git stash push -- .hookit"],
    ["changed", "git reset --hard"],
    ["changed", "git checkout -- ."],
    ["changed", "git restore ."],
    ["changed", "cd src && git checkout -f"],
    ["changed", "git diff | git apply -R"],
  ])("in a project whose policy is %s: %s", (where, command) => {
    expect(blocked(where, command)).toMatch(/self-protection — this call would change the project's hookit policy/);
  });

  test.each(["git stash -u", "git clean -fdx", "git add -A && git reset --hard"])(
    "an agent's hook config never committed: %s",
    (command) => {
      expect(blocked("agent", command)).toMatch(/self-protection — this call would change Claude Code's settings/);
    },
  );

  test.each([
    ["agent", "git stash"],
    ["untracked", "git stash"],
    ["untracked", "git reset --hard"],
    ["untracked", "git stash -u -- src"],
    ["untracked", "git clean -fd src"],
    ["committed", "git stash -u"],
    ["committed", "git reset --hard"],
    ["committed", "git checkout -- ."],
    ["changed", "git stash -- src"],
    ["changed", "git checkout -- src/a.ts"],
    ["changed", "git stash list"],
    ["changed", "git stash show -p"],
    ["changed", "git status"],
  ])("passes in a project whose policy is %s: %s", (where, command) => {
    expect(blocked(where, command)).toBeUndefined();
  });
});
