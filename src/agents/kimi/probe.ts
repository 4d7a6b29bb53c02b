// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Kimi Code CLI's own payload shape.
import type { DoctorProbe } from "../../contract/types.ts";

export default {
  event: "PreToolUse",
  payload: (cwd, id) => ({
    hook_event_name: "PreToolUse",
    session_id: id,
    cwd,
    tool_name: "Bash",
    tool_input: { command: "true" },
    tool_call_id: id,
  }),
} satisfies DoctorProbe;
