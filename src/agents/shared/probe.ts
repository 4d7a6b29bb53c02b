// The pre-tool payload Claude Code sends and Codex CLI copies field for field: doctor's harmless
// shell `true` call in that shape, for the agents whose probe.ts names it.
import type { DoctorProbe } from "../../contract/types.ts";

export const claudeShapedProbe: DoctorProbe = {
  event: "PreToolUse",
  payload: (cwd, id) => ({
    session_id: id,
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "true" },
    tool_use_id: id,
  }),
};
