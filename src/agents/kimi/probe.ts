// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Kimi Code CLI's own payload shape.
import { snakeCaseProbe } from "../shared/probe.ts";

export default snakeCaseProbe("PreToolUse", "Bash", (id) => ({ session_id: id, tool_call_id: id }));
