// Issue 32: self-protection had a lexer and program tables of its own beside the
// command facts, and the two readers disagreed. Now self-protection is a rule
// over the facts. Each case below is one place where they disagreed. The
// comment on each group says which way it was settled. Every case failed on the
// tree that still had two readers.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { selfProtectionBlock, type ProtectContext } from "../../src/protect/index.ts";

let ctx: ProtectContext;
let project: string;

beforeAll(() => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-one-reading-")));
  const home = join(root, "home");
  project = join(root, "project");
  for (const dir of [
    join(home, ".config", "hookit"),
    join(home, ".local", "state", "hookit"),
    join(project, ".hookit"),
    join(project, "src"),
  ])
    mkdirSync(dir, { recursive: true });
  writeFileSync(join(project, ".hookit", "hookit.json"), "{}");
  writeFileSync(join(home, ".config", "hookit", "hookit.json"), "{}");
  writeFileSync(join(project, "notes.txt"), "notes");
  ctx = { cwd: project, projectDir: project, env: { HOME: home, PATH: "/usr/bin:/bin" } };
});

const verdict = (command: string) =>
  selfProtectionBlock([{ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } }], ctx);
const effects = (command: string) =>
  deriveCommandFacts(command, { cwd: project, env: ctx.env }).paths.map(
    (p) => `${p.effect}${p.recursive ? " -r" : ""} ${p.lexical.replace(project, ".")}`,
  );

describe("the conservative reader let these pass; the facts follow what they run, so they are refused", () => {
  test.each([
    // Code and scripts the line hands an interpreter or a shell: the facts read the code's own deletes.
    `perl -e "system('rm -rf /')"`,
    `ruby -e "FileUtils.rm_rf('/')"`,
    `bash <<< "rm -rf /"`,
    `echo $((1+$(rm -rf /)))`,
    // Commands run by another program, which the reader did not unwrap.
    `parallel rm -rf {} ::: /`,
    `busybox find . -delete`,
    // Setting the guard variables without `=` on the same word.
    `read HOOKIT <<< 0; export HOOKIT; claude -p hi`,
    `printf -v HOOKIT 0; export HOOKIT`,
  ])("%s", (command) => {
    expect(verdict(command)).toMatch(/^hookit: blocked by self-protection — /);
  });
});

describe("the reader refused these honest commands; the facts know they leave hookit's files alone, so they pass", () => {
  test.each([
    // `{}` is what find matched (`*.txt`), not the folder it started from.
    `find . -name '*.txt' -exec rm {} \\;`,
    `find . -exec echo -delete \\; -print`,
    // A dry run changes nothing.
    `rsync -n -a src/ .hookit/`,
  ])("%s", (command) => {
    expect(verdict(command)).toBeUndefined();
  });
});

describe("the facts now record what self-protection knew, so a policy on hookit.* sees it too", () => {
  test.each([
    // Self-protection counted these as deletes; the facts said only `access`.
    ["srm -r /tmp/x", ["delete -r /tmp/x"]],
    ["trash notes.txt", ["delete ./notes.txt"]],
    ["trash-put notes.txt", ["delete ./notes.txt"]],
    // A mode change with -R reaches everything below.
    ["chmod -R 000 src", ["write -r ./src"]],
    // A hard link is a second name through which the file is written.
    ["ln notes.txt alias.txt", ["write ./alias.txt", "write ./notes.txt"]],
    // git's own removal and move of a work tree, and a stash that puts the committed version back.
    ["git worktree remove --force /tmp/hookit-wt", ["delete -r /tmp/hookit-wt"]],
    ["git stash push -- notes.txt", ["read ./notes.txt", "write ./notes.txt"]],
    // Commands that only read the history: a read, not an unknown use.
    ["git log -p -- notes.txt", ["read ./notes.txt"]],
    ["git blame notes.txt", ["read ./notes.txt"]],
    // Refs and remotes are not files.
    ["git push origin feature/x", []],
  ] as const)("%s", (command, expected) => {
    expect(effects(command)).toEqual(expected);
  });
});
