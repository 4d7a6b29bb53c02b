// GitHub Copilot CLI 1.0.102 (model-view.md §4; adapter capability table in src/agents/copilot/adapter.ts).
import { join } from "node:path";
import { describeConformance } from "./scenarios.ts";
import { MODEL_READS } from "./block-views.ts";
import { escapeRegExp } from "../_text.ts";

describeConformance("copilot", {
  blockedResult: MODEL_READS.copilot,
  // postToolUse modifiedResult.textResultForLlm becomes the whole tool message.
  patchedResult: (text) => text,
  // agentStop decision:block continues with a user message behind a <current_datetime> header.
  correctiveMessage: (message) => new RegExp(`^<current_datetime>[^<]*</current_datetime>\\n\\n${escapeRegExp(message)}$`),
  brokenPolicy: "tool blocked",
  // Copilot fails closed: any exit other than 0 and 2 denies the call ("hook errored").
  crashedHook: "tool blocked",
  // The fail-closed tail turns the crash into exit 2 (before it, exit 1 was "hook errored": also a deny).
  crashedResult: /^Denied by preToolUse hook/,
  // hookit trusts the sha256 of the installed file; an edit needs `hookit trust` again.
  editedPolicy: "trusted version runs",
  movedHookit: "tool blocked",
  writeHello: (project) => ({ tool: "create", input: { path: join(project, "hello.txt"), file_text: "hello\n" } }),
});
