// Codex CLI's tools, classified (see ../shared/tool-classes.ts). Names and schemas: the tools Codex
// 0.171.0 offered the model (test/fixtures/tool-lists/codex-0.171.0.json); the shell names of other
// releases come from harness-protocols §3.4. The mapping itself lives in codex.ts.
import { inert, NO_FILES, WEB_SEARCH, type ToolClass } from "../shared/tool-classes.ts";
import { inDirectoryNote } from "../shared/shell-quote.ts";

const SHELL_NOTE = "a heredoc to apply_patch in the command is also checked as the per-file writes it performs";

export const TOOL_CLASSES: ToolClass[] = [
  {
    native: "exec_command",
    as: "bash",
    fields: { cmd: "command", workdir: "command" },
    rest: ["justification", "login", "max_output_tokens", "prefix_rule", "sandbox_permissions", "shell", "tty", "yield_time_ms"],
    note: inDirectoryNote("workdir", SHELL_NOTE),
  },
  {
    native: "Bash",
    as: "bash",
    fields: { command: "command" },
    note: `0.171 names every shell call so in its hook payload; ${SHELL_NOTE}`,
  },
  {
    native: "shell",
    as: "bash",
    fields: { command: "command", workdir: "command" },
    rest: ["timeout_ms", "with_escalated_permissions", "justification"],
    note: inDirectoryNote("workdir", "an argv array is shell-quoted into one command line that runs exactly that argv"),
  },
  {
    native: "shell_command",
    as: "bash",
    fields: { command: "command", workdir: "command" },
    rest: ["timeout_ms", "login", "justification"],
    note: inDirectoryNote("workdir"),
  },
  { native: "local_shell", as: "bash", fields: { command: "command" }, note: "an argv array, shell-quoted like `shell`'s" },
  {
    native: "apply_patch",
    as: ["write", "edit"],
    perFile: true,
    fields: { command: "path", patch: "path" },
    note: "one `write` (added file), `edit` (updated file, both paths of a rename) or delete form per file of the patch",
  },
  { native: "view_image", as: "read", fields: { path: "path" }, note: "attaches a local image to the conversation" },
  {
    native: "write_stdin",
    unhooked:
      "types into a running exec_command session; Codex runs no PreToolUse hook for it (the command that started the session was checked)",
  },
  { native: "web_search", inert: WEB_SEARCH },
  { native: "tool_search", inert: "searches the tools Codex can load" },
  ...inert(NO_FILES, "request_user_input", "create_goal", "get_goal", "update_goal"),
];
