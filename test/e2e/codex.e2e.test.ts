// Codex CLI 0.171.0 (model-view.md §2; adapter capability table in src/agents/codex/adapter.ts).
import { describeConformance } from "./scenarios.ts";
import { MODEL_READS } from "./block-views.ts";
import { escapeRegExp } from "../_text.ts";

describeConformance("codex", {
  // Codex wraps every PreToolUse deny reason and appends the raw command.
  blockedResult: MODEL_READS.codex,
  // PostToolUse decision:block replaces the function output with exactly the reason field.
  patchedResult: (text) => text,
  // Stop decision:block continues with a <hook_prompt> user message.
  correctiveMessage: (message) => new RegExp(`^<hook_prompt hook_run_id="[^"]*">${escapeRegExp(message)}</hook_prompt>$`),
  brokenPolicy: "tool blocked",
  // The pre-tool command ends in `|| exit 2`: a crashing hookit (exit 1) becomes the blocking answer.
  crashedHook: "tool blocked",
  // apply_patch becomes one `write` per added file.
  // An edit waits for `hookit trust`; the trusted version keeps running meanwhile.
  editedPolicy: "trusted version runs",
  movedHookit: "tool blocked",
  writeHello: () => ({ patch: "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n" }),
});
