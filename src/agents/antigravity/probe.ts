// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Antigravity CLI's own payload shape.
import type { DoctorProbe } from "../../contract/types.ts";

export default {
  event: "PreToolUse",
  payload: (cwd, id) => ({
    toolCall: { name: "run_command", args: { CommandLine: "true", Cwd: cwd } },
    stepIdx: 0,
    conversationId: id,
    workspacePaths: [cwd],
  }),
} satisfies DoctorProbe;
