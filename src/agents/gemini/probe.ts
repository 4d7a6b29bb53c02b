// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Gemini CLI's own payload shape.
import { snakeCaseProbe } from "../shared/probe.ts";

export default snakeCaseProbe("BeforeTool", "run_shell_command", (id) => ({ session_id: id }));
