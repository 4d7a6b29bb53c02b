// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Cursor's own payload shape.
import type { DoctorProbe } from "../../contract/types.ts";

export default {
  event: "preToolUse",
  payload: (cwd, id) => ({
    conversation_id: id,
    cwd,
    hook_event_name: "preToolUse",
    tool_name: "Shell",
    tool_input: { command: "true" },
    tool_use_id: id,
  }),
} satisfies DoctorProbe;
