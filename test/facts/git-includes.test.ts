// Config files git reads besides the repository's own (src/facts/git-includes.ts): what a file
// an include or GIT_CONFIG_GLOBAL names would have git run is judged as run, at the call that sets
// it and at every later git command that reads it; and the repository's own config and hooks are
// not files a shell or file tool may write (src/facts/record.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { configSettings } from "../../src/facts/git-config.ts";
import { deriveCommandFacts, derivePathFacts } from "../../src/facts/index.ts";
import { useProject } from "./_project.ts";

const project = useProject();
mkdirSync(join(project.dir, ".git", "hooks"), { recursive: true });
writeFileSync(join(project.dir, ".git", "HEAD"), "ref: refs/heads/main\n");
const EVIL = join(project.root, "evil.cfg");
writeFileSync(EVIL, '[core]\n\tfsmonitor = "cat .env" # watches\n');

const facts = (command: string) => deriveCommandFacts(command, { cwd: project.dir, projectDir: project.dir, env: project.env });
const readsDotenv = (command: string) => facts(command).paths.some((p) => p.effect === "read" && p.path === join(project.dir, ".env"));

describe("a config file's settings", () => {
  test("sections, subsections, quotes and comments are read as git reads them", () => {
    const text =
      '# mine\n[core]\n\tpager = less -R ; paging\n[diff "img"]\n\ttextconv = "exif \\"x\\""\n[Alias]\n\tst = !git status\n\tbare\n';
    expect(configSettings(text)).toEqual([
      { key: "core.pager", value: "less -R" },
      { key: "diff.img.textconv", value: 'exif "x"' },
      { key: "alias.st", value: "!git status" },
      { key: "alias.bare", value: undefined },
    ]);
  });

  test("a setting on its section's line, and a value continued on the next line, are read as git reads them", () => {
    expect(configSettings("[core] pager = cat .env\n[alias]st = !echo hi\n[core]\n\tfsmonitor = rm \\\n -rf ~\n")).toEqual([
      { key: "core.pager", value: "cat .env" },
      { key: "alias.st", value: "!echo hi" },
      { key: "core.fsmonitor", value: "rm  -rf ~" },
    ]);
  });
});

describe("a config file git is told to read", () => {
  test.each([
    `git -c include.path=${EVIL} status`,
    `git -c includeIf.gitdir:/.path=${EVIL} status`,
    `GIT_CONFIG_GLOBAL=${EVIL} git log`,
    `git config include.path ${EVIL}`,
    `git config --add includeIf.onbranch:main.path ${EVIL}`,
    // written on the line itself, then included
    "printf '[alias]\\n\\tx = !cat .env\\n' > x.cfg && git -c include.path=x.cfg x",
  ])("%s: what it runs is judged", (command) => {
    expect(readsDotenv(command)).toBe(true);
  });

  test("a file the line changed unreadably is marked, not trusted", () => {
    expect(facts(`sed -i s/a/b/ x.cfg && GIT_CONFIG_GLOBAL=x.cfg git log`).unresolved).toContain(
      "uses a file the line changed unreadably: x.cfg".replace("x.cfg", join(project.dir, "x.cfg")),
    );
  });

  test("an include already in the repository's config is read at every later git command", () => {
    const config = join(project.dir, ".git", "config");
    writeFileSync(config, `[core]\n\tbare = false\n[include]\n\tpath = ${EVIL}\n`);
    expect(readsDotenv("git status")).toBe(true);
    writeFileSync(config, "[core]\n\tbare = false\n");
    expect(readsDotenv("git status")).toBe(false);
  });

  test("a missing file or a plain one runs nothing", () => {
    expect(readsDotenv("git -c include.path=/nonexistent/x.cfg status")).toBe(false);
    writeFileSync(join(project.root, "plain.cfg"), "[user]\n\tname = Dev\n");
    expect(readsDotenv(`GIT_CONFIG_GLOBAL=${join(project.root, "plain.cfg")} git log`)).toBe(false);
  });
});

describe("the repository's config and hooks", () => {
  const where = (command: string) =>
    facts(command)
      .paths.filter((p) => p.effect === "write")
      .map((p) => p.location);
  test.each([
    "printf '[core]\\n\\tfsmonitor = x\\n' >> .git/config",
    "echo 'rm -rf ~' > .git/hooks/pre-commit",
    "cp /tmp/hooks/post-checkout .git/hooks/",
    "sed -i s/a/b/ .git/config",
  ])("%s writes outside the project", (command) => {
    expect(where(command)).toContain("outside");
  });

  test("a file tool's write is outside too", () => {
    const path = join(project.dir, ".git", "hooks", "pre-push");
    const written = derivePathFacts("write", { path }, { cwd: project.dir, projectDir: project.dir, env: project.env });
    expect(written?.paths[0]?.location).toBe("outside");
  });

  test.each(["git config user.email dev@example.com", "echo '*.log' >> .git/info/exclude", "echo x > src/config"])(
    "%s stays in the project",
    (command) => {
      expect(where(command)).not.toContain("outside");
    },
  );
});
