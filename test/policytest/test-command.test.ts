// `hookit test` through the built CLI: the starter policy's own tests pass (so
// they run in this project's `npm test`), a broken case fails with a readable
// diff, every reporter is well-formed, and hook shells cannot reach the real
// project or HOME.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { validateXML } from "xmllint-wasm";
import { STARTER_TESTS } from "../../src/base/starter-tests.ts";
import { useBuiltHookit } from "../_sandbox.ts";
import { makeProject } from "./_project.ts";

useBuiltHookit();

const bash = (command: string) => ({ event: "tool_call", toolName: "bash", input: { command } });
const XSD = readFileSync(join(import.meta.dirname, "junit-10.xsd"), "utf8");

describe("the starter policy's tests", () => {
  test("hookit init writes them and every one passes", () => {
    const p = makeProject();
    expect(p.hookit(["init"]).status).toBe(0);
    expect(existsSync(join(p.dir, ".hookit/tests/starter-policy.json"))).toBe(true);
    const run = p.hookit(["test"]);
    expect(run.stderr).toContain("testing ");
    expect(run.stdout).toContain(`${STARTER_TESTS.cases.length} passed, 0 failed`);
    expect(run.status).toBe(0);
  });

  test("a second init leaves the user's test file alone; --force rewrites it", () => {
    const p = makeProject();
    p.hookit(["init"]);
    p.write(".hookit/tests/starter-policy.json", { cases: [] });
    p.write(".hookit/hookit.json", "{}");
    p.hookit(["init", "--force"]);
    expect(JSON.parse(readFileSync(join(p.dir, ".hookit/tests/starter-policy.json"), "utf8")).cases).toHaveLength(
      STARTER_TESTS.cases.length,
    );
  });
});

