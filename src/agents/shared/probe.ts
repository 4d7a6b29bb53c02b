// The pre-tool payload Claude Code sends, which Codex CLI copies field for field and Gemini CLI,
// droid, Kimi Code and Cursor follow in its snake_case fields: doctor's harmless shell `true` call
// in that shape, for the agents whose probe.ts names it.
import type { DoctorProbe } from "../../contract/types.ts";

/** A shell `true` call to `tool` at `event`; `ids` holds the agent's own session and call id fields (and any other it needs). */
export function snakeCaseProbe(event: string, tool: string, ids: (id: string) => Record<string, unknown>): DoctorProbe {
  return {
    event,
    payload: (cwd, id) => ({ ...ids(id), cwd, hook_event_name: event, tool_name: tool, tool_input: { command: "true" } }),
  };
}

export const claudeShapedProbe: DoctorProbe = snakeCaseProbe("PreToolUse", "Bash", (id) => ({ session_id: id, tool_use_id: id }));
