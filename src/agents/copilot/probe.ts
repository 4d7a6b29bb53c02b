// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Copilot CLI's own payload shape.
import type { DoctorProbe } from "../../contract/types.ts";

export default {
  event: "preToolUse",
  payload: (cwd, id) => ({ sessionId: id, timestamp: 0, cwd, toolName: "bash", toolArgs: { command: "true" } }),
} satisfies DoctorProbe;
