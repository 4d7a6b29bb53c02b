// A program is judged by what it is, not what it is called (issue 30, "program identity"):
// a copy of git kept from an earlier call (even with bytes appended), a link to it, or a
// name PATH finds for it is also read as git; a copy of a program no guard names stays itself.
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { onPath } from "../../src/facts/identity.ts";

const PATH = process.env.PATH ?? "/usr/bin:/bin";
const git = onPath("git", { PATH });
const ls = onPath("ls", { PATH });
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "hookit-identity-"));
  mkdirSync(join(dir, "bin"));
  copyFileSync(git!, join(dir, "gg"));
  appendFileSync(join(dir, "gg"), "padding"); // still runs; its first 64 KiB are git's
  symlinkSync(git!, join(dir, "bin", "vcs"));
  copyFileSync(ls!, join(dir, "lister"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const programs = (command: string, path = PATH) =>
  deriveCommandFacts(command, { cwd: dir, env: { PATH: path, HOME: dir } }).commands.map(
    (c) => `${c.program} ${c.argv.slice(1).join(" ")}`,
  );

describe.runIf(git && ls)("a program by what it is", () => {
  test("a copy of git kept from an earlier call is judged as git too", () => {
    expect(programs("./gg push -f")).toEqual(["git push -f", "gg push -f"]);
  });

  test("a name PATH finds for git (a link) is judged as git too", () => {
    expect(programs("vcs push -f", `${join(dir, "bin")}:${PATH}`)).toEqual(["git push -f", "vcs push -f"]);
  });

  test("a copy of a program no guard names, and git under its own name, stay what they are", () => {
    expect(programs("./lister -la")).toEqual(["lister -la"]);
    expect(programs("git status")).toEqual(["git status"]);
  });
});

// macOS's file system ignores case: `GIT` runs git there. On Linux the shell finds nothing, so
// reading the line as git refuses only what could not run anyway.
describe("a known program named in another case", () => {
  test("is judged as that program too", () => {
    expect(programs("GIT push -f")).toEqual(["git push -f", "GIT push -f"]);
    expect(programs("Rm -rf src")).toEqual(["rm -rf src", "Rm -rf src"]);
    expect(programs("/usr/bin/GIT push -f")).toEqual(["git push -f", "GIT push -f"]);
  });

  test("a name no program has in any case stays itself", () => {
    expect(programs("FOO -rf src")).toEqual(["FOO -rf src"]);
  });
});
