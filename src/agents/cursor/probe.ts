// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Cursor's own payload shape.
import { snakeCaseProbe } from "../shared/probe.ts";

export default snakeCaseProbe("preToolUse", "Shell", (id) => ({ conversation_id: id, tool_use_id: id }));
