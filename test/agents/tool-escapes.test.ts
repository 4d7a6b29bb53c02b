// Red-team cases: native tools and fields that reached a `read`/`write`/`edit`/`bash`/`grep`
// policy under their native name, or without the field the policy matches on, before each
// adapter mapped them (issue 15). Each case runs the built `hookit hook` on a payload shaped like
// the agent's captured fixtures and must be blocked by a policy written only in the vocabulary.
import { describe, expect, test } from "vitest";
import { decisionLog, runHook, sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const guard = (filter: Record<string, string>) => ({ description: "", event: "tool_call", shell: "false", default: true, filter });
const POLICY = {
  local: {
    env: guard({ toolName: "^(read|write|edit|grep|find|ls)$", path: "\\.env|/etc/|GEMINI\\.md" }),
    envGlob: guard({ toolName: "^grep$", glob: "\\.env" }),
    rm: guard({ toolName: "^bash$", command: "rm -rf|Remove-Item|cat \\.env" }),
    deletes: guard({ toolName: "^write$", delete: "^true$" }),
  },
};

type Case = [agent: string, event: string, payload: Record<string, unknown>];

const claude = (tool_name: string, tool_input: Record<string, unknown>): Case => [
  "claude",
  "PreToolUse",
  { session_id: "s", cwd: "/p", hook_event_name: "PreToolUse", tool_name, tool_input, tool_use_id: "t" },
];
const codex = (tool_name: string, tool_input: Record<string, unknown>): Case => [
  "codex",
  "PreToolUse",
  { session_id: "s", cwd: "/p", hook_event_name: "PreToolUse", tool_name, tool_input, tool_use_id: "t" },
];
const gemini = (tool_name: string, tool_input: Record<string, unknown>): Case => [
  "gemini",
  "BeforeTool",
  { session_id: "s", cwd: "/p", hook_event_name: "BeforeTool", tool_name, tool_input },
];
const copilot = (toolName: string, toolArgs: unknown): Case => ["copilot", "preToolUse", { sessionId: "s", cwd: "/p", toolName, toolArgs }];
const cursor = (tool_name: string, tool_input: Record<string, unknown>): Case => [
  "cursor",
  "preToolUse",
  { conversation_id: "c", workspace_roots: ["/p"], hook_event_name: "preToolUse", tool_name, tool_input, tool_use_id: "t" },
];
const kimi = (tool_name: string, tool_input: Record<string, unknown>): Case => [
  "kimi",
  "PreToolUse",
  { session_id: "s", cwd: "/p", hook_event_name: "PreToolUse", tool_name, tool_input },
];
const antigravity = (name: string, args: Record<string, unknown>): Case => [
  "antigravity",
  "PreToolUse",
  { toolCall: { name, args }, stepIdx: 1, conversationId: "c", workspacePaths: ["/p"] },
];

const HEREDOC = "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: .env\n+KEY=1\n*** End Patch\nEOF\n";

const CASES: Record<string, Case> = {
  "Claude NotebookEdit of a notebook under /etc": claude("NotebookEdit", { notebook_path: "/etc/n.ipynb", new_source: "x" }),
  "Claude PowerShell": claude("PowerShell", { command: "Remove-Item -Recurse C:\\" }),
  "Claude Monitor": claude("Monitor", { description: "d", timeout_ms: 1000, command: "rm -rf /tmp/x" }),
  "Claude REPL": claude("REPL", { code: "await Bash({command: 'rm -rf /'})" }),
  "Codex apply_patch heredoc through exec_command": codex("exec_command", { cmd: HEREDOC }),
  "Codex apply_patch heredoc through Bash after cd": codex("Bash", { command: `cd /etc && ${HEREDOC}` }),
  "Codex view_image": codex("view_image", { path: "/etc/shadow" }),
  "Gemini read_many_files": gemini("read_many_files", { include: ["src/**", ".env"] }),
  "Gemini save_memory": gemini("save_memory", { fact: "KEY=1" }),
  "Copilot str_replace_editor insert": copilot("str_replace_editor", { command: "insert", path: ".env", insert_line: 1, new_str: "X" }),
  "Copilot str_replace without new_str": copilot("str_replace_editor", { command: "str_replace", path: ".env", old_str: "KEY" }),
  "Copilot edit without new_str": copilot("edit", { path: ".env", old_str: "KEY" }),
  "Copilot apply_patch": copilot("apply_patch", "*** Begin Patch\n*** Delete File: .env\n*** End Patch"),
  "Copilot write_bash": copilot("write_bash", { shellId: "1", input: "cat .env\n" }),
  "Copilot powershell": copilot("powershell", { command: "Remove-Item x" }),
  "Copilot grep paths string": copilot("grep", { pattern: "KEY", paths: ".env" }),
  "Copilot glob paths array": copilot("glob", { pattern: "*", paths: ["src", "/etc/"] }),
  "Cursor Delete": cursor("Delete", { file_path: "/p/.env" }),
  "Cursor LS": cursor("LS", { target_directory: "/etc/" }),
  "Cursor Grep glob": cursor("Grep", { pattern: "KEY", glob: ".env*" }),
  "Kimi ReadFile": kimi("ReadFile", { path: "/p/.env" }),
  "Kimi WriteFile": kimi("WriteFile", { path: "/p/.env", content: "x" }),
  "Kimi StrReplaceFile": kimi("StrReplaceFile", { path: "/p/.env", edit: { old: "a", new: "b" } }),
  "Antigravity grep_search Includes": antigravity("grep_search", { Query: "KEY", SearchPath: "/p", Includes: [".env"] }),
};

describe("a vocabulary policy blocks every native tool that reaches the same files or commands", () => {
  test.each(Object.entries(CASES))("%s", async (_name, [agent, event, payload]) => {
    const box = sandbox({ policyFile: true });
    box.policy(POLICY);
    await runHook(box, agent, event, JSON.stringify(payload));
    const [record] = decisionLog(box);
    expect(record?.outcome, JSON.stringify(record)).toBe("block");
  });
});
