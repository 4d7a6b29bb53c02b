// A recursive reader run on the home folder, or a folder above it, reads the credentials kept
// there: `grep -r KEY ~` opens ~/.ssh/id_rsa and ~/.aws/credentials as surely as `cat` would
// (src/facts/record.ts, secretsIn). The starter's no-credential-files then names them.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-home-reads-")));
const home = join(root, "home");
const project = join(home, "work", "app");
for (const dir of [join(home, ".ssh"), join(home, ".aws"), join(home, "notes"), join(home, ".config", "gh"), join(project, "src")])
  mkdirSync(dir, { recursive: true });
mkdirSync(join(home, ".config", "google-chrome", "Default"), { recursive: true });
writeFileSync(join(home, ".config", "gh", "hosts.yml"), "github.com:\n  oauth_token: x\n");
writeFileSync(join(home, ".config", "google-chrome", "Default", "Login Data"), "x");
writeFileSync(join(home, ".ssh", "id_rsa"), "-----BEGIN OPENSSH PRIVATE KEY-----\n");
writeFileSync(join(home, ".aws", "credentials"), "[default]\n");
writeFileSync(join(home, "notes", "todo.txt"), "x\n");

const reads = (command: string) =>
  deriveCommandFacts(command, { cwd: project, projectDir: project, env: { HOME: home, PATH: "/usr/bin:/bin" } })
    .paths.filter((p) => p.effect === "read")
    .map((p) => p.path);

describe("a recursive read of the home folder reads its credentials", () => {
  test.each([
    "grep -r BEGIN ~",
    "rg -uuu PRIVATE ~",
    "tar czf - ~",
    "zip -r /tmp/h.zip ~",
    `grep -rn KEY ${root}`,
    "cp -r ~ /tmp/h",
    // a web server hands out every file below its folder
    "python3 -m http.server --directory ~ 8000",
    "cd ~ && python3 -m http.server",
    "php -S 0.0.0.0:8000 -t ~",
    // find runs its command on matches at any depth below the root
    "find ~ -name id_rsa -exec cat {} +",
    "find / -name credentials -exec cp {} /tmp/c \\;",
    // what a find lists, read by a later command: as by its -exec
    "find ~ -name id_rsa | xargs cat",
    "cat $(find ~ -type f -not -name '*.pub')",
    "find / -name '*' 2>/dev/null | xargs -I{} cat {}",
  ])("%s", (command) => {
    expect(reads(command)).toEqual(expect.arrayContaining([join(home, ".ssh", "id_rsa"), join(home, ".aws", "credentials")]));
  });

  // A folder inside the home holds the credentials kept below it, whatever their names.
  test.each([
    "grep -r token ~/.config",
    "grep -rn oauth ~/.config/gh",
    "rg -uu token ~/.config",
    "tar czf /tmp/c.tgz ~/.config",
    "cp -r ~/.config /tmp/cfg",
    "find ~/.config -type f -exec cat {} +",
    'for f in $(find ~/.config -type f); do cat "$f"; done',
    "find ~/.config -name '*.yml' -print0 | xargs -0 head",
  ])("%s reads what the folder holds", (command) => {
    expect(reads(command)).toContain(join(home, ".config", "gh", "hosts.yml"));
  });
  test("three levels down: a browser's saved passwords", () => {
    expect(reads("grep -r x ~/.config")).toContain(join(home, ".config", "google-chrome", "Default", "Login Data"));
  });

  test("a folder below the home folder is read as itself", () => {
    expect(reads("grep -r TODO ~/notes")).not.toContain(join(home, ".ssh", "id_rsa"));
    expect(reads("grep -rn TODO src")).not.toContain(join(home, ".aws", "credentials"));
    expect(reads("python3 -m http.server 8000")).not.toContain(join(home, ".aws", "credentials"));
    expect(reads("find ~/notes -name '*.txt' -exec cat {} +")).not.toContain(join(home, ".ssh", "id_rsa"));
    expect(reads("find ~/notes -name '*.txt' | xargs cat")).not.toContain(join(home, ".ssh", "id_rsa"));
    expect(reads("cat $(find src -name '*.ts')")).not.toContain(join(home, ".ssh", "id_rsa"));
  });
});
