// `hookit validate` through the built CLI: every policy file it can find, trusted or
// not; HooKit's exact diagnostic first, hookit's detail (line:column, key, expected
// type, did you mean) under it; every problem; a timeout the agents would cut short.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { binPath, sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

/** A repository whose project policy is `text`, never trusted. */
function project(text: string) {
  const box = sandbox();
  const repo = box.project;
  mkdirSync(join(repo, ".hookit"));
  writeFileSync(join(repo, ".hookit", "hookit.json"), text);
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [binPath(), "validate", ...args], { cwd: repo, env: box.env, encoding: "utf8" });
  return { repo, run, policy: join(repo, ".hookit", "hookit.json") };
}

describe("hookit validate", () => {
  test("an untrusted broken project policy fails (it used to say ✔ valid: 0 hooks)", () => {
    const { run, policy } = project(
      JSON.stringify({ local: { a: { description: "", event: "tool_call", filters: {}, shell: "x" } } }, null, 2),
    );
    const result = run();
    expect(result.status).toBe(1);
    const lines = result.stderr.split("\n");
    // HooKit's own text first, unchanged.
    expect(lines).toContain(`  HooKit: ${policy}: entry "local/a" does not match the Hook or Preset schema`);
    expect(result.stderr).toContain(`${policy}:6:7: local/a: unknown key "filters" (did you mean "filter"?)`);
  });

  test("every problem, with the key, the line:column and the expected type", () => {
    const text = `{
  "local": {
    "b": { "event": "tool_call", "shell": "true", "default": "true" },
    "c": { "description": "", "event": "tool_cal", "defualt": true, "shell": "x" }
  }
}
`;
    const { run, policy } = project(text);
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/4 problems in /);
    expect(result.stderr).toContain(`${policy}:3:10: local/b: "description" is missing`);
    expect(result.stderr).toContain(
      `${policy}:3:62: local/b: "default" must be a boolean, not the string "true" (write true without quotes)`,
    );
    expect(result.stderr).toContain(`${policy}:4:40: local/c: unknown event "tool_cal" (did you mean "tool_call"?)`);
    expect(result.stderr).toContain(`${policy}:4:52: local/c: unknown key "defualt" (did you mean "default"?)`);
  });

  test("a JSON syntax error names the line and column, not a byte position", () => {
    const { run, policy } = project('{\n  "local": {\n    "a": { "description": "", "event": "tool_call" "shell": "x" },\n  }\n}\n');
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/position \d+/); // HooKit's line stays as it is…
    expect(result.stderr).toContain(`${policy}:3:52: a comma is missing before this`); // …and says where
    expect(result.stderr).toContain(`${policy}:4:3: a trailing comma before this: remove it`);
  });

  test("a valid but untrusted policy says it does not run yet", () => {
    const { run } = project(JSON.stringify({ local: { a: { description: "", event: "tool_call", shell: "true", default: true } } }));
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/valid: 1 hook, 0 presets, 1 enabled by default \(not trusted, so it does not run yet/);
  });

  test("a timeout the agents cut short is a warning", () => {
    const { run } = project(
      JSON.stringify({ local: { slow: { description: "", event: "agent_end", shell: "sleep 60", timeout: 120000 } } }),
    );
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/local\/slow: "timeout": 120000 ms is not shorter than the 30 s the agents give hookit's hooks/);
  });

  test('"default": "yes" is told to be a boolean true or false, not "yes without quotes"', () => {
    const { run } = project(JSON.stringify({ local: { a: { description: "", event: "tool_call", shell: "x", default: "yes" } } }));
    const result = run();
    expect(result.stderr).toMatch(/"default" must be a boolean, not the string "yes" \(write true or false, without quotes\)/);
    expect(result.stderr).not.toMatch(/write yes without quotes/);
  });

  test("the problem count is the number of problems listed", () => {
    const { run } = project(
      JSON.stringify({
        local: {
          g: { description: "x", event: "tool_cal", shell: "false", default: "yes", timeout: "x" },
          h: { event: 3 },
        },
      }),
    );
    const result = run();
    const count = Number(/hookit: (\d+) problems? in /.exec(result.stderr)?.[1]);
    const listed = result.stderr.split("\n").filter((line) => line.startsWith("  • ")).length;
    expect(count).toBe(6);
    expect(listed).toBe(count);
  });

  test("an untrusted broken project file: it does not run anyway; the fix names its own project", () => {
    const { run, repo } = project(JSON.stringify({ local: { a: { description: 1, event: "tool_call", shell: "x" } } }));
    const result = run();
    expect(result.stderr).toContain(`So: it is not trusted, so it does not run; fix it, review it, then: hookit trust ${repo}.`);
    expect(result.stderr).not.toMatch(/no hook runs until/);
  });

  test("a broken edit of a trusted policy: the trusted copy keeps enforcing, and validate says so", () => {
    const box = sandbox();
    const repo = box.project;
    mkdirSync(join(repo, ".hookit"));
    const policy = join(repo, ".hookit", "hookit.json");
    writeFileSync(policy, JSON.stringify({ local: { a: { description: "", event: "tool_call", shell: "exit 2", default: true } } }));
    const hookit = (...args: string[]) =>
      spawnSync(process.execPath, [binPath(), ...args], { cwd: repo, env: box.env, encoding: "utf8", input: "" });
    expect(hookit("trust", "--yes").status).toBe(0);
    writeFileSync(policy, JSON.stringify({ local: { a: { description: "", event: "tool_call", shell: "exit 2", default: "yes" } } }));
    const result = hookit("validate");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `So: hookit keeps enforcing the version you trusted; this edit runs once it is fixed and you run hookit trust ${repo}.`,
    );
    expect(result.stderr).not.toMatch(/no hook runs until/);
  });

  test("an invalid global policy fails closed, and validate says that", () => {
    const box = sandbox();
    const global = join(box.env.XDG_CONFIG_HOME, "hookit", "hookit.json");
    mkdirSync(join(box.env.XDG_CONFIG_HOME, "hookit"), { recursive: true });
    writeFileSync(global, JSON.stringify({ local: { a: { description: "", event: "tool_call", shell: "x", default: "on" } } }));
    for (const args of [[], [global]]) {
      const result = spawnSync(process.execPath, [binPath(), "validate", ...args], { cwd: box.project, env: box.env, encoding: "utf8" });
      expect(result.stderr).toContain("So: until it is fixed, no hook of the policy runs and hookit blocks tool calls (it fails closed).");
    }
  });

  test("a file outside .hookit/ is not told to trust its grandparent folder", () => {
    const { repo } = project("{}");
    const box = sandbox();
    mkdirSync(join(box.project, "policies"));
    const file = join(box.project, "policies", "team.json");
    writeFileSync(file, JSON.stringify({ local: { a: { description: "", event: "tool_call", shell: "true", default: true } } }));
    const result = spawnSync(process.execPath, [binPath(), "validate", file], { cwd: repo, env: box.env, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).not.toMatch(/hookit trust \//);
    expect(result.stdout).toMatch(
      /hookit does not load it from here: a project's policy is <project>\/\.hookit\/hookit\.json; put it there/,
    );
  });

  test("one file named on the command line", () => {
    const { run, repo } = project("{}");
    writeFileSync(join(repo, "other.json"), '{"local": {"x": {"description": 1, "event": "tool_call", "shell": "x"}}}');
    const result = run("other.json");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${join(repo, "other.json")}:1:33: local/x: "description" must be a string, not the number 1`);
  });
});
