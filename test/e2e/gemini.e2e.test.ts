// Gemini CLI 0.61.0 (model-view.md §3; adapter capability table in src/agents/gemini/adapter.ts).
import { join } from "node:path";
import { describeConformance } from "./scenarios.ts";
import { MODEL_READS } from "./block-views.ts";

describeConformance("gemini", {
  // The views render a functionResponse as the JSON of its `response` object.
  blockedResult: (reason) => JSON.stringify({ error: MODEL_READS.gemini(reason) }),
  // AfterTool decision:deny replaces the output with {"error": <reason field>}.
  patchedResult: (text) => JSON.stringify({ error: text }),
  // AfterAgent decision:deny continues with a user turn holding exactly the reason.
  correctiveMessage: (message) => message,
  brokenPolicy: "tool blocked",
  // The pre-tool command ends in `|| exit 2`: a crashing hookit (exit 1) becomes the blocking answer.
  crashedHook: "tool blocked",
  // An edit waits for `hookit trust`; the trusted version keeps running meanwhile.
  editedPolicy: "trusted version runs",
  movedHookit: "tool blocked",
  writeHello: (project) => ({ tool: "write_file", input: { file_path: join(project, "hello.txt"), content: "hello\n" } }),
});
