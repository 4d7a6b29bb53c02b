// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in droid's own payload shape.
import type { DoctorProbe } from "../../contract/types.ts";

export default {
  event: "PreToolUse",
  payload: (cwd, id) => ({
    session_id: id,
    cwd,
    permission_mode: "auto-high",
    hook_event_name: "PreToolUse",
    tool_name: "Execute",
    tool_input: { command: "true" },
  }),
  // droid's adapter backs a deny with exit 2: with a JSON answer on stdout that is a reply, not a crash.
  jsonAnswerExitCodes: [2],
} satisfies DoctorProbe;
