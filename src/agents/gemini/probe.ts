// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Gemini CLI's own payload shape.
import type { DoctorProbe } from "../../contract/types.ts";

export default {
  event: "BeforeTool",
  payload: (cwd, id) => ({
    session_id: id,
    cwd,
    hook_event_name: "BeforeTool",
    tool_name: "run_shell_command",
    tool_input: { command: "true" },
  }),
} satisfies DoctorProbe;
