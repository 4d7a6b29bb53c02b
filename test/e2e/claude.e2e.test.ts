// Claude Code 2.1.197 (model-view.md §1; adapter capability table in src/adapters/claude.ts).
import { describeConformance } from "./scenarios.ts";

describeConformance("claude", {
  // JSON deny: the tool_result content is exactly the reason (exit 2 would leak the command line).
  blockedResult: (reason) => reason,
  // Bash: updatedToolOutput replaces what the model reads.
  patchedResult: (text) => text,
  correctiveMessage: (message) => `Stop hook feedback:\n${message}`,
  brokenPolicy: "tool blocked",
  // Exit 1 is a non-blocking error in Claude Code: the tool runs, stderr goes to the user.
  crashedHook: "tool runs",
});
