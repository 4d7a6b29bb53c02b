// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Claude Code's own payload shape.
import type { DoctorProbe } from "../../contract/types.ts";

export default {
  event: "PreToolUse",
  payload: (cwd, id) => ({
    session_id: id,
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "true" },
    tool_use_id: id,
  }),
} satisfies DoctorProbe;