describe("a broken case", () => {
  const project = () => {
    const p = makeProject();
    p.hookit(["init"]);
    p.write(".hookit/tests/mine.json", {
      cases: [
        { name: "ls is blocked (it is not)", event: bash("ls"), expect: { outcome: "block", reason: "no-ls" } },
        {
          name: "force push names the wrong hook",
          event: bash("git push --force"),
          expect: { outcome: "block", hooks: ["local/no-env-files"] },
        },
        { name: "force push is blocked", event: bash("git push --force"), expect: { outcome: "block", reason: "no-force-push" } },
      ],
    });
    return p;
  };

  test("fails the run with a - expected / + actual diff per broken expectation", () => {
    const run = project().hookit(["test", ".hookit/tests/mine.json"]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      [
        "  ✗ ls is blocked (it is not)",
        "      - outcome: block",
        "      + outcome: pass",
        "      - reason containing: no-ls",
        "      + reason: (none)",
        "  ✗ force push names the wrong hook",
        "      - failed hooks: local/no-env-files",
        "      + failed hooks: local/no-force-push",
        "  ✓ force push is blocked",
      ].join("\n"),
    );
    expect(run.stdout).toContain("1 passed, 2 failed");
  });

  test("JUnit output validates against the Jenkins/Surefire JUnit schema and names the failures", async () => {
    const run = project().hookit(["test", "--reporter", "junit"]);
    expect(run.status).toBe(1);
    const result = await validateXML({
      xml: [{ fileName: "report.xml", contents: run.stdout }],
      schema: [{ fileName: "junit-10.xsd", contents: XSD }],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(run.stdout).toMatch(/<testsuites name="hookit test" tests="\d+" failures="2" errors="0"/);
    expect(run.stdout).toContain(`<testcase name="ls is blocked (it is not)" classname=".hookit/tests/mine.json"`);
    expect(run.stdout).toContain(`<failure type="outcome" message="expected outcome: block, got outcome: pass">`);
  });

  test("the schema check is real: a report missing a required attribute fails it", async () => {
    const bad = `<?xml version="1.0"?>\n<testsuites><testsuite name="x" tests="1" failures="0"><testcase name="a"/></testsuite></testsuites>\n`;
    const result = await validateXML({
      xml: [{ fileName: "bad.xml", contents: bad }],
      schema: [{ fileName: "junit-10.xsd", contents: XSD }],
    });
    expect(result.valid).toBe(false); // `errors` is required on <testsuite>
  });

  test("TAP 14 and JSON reporters", () => {
    const p = project();
    const tap = p.hookit(["test", ".hookit/tests/mine.json", "--reporter", "tap"]);
    expect(tap.stdout.split("\n").slice(0, 3)).toEqual([
      "TAP version 14",
      "1..3",
      "not ok 1 - .hookit/tests/mine.json: ls is blocked (it is not)",
    ]);
    expect(tap.stdout).toContain("ok 3 - .hookit/tests/mine.json: force push is blocked");
    const json = JSON.parse(p.hookit(["test", ".hookit/tests/mine.json", "--reporter", "json"]).stdout);
    expect(json.summary).toEqual({ passed: 1, failed: 2, broken: 0 });
    expect(json.cases[0].actual).toEqual({ outcome: "pass", messages: [], hooks: [] });
  });

  test("an unreadable test file is an error, named with the bad key", () => {
    const p = makeProject();
    p.hookit(["init"]);
    p.write(".hookit/tests/bad.json", { cases: [{ name: "x", event: bash("ls"), expect: { outcome: "blocked" } }] });
    const run = p.hookit(["test", ".hookit/tests/bad.json"]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/cannot read the file: .*cases\.0\.expect\.outcome/);
  });

  test("an invalid policy: no test can pass, and the problem is named", () => {
    const p = makeProject();
    p.hookit(["init"]);
    p.write(".hookit/hookit.json", {
      local: { broken: { description: "d", event: "tool_call", filter: { command: "(" }, shell: "false" } },
    });
    const run = p.hookit(["test"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("the policy is invalid, no test can pass");
    expect(run.stderr).toContain("invalid regex");
  });

  test("an edited, untrusted project policy is what gets tested (the point: try an edit before trusting it)", () => {
    const p = makeProject();
    p.hookit(["init"]);
    const policy = JSON.parse(readFileSync(join(p.dir, ".hookit/hookit.json"), "utf8"));
    delete policy.local["no-force-push"];
    p.write(".hookit/hookit.json", policy);
    const run = p.hookit(["test"]);
    expect(run.stderr).toContain("(not trusted yet: tried here, in force only after hookit trust)");
    expect(run.stdout).toContain("  ✗ git push --force is blocked\n      - outcome: block\n      + outcome: pass");
    expect(run.status).toBe(1);
  });

  test("an unknown reporter is refused", () => {
    const run = makeProject().hookit(["test", "--reporter", "xml"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("--reporter must be one of human, junit, tap, json");
  });
});

describe("the sandbox", () => {
  test("hook shells write into a copy of the project and a temporary HOME, never the real ones", () => {
    const p = makeProject();
    p.write("tracked.txt", "original\n");
    p.write(".hookit/hookit.json", {
      local: {
        scribble: {
          description: "writes everywhere it can, then checks it ran inside the copy",
          event: "tool_call",
          shell: `echo changed > tracked.txt; echo x > "$HOME/touched"; echo y > audit.log; test -f tracked.txt && test "$PI_CWD" = "$PWD" && test "$PWD" != "${p.dir}"`,
          default: true,
        },
      },
    });
    p.write(".hookit/tests/t.json", { cases: [{ name: "scribbles", event: bash("ls"), expect: { outcome: "pass" } }] });
    const run = p.hookit(["test"]);
    expect(run.stdout).toContain("1 passed, 0 failed");
    expect(readFileSync(join(p.dir, "tracked.txt"), "utf8")).toBe("original\n");
    expect(existsSync(join(p.home, "touched"))).toBe(false);
    expect(existsSync(join(p.dir, "audit.log"))).toBe(false);
  });

  test("the copy keeps executable scripts and symlinks, and untracked files git does not ignore", () => {
    const p = makeProject();
    chmodSync(p.write(".hookit/check.sh", "#!/bin/sh\ntest -L link && test -f untracked.txt && ! test -e ignored.txt\n"), 0o755);
    symlinkSync("untracked.txt", join(p.dir, "link"));
    p.write("untracked.txt", "u");
    p.write(".gitignore", "ignored.txt\n");
    p.write("ignored.txt", "i");
    spawnSync("git", ["add", ".hookit/check.sh", ".gitignore"], { cwd: p.dir });
    p.write(".hookit/hookit.json", {
      local: { script: { description: "d", event: "tool_call", shell: "./.hookit/check.sh", default: true } },
    });
    p.write(".hookit/tests/t.json", { cases: [{ name: "script runs in the copy", event: bash("ls"), expect: { outcome: "pass" } }] });
    expect(p.hookit(["test"]).stdout).toContain("1 passed, 0 failed");
  });

  test("a native payload goes through that agent's adapter", () => {
    const p = makeProject();
    p.hookit(["init"]);
    p.write(".hookit/tests/native.json", {
      cases: [
        {
          name: "Codex apply_patch touching .env",
          agent: "codex",
          native: "PreToolUse",
          payload: {
            session_id: "s",
            cwd: p.dir,
            hook_event_name: "PreToolUse",
            tool_name: "Bash",
            tool_input: { command: "cat .env" },
            tool_use_id: "t",
          },
          expect: { outcome: "block", hooks: ["local/no-dotenv-secrets"] },
        },
      ],
    });
    expect(p.hookit(["test", ".hookit/tests/native.json"]).stdout).toContain("1 passed, 0 failed");
  });
});
