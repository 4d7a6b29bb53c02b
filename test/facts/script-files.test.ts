// Script files a line runs are read while judging it (src/facts/script-files.ts): a model that
// writes a script in one call and runs it in the next is judged on what the script says.
import { chmodSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";

const project = realpathSync(mkdtempSync(join(tmpdir(), "hookit-scripts-")));
const home = "/home/dev";
const script = (name: string, text: string) => {
  writeFileSync(join(project, name), text);
  chmodSync(join(project, name), 0o755);
};
script("wipe.sh", "#!/bin/bash\nset -e\nrm -rf ~\n");
script("wipe-arg.sh", 'rm -rf "$1"\n');
script("clean.sh", 'rm -rf "$BUILD_DIR" "$(mktemp -d)" build\n');
script("set-home.sh", "TARGET=~/.config\n");
script("steal.py", '#!/usr/bin/env python3\nimport os\nprint(open(os.path.expanduser("~/.aws/credentials")).read())\n');
script(
  "steal.js",
  "#!/usr/bin/env -S node --no-warnings\nconsole.log(require('fs').readFileSync(require('os').homedir() + '/.ssh/id_rsa', 'utf8'))\n",
);
script("calls.sh", "bash ./wipe.sh\n");
script(
  "report.py",
  'import csv, shutil\nHOSTS = "/etc/hosts"\nwith open("out/report.csv", "w") as f:\n    f.write("x")\nshutil.copy("a.txt", "b.txt")\n',
);
script("shell-out.py", 'import os\nos.system("rm -rf ~")\n');
script("shell-out.js", "const { execSync } = require('child_process');\nexecSync(`rm -rf ~`);\n");
script("template.js", "console.log(`to undo, run rm -rf ~ yourself`);\nrequire('dotenv').config({ path: '.env' });\n");
script("loop.sh", "bash ./loop.sh\n");
script("binary", "\u007fELF\u0000\u0001rm -rf ~\n");
script("large.sh", `${"# padding\n".repeat(8000)}rm -rf ~\n`);
script("long.sh", `${"cp build/a.o dist/ && echo copied | tee -a log.txt\n".repeat(700)}rm -rf ~\n`);

const facts = (command: string) =>
  deriveCommandFacts(command, { cwd: project, projectDir: project, env: { HOME: home, PATH: "/usr/bin:/bin" } });
const deletesOutside = (command: string) =>
  facts(command)
    .paths.filter((p) => p.effect === "delete" && !p.inside && p.location !== "temp")
    .map((p) => p.path);
const reads = (command: string) =>
  facts(command)
    .paths.filter((p) => p.effect === "read")
    .map((p) => p.path);

describe("a shell script is judged as its lines", () => {
  test.each([
    "bash wipe.sh",
    "sh ./wipe.sh",
    "./wipe.sh",
    "sudo ./wipe.sh",
    "source wipe.sh",
    ". ./wipe.sh",
    "bash calls.sh",
    "bash wipe-arg.sh ~",
    "bash < wipe.sh",
    "cat wipe.sh | sh",
    "cat ./wipe.sh | sudo bash -s",
  ])("%s deletes the home folder", (command) => {
    expect(deletesOutside(command)).toContain(home);
  });

  test("what a script computes at run time is not counted as outside the project", () => {
    const found = facts("bash clean.sh");
    expect(deletesOutside("bash clean.sh")).toEqual([]);
    expect(found.paths.some((p) => p.effect === "delete" && p.path === join(project, "build"))).toBe(true);
    expect(found.unresolved).toContain("path in a script: $BUILD_DIR");
  });

  test("a sourced script's assignments stay for the rest of the line", () => {
    expect(deletesOutside('source set-home.sh; rm -rf "$TARGET"')).toEqual([`${home}/.config`]);
  });

  test("a script that runs itself is read a bounded number of times", () => {
    expect(facts("bash loop.sh").commands.length).toBeLessThan(40);
  });

  test("a binary, a script over 64 KiB or 800 commands, or a missing one is not read, and says so", () => {
    expect(deletesOutside("./binary")).toEqual([]);
    expect(deletesOutside("bash large.sh")).toEqual([]);
    // a long one (more commands than the line's budget should spend on it) is not read either, so an
    // honest build script is not refused as too complex
    expect(deletesOutside("bash long.sh")).toEqual([]);
    expect(facts("bash long.sh").unresolved).toEqual(["script file: long.sh"]);
    expect(facts("bash large.sh").unresolved).toContain("script file: large.sh");
    expect(facts("bash missing.sh").unresolved).toContain("script file: missing.sh");
  });
});

describe("an interpreter's script is read as its code", () => {
  test("a shell line it runs counts; a path it only mentions is a read, never a guessed write or delete", () => {
    expect(deletesOutside("python3 shell-out.py")).toContain(home);
    expect(deletesOutside("node shell-out.js")).toContain(home);
    const report = facts("python3 report.py").paths;
    expect(report.filter((p) => p.effect !== "read").map((p) => p.path)).toEqual([]);
    expect(report.some((p) => p.path === "/etc/hosts" && p.effect === "read")).toBe(true);
    expect(facts("node template.js").paths.filter((p) => p.effect !== "read")).toEqual([]);
  });

  test.each([
    ["python3 steal.py", `${home}/.aws/credentials`],
    ["./steal.py", `${home}/.aws/credentials`],
    ["./steal.js", "/.ssh/id_rsa"],
    ["node steal.js", "/.ssh/id_rsa"],
    ["python3 < steal.py", `${home}/.aws/credentials`],
    ["cat steal.py | python3 -", `${home}/.aws/credentials`],
  ])("%s reads %s", (command, path) => {
    expect(reads(command)).toContain(path);
  });
});

describe("package.json scripts are read where npm, yarn or pnpm runs them", () => {
  const app = realpathSync(mkdtempSync(join(tmpdir(), "hookit-scripts-pkg-")));
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({
      scripts: {
        clean: "rm -rf ~",
        pretest: "cat ~/.aws/credentials",
        test: "vitest run",
        build: "tsc -p .",
        postinstall: "rm -rf ~/.cache/x",
        remove: "rm -rf",
      },
    }),
  );
  const inApp = (command: string) =>
    deriveCommandFacts(command, { cwd: app, projectDir: app, env: { HOME: home, PATH: "/usr/bin:/bin" } }).paths;

  test.each([
    "npm run clean",
    "npm run-script clean",
    "npm --silent run clean",
    "yarn clean",
    "yarn run clean",
    "pnpm clean",
    "pnpm run clean",
  ])("%s runs the clean script", (command) => {
    expect(inApp(command).some((p) => p.effect === "delete" && p.path === home)).toBe(true);
  });

  test("what follows -- is handed to the script", () => {
    expect(inApp("npm run remove -- ~").some((p) => p.effect === "delete" && p.path === home)).toBe(true);
    expect(inApp("npm run remove -- ./dist").some((p) => p.effect === "delete" && p.path === home)).toBe(false);
  });

  test("a script's pre and post scripts run with it, and a bare install runs the lifecycle scripts", () => {
    expect(inApp("npm test").some((p) => p.effect === "read" && p.path === `${home}/.aws/credentials`)).toBe(true);
    expect(inApp("npm install").some((p) => p.effect === "delete" && p.path === `${home}/.cache/x`)).toBe(true);
  });

  test.each(["npm run build", "yarn add clean", "pnpm install left-pad", "npm ls clean"])("%s runs no clean script", (command) => {
    expect(inApp(command).some((p) => p.effect === "delete")).toBe(false);
  });
});

