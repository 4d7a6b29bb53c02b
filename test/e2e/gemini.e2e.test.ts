// Gemini CLI 0.61.0 (model-view.md §3; adapter capability table in src/adapters/gemini.ts).
import { join } from "node:path";
import { describeConformance } from "./scenarios.ts";

describeConformance("gemini", {
  // The views render a functionResponse as the JSON of its `response` object.
  blockedResult: (reason) => JSON.stringify({ error: `Tool execution blocked: ${reason}` }),
  // AfterTool decision:deny replaces the output with {"error": <reason field>}.
  patchedResult: (text) => JSON.stringify({ error: text }),
  // AfterAgent decision:deny continues with a user turn holding exactly the reason.
  correctiveMessage: (message) => message,
  brokenPolicy: "tool blocked",
  // Exit 1 is a non-blocking warning for the user; the tool runs.
  crashedHook: "tool runs",
  // hookit trusts the sha256 of the installed file; an edit needs `hookit trust` again.
  editedPolicy: "not run",
  writeHello: (project) => ({ tool: "write_file", input: { file_path: join(project, "hello.txt"), content: "hello\n" } }),
});
