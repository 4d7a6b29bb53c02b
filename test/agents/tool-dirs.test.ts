// A shell tool that names the directory it runs in (Gemini `dir_path`, Codex and OpenCode
// `workdir`, Cursor `working_directory`/`cwd`, Antigravity `Cwd`) runs its relative paths there.
// Before each adapter mapped the field, `touch notes.txt` with the directory set to /etc read as
// a write inside the project, so an outside-the-project guard let it through.
import { describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { toolParts } from "../../src/agents/opencode/tools.ts";
import { decisionLog, runHook, sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const POLICY = {
  local: { outside: { description: "", event: "tool_call", shell: "false", default: true, filter: { "hookit.writesOutside": "." } } },
};

type Payload = (cwd: string, command: string, dir: string) => [agent: string, event: string, payload: Record<string, unknown>];

const SHELLS: Record<string, Payload> = {
  "Gemini run_shell_command dir_path": (cwd, command, dir) => [
    "gemini",
    "BeforeTool",
    { session_id: "s", cwd, hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command, dir_path: dir } },
  ],
  "Codex exec_command workdir": (cwd, command, dir) => [
    "codex",
    "PreToolUse",
    {
      session_id: "s",
      cwd,
      hook_event_name: "PreToolUse",
      tool_name: "exec_command",
      tool_input: { cmd: command, workdir: dir },
      tool_use_id: "t",
    },
  ],
  "Codex shell workdir (argv)": (cwd, command, dir) => [
    "codex",
    "PreToolUse",
    {
      session_id: "s",
      cwd,
      hook_event_name: "PreToolUse",
      tool_name: "shell",
      tool_input: { command: ["bash", "-lc", command], workdir: dir },
      tool_use_id: "t",
    },
  ],
  "Codex shell_command workdir": (cwd, command, dir) => [
    "codex",
    "PreToolUse",
    {
      session_id: "s",
      cwd,
      hook_event_name: "PreToolUse",
      tool_name: "shell_command",
      tool_input: { command, workdir: dir },
      tool_use_id: "t",
    },
  ],
  "Cursor Shell working_directory": (cwd, command, dir) => [
    "cursor",
    "preToolUse",
    {
      conversation_id: "c",
      cwd,
      workspace_roots: [cwd],
      hook_event_name: "preToolUse",
      tool_name: "Shell",
      tool_input: { command, working_directory: dir },
      tool_use_id: "t",
    },
  ],
  "Cursor Shell cwd": (cwd, command, dir) => [
    "cursor",
    "preToolUse",
    {
      conversation_id: "c",
      cwd,
      workspace_roots: [cwd],
      hook_event_name: "preToolUse",
      tool_name: "Shell",
      tool_input: { command, cwd: dir },
      tool_use_id: "t",
    },
  ],
  "Antigravity run_command Cwd": (cwd, command, dir) => [
    "antigravity",
    "PreToolUse",
    { toolCall: { name: "run_command", args: { CommandLine: command, Cwd: dir } }, stepIdx: 1, conversationId: "c", workspacePaths: [cwd] },
  ],
};

describe("a shell tool's own working directory reaches the path facts", () => {
  test.each(Object.keys(SHELLS))("%s: a relative write in /etc is outside the project", async (name) => {
    const box = sandbox({ policyFile: true });
    box.policy(POLICY);
    const [agent, event, payload] = SHELLS[name]!(box.cwd, "touch notes.txt", "/etc");
    await runHook(box, agent, event, JSON.stringify(payload));
    expect(decisionLog(box)[0]?.outcome, JSON.stringify(decisionLog(box)[0])).toBe("block");
  });

  test.each(Object.keys(SHELLS))("%s: the same write in the project's own directory runs", async (name) => {
    const box = sandbox({ policyFile: true });
    box.policy(POLICY);
    const [agent, event, payload] = SHELLS[name]!(box.cwd, "touch notes.txt", box.cwd);
    await runHook(box, agent, event, JSON.stringify(payload));
    expect(decisionLog(box)[0]?.outcome, JSON.stringify(decisionLog(box)[0])).toBe("pass");
  });

  test("OpenCode bash workdir (in-process plugin: its normalized command's facts)", () => {
    const project = "/srv/project";
    const [part] = toolParts("bash", { command: "touch notes.txt", workdir: "/etc", description: "d" });
    const facts = deriveCommandFacts(String(part?.input.command), { cwd: project, projectDir: project, env: {} });
    const written = facts.paths.filter((fact) => fact.effect === "write");
    expect(written.map((fact) => [fact.lexical, fact.inside])).toEqual([["/etc/notes.txt", false]]);
  });
});
