// What a line runs that hookit would not see by reading the disk as it is when the call is judged:
// a script the line itself writes first (written-scripts.ts), the hooks a git command runs
// (git-hooks.ts), a Makefile or a crontab handed on the input (make-recipes.ts, crontab.ts).
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-line-written-")));
const project = join(root, "project");
const home = "/home/dev";
mkdirSync(join(project, "src"), { recursive: true });
mkdirSync(join(project, ".git", "hooks"), { recursive: true });
writeFileSync(join(project, "old.sh"), "echo fine\n"); // what the disk holds before the line rewrites it

const facts = (command: string, cwd = project) =>
  deriveCommandFacts(command, { cwd, projectDir: project, env: { HOME: home, PATH: "/usr/bin:/bin" } });
const deletes = (command: string, cwd = project) =>
  facts(command, cwd)
    .paths.filter((p) => p.effect === "delete")
    .map((p) => p.path);

describe("a script the line writes, then runs, is judged on what it wrote", () => {
  test.each([
    "echo 'rm -rf ~/old' > run.sh; bash run.sh",
    "printf 'rm -rf ~/old\\n' > old.sh && sh old.sh",
    "cat > run.sh <<'EOF'\nrm -rf ~/old\nEOF\nbash run.sh",
    "echo '#!/bin/sh' > r.sh; echo 'rm -rf ~/old' >> r.sh; chmod +x r.sh; ./r.sh",
    "echo 'rm -rf ~/old' >> old.sh; source old.sh",
    `echo "import shutil, os; shutil.rmtree(os.path.expanduser('~/old'))" > k.py; python3 k.py`,
    "echo 'rm -rf ~/old' | tee run.sh > /dev/null; sh run.sh",
    "tee -a old.sh <<< 'rm -rf ~/old' && bash old.sh",
  ])("%s", (command) => {
    expect(deletes(command)).toContain(`${home}/old`);
  });

  test("a file another program wrote on the line is not read from the disk's stale copy", () => {
    const found = facts("cp /tmp/x.sh old.sh; bash old.sh");
    expect(found.commands.map((c) => c.program)).not.toContain("echo"); // old.sh's disk text is not walked
    expect(found.unresolved).toContain("script file: old.sh");
  });

  test("$(cat FILE) of a file the line wrote is what it wrote; the disk's text is never a value", () => {
    expect(deletes("echo 'rm -rf ~/old' > run2.sh; bash -c \"$(cat run2.sh)\"")).toContain(`${home}/old`);
    // A value lands in the facts (hookit.commands): `$(cat .env)` must not copy secrets there.
    expect(facts("echo $(cat old.sh)").commands.map((c) => c.argv.join(" "))).not.toContain("echo echo fine");
  });

  test("an honest script written and run passes as what it says", () => {
    expect(deletes("echo 'rm -rf ./dist' > build.sh; bash build.sh")).toEqual([join(project, "dist")]);
  });
});

describe("the hooks a git command runs are read", () => {
  const hook = (dir: string, name: string, text: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), text);
    chmodSync(join(dir, name), 0o755);
  };
  hook(join(project, ".git", "hooks"), "pre-commit", "#!/bin/sh\nrm -rf ~/old\n");
  hook(join(project, ".git", "hooks"), "pre-push.sample", "#!/bin/sh\nrm -rf ~/sample\n");
  hook(join(root, "shared-hooks"), "post-checkout", "#!/bin/sh\nrm -rf ~/checkout\n");

  test("git commit runs .git/hooks/pre-commit, from any folder of the work tree", () => {
    expect(deletes("git commit -m x")).toContain(`${home}/old`);
    expect(deletes("git commit -m x", join(project, "src"))).toContain(`${home}/old`);
  });

  test("a hook the line itself writes runs on the commit after it", () => {
    const hooks = join(root, "line-hooks");
    expect(
      deletes(`git add -A; mkdir -p ${hooks}; echo 'rm -rf ~/fresh' > ${hooks}/pre-commit; git -c core.hooksPath=${hooks} commit -m x`),
    ).toContain(`${home}/fresh`);
  });

  test("core.hooksPath names another folder", () => {
    expect(deletes(`git -c core.hooksPath=${root}/shared-hooks checkout main`)).toContain(`${home}/checkout`);
  });

  test("samples never run, and a command that runs no hook reads none", () => {
    expect(deletes("git push")).not.toContain(`${home}/sample`);
    expect(deletes("git status")).toEqual([]);
    expect(deletes("git log -n 3")).toEqual([]);
  });
});

describe("a Makefile or a crontab handed on the input", () => {
  test.each(["make -f - <<< 'all:; rm -rf ~/old'", "printf 'all:\\n\\trm -rf ~/old\\n' | make -f -"])("%s", (command) => {
    expect(deletes(command)).toContain(`${home}/old`);
  });

  test("a crontab's jobs run from the home folder; installing one writes outside the project", () => {
    const found = facts("echo '@daily rm -rf old' | crontab -");
    expect(found.paths.filter((p) => p.effect === "delete").map((p) => p.path)).toEqual([`${home}/old`]);
    expect(found.paths.some((p) => p.effect === "write" && !p.inside)).toBe(true);
    expect(facts("crontab -l").paths).toEqual([]);
  });
});

describe("a justfile's recipes run", () => {
  const app = join(root, "just-app");
  mkdirSync(join(app, "sub"), { recursive: true });
  writeFileSync(
    join(app, "justfile"),
    [
      'cache := "/var/cache/app"',
      "",
      "# the first recipe is what `just` alone runs",
      "build:",
      "    echo building",
      "",
      "clean: build",
      "    rm -rf ./dist",
      "",
      "wipe target: clean",
      "    @rm -rf {{target}} {{cache}}",
      "",
      "script:",
      "    #!/usr/bin/env python3",
      "    print('hi')",
      "",
    ].join("\n"),
  );
  const inApp = (command: string, cwd = app) =>
    deriveCommandFacts(command, { cwd, projectDir: app, env: { HOME: home, PATH: "/usr/bin:/bin" } })
      .paths.filter((p) => p.effect === "delete")
      .map((p) => p.path);

  test("a recipe's lines run with its parameters and variables, after its dependencies, from any folder below", () => {
    expect(inApp("just wipe ~/old")).toEqual([join(app, "dist"), `${home}/old`, "/var/cache/app"]);
    expect(inApp("just clean", join(app, "sub"))).toEqual([join(app, "dist")]);
  });

  test("just alone runs the first recipe; listing, a dry run or no justfile runs nothing", () => {
    expect(inApp("just")).toEqual([]);
    expect(inApp("just --list")).toEqual([]);
    expect(inApp("just -n wipe /x")).toEqual([]);
    expect(inApp("just wipe /x", root)).toEqual([]);
  });

  test("a justfile the line writes is the one that runs; a recipe in another language is said to be unread", () => {
    expect(deletes("printf 'clean:\\n    rm -rf ~/old\\n' > justfile && just clean")).toContain(`${home}/old`);
    const found = deriveCommandFacts("just script", { cwd: app, projectDir: app, env: { HOME: home } });
    expect(found.unresolved).toContain("just recipe: script");
  });
});
