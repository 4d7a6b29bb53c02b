// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in droid's own payload shape.
import type { DoctorProbe } from "../../contract/types.ts";
import { snakeCaseProbe } from "../shared/probe.ts";

export default {
  ...snakeCaseProbe("PreToolUse", "Execute", (id) => ({ session_id: id, permission_mode: "auto-high" })),
  // droid's adapter backs a deny with exit 2: with a JSON answer on stdout that is a reply, not a crash.
  jsonAnswerExitCodes: [2],
} satisfies DoctorProbe;
