// `hookit check` for a newcomer: --dry-run lists the hooks without running them (a
// recipe's shell wrote to its audit log before), an unknown event key is an error
// (`result` instead of `content` used to pass silently), --native needs --agent, and an
// external adapter works as it does for `hookit hook`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { binPath, fileSandbox, ROOT, sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const box = fileSandbox();
const root = box.root;
const audit = join(root, "audit.log");
const policy = join(root, "policy.json");
const env = box.env;

beforeAll(() => {
  writeFileSync(
    policy,
    JSON.stringify({
      local: {
        audit: { description: "", event: "tool_call", shell: `echo called >> ${audit}`, default: true },
        "no-push": {
          description: "",
          event: "tool_call",
          filter: { toolName: "^bash$", command: "git push" },
          shell: "false",
          default: true,
        },
        redact: {
          description: "",
          event: "tool_result",
          filter: { toolName: "bash" },
          shell: `! printf %s "$PI_TOOL_RESULT" | grep -q SECRET`,
          default: true,
        },
      },
    }),
  );
});

const check = (args: string[], input: string) =>
  spawnSync(process.execPath, [binPath(), "check", "--policy", policy, ...args], { cwd: root, env, input, encoding: "utf8" });

describe("hookit check", () => {
  test("--dry-run lists which hooks would run and runs none of them", () => {
    const run = check(["--dry-run"], JSON.stringify({ event: "tool_call", toolName: "bash", input: { command: "ls" } }));
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("+ local/audit: would run: shell `echo called >>");
    expect(run.stdout).toContain("- local/no-push: skipped (its filter does not match)");
    expect(existsSync(audit)).toBe(false);
  });

  test("without --dry-run the shells really run", () => {
    expect(check([], JSON.stringify({ event: "tool_call", toolName: "bash", input: { command: "ls" } })).status).toBe(0);
    expect(existsSync(audit)).toBe(true);
  });

  test("tool_result takes `content`; `result` is an error that says so", () => {
    const wrong = check([], JSON.stringify({ event: "tool_result", toolName: "bash", input: {}, result: "SECRET" }));
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/a tool_result event has no "result" key \(did you mean "content"\?\)/);
    const right = check([], JSON.stringify({ event: "tool_result", toolName: "bash", input: {}, content: "SECRET" }));
    expect(right.status).toBe(2);
    expect(right.stdout).toMatch(/^tool_result: patch/);
  });

  test("--native without --agent is a clear error", () => {
    const run = check(["--native", "PreToolUse"], "{}");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/--native names an agent's own event, so it needs --agent too/);
  });

  test("a missing --policy file is an error, not an empty policy", () => {
    const run = spawnSync(process.execPath, [binPath(), "check", "--policy", join(root, "nope.json")], {
      cwd: root,
      env,
      input: "{}",
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/nope\.json: no such file/);
  });

  test("an external adapter is accepted with --agent", () => {
    // examples/hookit-agent-example, found on PATH as `hookit hook --agent example` finds it.
    const example = join(ROOT, "examples", "hookit-agent-example");
    const payload = readFileSync(join(example, "fixtures", "before_tool-shell.json"), "utf8"); // git push --force
    const run = spawnSync(process.execPath, [binPath(), "check", "--policy", policy, "--agent", "example", "--native", "before_tool"], {
      cwd: root,
      env: { ...env, PATH: `${example}:${env.PATH}` },
      input: payload,
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(2);
    expect(run.stdout).toMatch(/no-push/);
  });
});

describe("check says which project policy it judged", () => {
  const guard = (shell: string) => JSON.stringify({ local: { a: { description: "", event: "tool_call", shell, default: true } } });
  const call = JSON.stringify({ event: "tool_call", toolName: "bash", input: { command: "ls" } });
  function repo() {
    const made = sandbox();
    mkdirSync(join(made.project, ".hookit"));
    const file = join(made.project, ".hookit", "hookit.json");
    const hookit = (args: string[], input = "") =>
      spawnSync(process.execPath, [binPath(), ...args], { cwd: made.project, env: made.env, input, encoding: "utf8" });
    return { project: made.project, file, hookit };
  }

  test("an untrusted edit: pass from the trusted copy, and it says so with how to judge the edit", () => {
    const { project, file, hookit } = repo();
    writeFileSync(file, guard("exit 0"));
    expect(hookit(["trust", "--yes"]).status).toBe(0);
    writeFileSync(file, guard("exit 2"));
    const run = hookit(["check"], call);
    expect(run.stdout).toBe("tool_call: pass\n");
    expect(run.stderr).toContain(`${file} was edited since you trusted it: this answer is from the version you trusted`);
    expect(run.stderr).toContain(`hookit check --policy ${file}; to make it the one that runs: hookit trust ${project}`);
    // What the note points to does judge the edit.
    expect(hookit(["check", "--policy", file], call).stdout).toMatch(/^tool_call: block/);
  });

  test("a never-trusted file: left out, and it says so", () => {
    const { file, hookit } = repo();
    writeFileSync(file, guard("exit 2"));
    const run = hookit(["check"], call);
    expect(run.stdout).toBe("tool_call: pass\n");
    expect(run.stderr).toContain(`${file} is not trusted, so this answer leaves it out (as the agents do)`);
  });

  test("a trusted file as it is: no note", () => {
    const { file, hookit } = repo();
    writeFileSync(file, guard("exit 2"));
    expect(hookit(["trust", "--yes"]).status).toBe(0);
    const run = hookit(["check"], call);
    expect(run.stdout).toMatch(/^tool_call: block/);
    expect(run.stderr).toBe("");
  });
});
