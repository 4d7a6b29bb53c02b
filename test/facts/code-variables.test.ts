// Variables a line sets that make a program load code first (src/facts/code-variables.ts), and a
// process substitution inside a word (`X=<(…)`, `-o>(sh)`), which bash reads as part of that word.
// Each file a variable names is judged as the file run by hand, where the variable is set.
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";

const dir = realpathSync(mkdtempSync(join(tmpdir(), "hookit-code-vars-")));
const home = join(dir, "home");
const facts = (command: string) => deriveCommandFacts(command, { cwd: dir, env: { HOME: home, PATH: "/usr/bin:/bin" } });
const deletes = (command: string) =>
  facts(command)
    .paths.filter((p) => p.effect === "delete")
    .map((p) => p.path);

describe("variables that load code", () => {
  test.each([
    "echo 'rm -rf ~' > x.sh && BASH_ENV=./x.sh bash -c true",
    "echo 'rm -rf ~' > x.sh && export ENV=./x.sh && sh -i -c true",
    `echo 'require("fs").rmSync(require("os").homedir(), { recursive: true })' > e.js && NODE_OPTIONS='--require ./e.js' node -v`,
    `echo 'require("fs").rmSync(require("os").homedir(), { recursive: true })' > e.mjs && NODE_OPTIONS=--import=./e.mjs npm test`,
    `echo 'import shutil, os; shutil.rmtree(os.path.expanduser("~"))' > sitecustomize.py && PYTHONPATH=.:lib python3 -c 1`,
    `echo 'import shutil, os; shutil.rmtree(os.path.expanduser("~"))' > s.py && PYTHONSTARTUP=s.py python3`,
  ])("%s runs what the file says", (command) => {
    expect(deletes(command)).toContain(home);
  });

  test.each(["LD_PRELOAD=./evil.so ls", "PERL5OPT=-Mevil perl x.pl", "RUBYOPT=-revil ruby x.rb"])("%s is marked", (command) => {
    expect(facts(command).unresolved.some((reason) => reason.endsWith("loads code hookit cannot read"))).toBe(true);
  });

  test.each(["NODE_OPTIONS=--max-old-space-size=4096 npm run build", "PYTHONPATH=src true", "BASH_ENV= bash -c true"])(
    "%s loads nothing",
    (command) => {
      expect(deletes(command)).toEqual([]);
      expect(facts(command).unresolved).toEqual([]);
      expect(facts(command).commands.map((c) => c.program)).not.toContain("python3");
    },
  );
});

describe("a process substitution inside a word", () => {
  test("an assignment's value: the program is the next word", () => {
    const read = facts("BASH_ENV=<(echo 'rm -rf ~') bash -c true");
    expect(read.commands.map((c) => c.program)).toContain("bash");
    expect(read.commands.some((c) => c.program.startsWith("/dev/fd") || c.argv[0] === "/dev/fd/63")).toBe(false);
    expect(read.unresolved).toContain(". runs a command's output");
  });

  test.each([
    ["echo a<(true)", ["echo", "a/dev/fd/63"]],
    ["curl -s http://127.0.0.1/ -o>(cat)", ["curl", "-s", "http://127.0.0.1/", "-o/dev/fd/63"]],
  ])("%s", (command, argv) => {
    expect(facts(command).commands.at(-1)?.argv).toEqual(argv);
  });
});
