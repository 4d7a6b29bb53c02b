// gitIgnored says whether git ignores a file, so that a search tool (ripgrep)
// is not judged to open a dotenv file it skips. It is checked against git
// itself (`git check-ignore`) on every rule shape below; where it cannot be
// sure it must answer "not ignored" (the strict side), never the reverse.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { gitIgnored, globMatcher } from "../../src/facts/ignored.ts";
import { secretsUnder } from "../../src/facts/tree.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-ignored-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

/** A fresh git work tree with these files (path → content); returns its folder. */
function tree(files: Record<string, string>): string {
  const dir = join(root, `t${count++}`);
  mkdirSync(dir, { recursive: true });
  execFileSync("git", ["init", "-q", dir]);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

// git without the machine's global excludes file (hookit does not read it).
const gitEnv = { ...process.env, HOME: root, XDG_CONFIG_HOME: root, GIT_CONFIG_NOSYSTEM: "1" };
const gitSays = (dir: string, file: string) =>
  spawnSync("git", ["-C", dir, "check-ignore", "-q", "--no-index", file], { env: gitEnv }).status === 0;

const SECRETS = [".env", ".env.local", "config/.env", "config/deep/.env.production", "sub/.env"];
const RULES: Array<[string, Record<string, string>]> = [
  ["a name", { ".gitignore": ".env\n" }],
  ["a name with a star", { ".gitignore": ".env*\n" }],
  ["a leading star", { ".gitignore": "*.env\n*.local\n" }],
  ["anchored at the root", { ".gitignore": "/.env\n" }],
  ["a path below the root", { ".gitignore": "config/.env\n" }],
  ["any depth", { ".gitignore": "**/.env\n" }],
  ["a folder", { ".gitignore": "config/\n" }],
  ["everything in a folder", { ".gitignore": "config/**\n" }],
  ["a re-included file", { ".gitignore": ".env*\n!.env.local\n" }],
  ["no re-include out of an ignored folder", { ".gitignore": "config/\n!config/.env\n" }],
  ["a nested .gitignore", { "config/.gitignore": ".env\n", ".gitignore": "# none here\n" }],
  ["a nested re-include", { ".gitignore": ".env\n", "config/.gitignore": "!.env\n" }],
  ["info/exclude", { ".git/info/exclude": ".env\n" }],
  ["comments, blanks and trailing spaces", { ".gitignore": "# .env\n\n.env.local   \n" }],
  ["a trailing tab is part of the name", { ".gitignore": ".env\t\n" }],
  ["an escaped trailing space", { ".gitignore": ".env\\ \n" }],
  ["CRLF line ends", { ".gitignore": ".env\r\n.env.local\r\n" }],
  ["a character class", { ".gitignore": ".env.[lp]*\n" }],
  ["a question mark", { ".gitignore": ".en?\n" }],
  ["an escaped hash", { ".gitignore": "\\#.env\n" }],
  ["a directory-only rule that names a file", { ".gitignore": ".env/\n" }],
  ["everything", { ".gitignore": "*\n" }],
  ["everything but dotenv files", { ".gitignore": "*\n!.env*\n!*/\n" }],
];

describe("gitIgnored agrees with git check-ignore", () => {
  test.each(RULES)("%s", (_name, ignores) => {
    const dir = tree({ ...Object.fromEntries(SECRETS.map((path) => [path, "K=1\n"])), ...ignores });
    for (const file of SECRETS) expect(gitIgnored(join(dir, file)), file).toBe(gitSays(dir, file));
  });

  test("outside a git work tree nothing is ignored", () => {
    const dir = join(root, "plain");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, ".gitignore"), ".env\n");
    writeFileSync(join(dir, ".env"), "K=1\n");
    expect(gitIgnored(join(dir, ".env"))).toBe(false);
  });

  test("a rule hookit cannot read leaves the file searched (the strict side)", () => {
    const dir = tree({ ".env": "K=1\n", ".gitignore": "**.env\n[.env\n" });
    expect(gitIgnored(join(dir, ".env"))).toBe(false);
  });
});

describe("a search that respects git's rules skips the secrets it ignores", () => {
  test("secretsUnder with gitIgnore lists only what git does not ignore", () => {
    const dir = tree({ ".env": "K=1\n", "config/.env": "K=2\n", ".gitignore": "/.env\n" });
    expect(secretsUnder(dir, { gitIgnore: true }).paths).toEqual([join(dir, "config/.env")]);
    expect(secretsUnder(dir).paths).toEqual([join(dir, ".env"), join(dir, "config/.env")]);
  });
});

describe("globMatcher reads a search tool's glob as ripgrep does", () => {
  const cases: Array<[string, string, boolean]> = [
    ["*", ".env", true],
    [".env*", "config/.env.local", true],
    ["*.ts", ".env", false],
    ["*.{ts,env}", "x.env", true],
    ["*.{ts,md}", ".env", false],
    ["**/.env", "a/b/.env", true],
    ["config/*", "config/.env", true],
    ["config/*", "other/.env", false],
  ];
  test.each(cases)("%s on %s is %s", (glob, path, expected) => {
    expect(globMatcher(glob)?.(path)).toBe(expected);
  });
});
