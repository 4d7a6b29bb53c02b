// Codex's `shell` / `local_shell` tools take an argv that Codex executes without a shell. hookit
// turns it into one command line for `command` and `hookit.commands`; that line must run exactly
// that argv, or `["bash","-lc","rm -rf ~"]` reads as `bash -lc rm` and an `rm -rf` guard misses it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import codex from "../../src/agents/codex/adapter.ts";
import { shellJoin } from "../../src/agents/shared/shell-quote.ts";
import { decisionLog, runHook, sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

// A directory with files, so an unquoted glob would expand to something.
const dir = mkdtempSync(join(tmpdir(), "hookit-argv-"));
for (const name of ["a.txt", "b.txt"]) writeFileSync(join(dir, name), "");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ARGVS: string[][] = [
  ["bash", "-lc", "rm -rf ~"],
  ["git", "commit", "-m", "fix it; rm -rf / && echo done"],
  ["echo", "it's", '"double"', "back\\slash"],
  ["echo", "$HOME", "${PATH}", "$(id)", "`id`"],
  ["ls", "*.txt", "?.txt", "[ab].txt", "{a,b}.txt"],
  ["echo", "~", "~root", "a=b", "#not-a-comment", "!", "&", "|", ";", "<", ">"],
  ["printf", "", "two\nlines", "tab\there", " leading", "trailing "],
];

describe("an argv becomes a command line that a real shell runs as exactly that argv", () => {
  test.each(ARGVS)("%j", (...argv) => {
    // printf prints each word the shell passes it, NUL-terminated: the words after quote removal.
    const line = shellJoin(["printf", "%s\\0", ...argv]);
    const out = execFileSync("bash", ["-c", line], { cwd: dir, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/home/nobody" } });
    expect(out.toString().split("\0").slice(0, -1)).toEqual(argv);
  });

  test("a reserved word in command position is quoted (exec runs a program of that name)", () => {
    expect(shellJoin(["time", "ls"])).toBe("'time' ls");
    expect(shellJoin(["ls", "time"])).toBe("ls time");
  });
});

const call = (tool_name: string, command: unknown) => ({
  session_id: "s",
  cwd: dir,
  hook_event_name: "PreToolUse",
  tool_name,
  tool_input: { command },
  tool_use_id: "t",
});

describe("Codex parse() reads an argv as that quoted command line", () => {
  test.each(["shell", "local_shell"])("%s", (tool) => {
    const invocation = codex.parse("PreToolUse", call(tool, ["bash", "-lc", "rm -rf ~"]));
    expect(invocation.events.map((event) => (event as { input?: unknown }).input)).toEqual([{ command: "bash -lc 'rm -rf ~'" }]);
  });

  test("an apply_patch heredoc inside `bash -lc` is still one write per file", () => {
    const script = "cd sub && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: .env\n+KEY=1\n*** End Patch\nEOF\n";
    const invocation = codex.parse("PreToolUse", call("shell", ["bash", "-lc", script]));
    const writes = invocation.events.filter((event) => (event as { toolName?: string }).toolName === "write");
    expect(writes.map((event) => (event as unknown as { input: { path: string } }).input.path)).toEqual(["sub/.env"]);
  });
});

const guard = (filter: Record<string, unknown>) => ({ description: "", event: "tool_call", shell: "false", default: true, filter });
const POLICY = {
  local: {
    rm: guard({ "hookit.commands": "^rm -rf( |$)" }),
    env: guard({ toolName: "^(read|write|edit)$", path: "\\.env$" }),
  },
};

describe("through hookit hook, the facts see the argv's real commands", () => {
  test.each([
    ["rm -rf ~ inside bash -lc is blocked", ["bash", "-lc", "rm -rf ~"], "block"],
    ["an rm -rf inside sh -c is blocked", ["sh", "-c", "cd /tmp && rm -rf x"], "block"],
    [
      "a heredoc patch of .env inside bash -lc is blocked",
      ["bash", "-lc", "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: .env\n+K=1\n*** End Patch\nEOF\n"],
      "block",
    ],
    ["a commit message that mentions rm -rf runs", ["git", "commit", "-m", "docs; rm -rf / is never run"], "pass"],
    ["a plain rm of one file runs", ["rm", "-f", "a.txt"], "pass"],
  ])("%s", async (_name, argv, outcome) => {
    const box = sandbox({ policyFile: true });
    box.policy(POLICY);
    await runHook(box, "codex", "PreToolUse", JSON.stringify(call("shell", argv)));
    const [record] = decisionLog(box);
    expect(record?.outcome, JSON.stringify(record)).toBe(outcome);
  });
});