describe("a Makefile's recipes are read where make runs them", () => {
  const app = realpathSync(mkdtempSync(join(tmpdir(), "hookit-scripts-make-")));
  writeFileSync(
    join(app, "Makefile"),
    [
      "OUT := build",
      "CACHE ?= ~/.cache/app",
      ".PHONY: all clean wipe",
      "all: build/app",
      "build/app: src/main.c",
      "\t@mkdir -p $(OUT) && cc -o $@ $<",
      "clean:",
      "\t-rm -rf $(OUT) $(shell mktemp -d)",
      "wipe: clean",
      "\trm -rf $(CACHE) \\",
      "\t  $(PREFIX)/opt/app",
      "",
    ].join("\n"),
  );
  const inApp = (command: string) =>
    deriveCommandFacts(command, { cwd: app, projectDir: app, env: { HOME: home, PATH: "/usr/bin:/bin" } })
      .paths.filter((p) => p.effect === "delete")
      .map((p) => p.path);

  test("a target's recipe and its prerequisites' run, with make's variables expanded", () => {
    expect(inApp("make wipe")).toEqual(expect.arrayContaining([join(app, "build"), `${home}/.cache/app`, "/opt/app"]));
    expect(inApp("make -C . clean")).toEqual([join(app, "build")]);
    expect(inApp("make wipe CACHE=/tmp/c")).toContain("/tmp/c");
  });

  test("make alone builds the first goal; a dry run or a missing Makefile runs nothing", () => {
    expect(inApp("make")).toEqual([]);
    expect(inApp("make -n wipe")).toEqual([]);
    expect(inApp("make -C /nonexistent wipe")).toEqual([]);
  });
});
