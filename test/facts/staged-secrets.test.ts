// `git add -A` in a repository whose dotenv file git does not ignore copies the secret into the
// repository, one `git commit && git push` from leaving the machine (src/facts/programs-git.ts,
// stagedSecrets): it is a read of that file, which the starter's dotenv guard refuses. Each attack
// passed before; where git ignores the file, or outside a repository, the same lines pass.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-staged-")));
const repo = (name: string, ignore: string) => {
  const dir = join(root, name);
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, ".env"), "API_KEY=secret\n");
  writeFileSync(join(dir, "src", "a.ts"), "export {};\n");
  writeFileSync(join(dir, ".gitignore"), ignore);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  return dir;
};
const open = repo("open", "node_modules\n");
const ignoring = repo("ignoring", ".env\n");
const plain = join(root, "plain");
mkdirSync(plain);
writeFileSync(join(plain, ".env"), "API_KEY=secret\n");

const reads = (command: string, cwd: string) =>
  deriveCommandFacts(command, { cwd, projectDir: cwd, env: { HOME: root, PATH: process.env.PATH ?? "" } })
    .paths.filter((p) => p.effect === "read")
    .map((p) => p.path);

describe("a dotenv file git does not ignore, staged", () => {
  test.each([
    "git add -A",
    "git add .",
    "git add --all",
    "cd src && git add -A",
    "git add '*'",
    "git add ':/'",
    "git add --all && git commit -m wip",
  ])("%s reads it", (command) => {
    expect(reads(command, open)).toContain(join(open, ".env"));
  });

  test.each(["git add src", "git add -u", "git add '*.ts'", "git add -n .", "git add src/a.ts"])("%s does not", (command) => {
    expect(reads(command, open)).not.toContain(join(open, ".env"));
  });

  test("ignored by git, or outside a repository, nothing is staged from it", () => {
    expect(reads("git add -A", ignoring)).not.toContain(join(ignoring, ".env"));
    expect(reads("git add .", plain)).not.toContain(join(plain, ".env"));
  });
});
