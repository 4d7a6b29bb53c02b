// Pi 1.6.0 with hookit's in-process extension (model-view.md §6; pi-extension-api.md §7, §12).
import { describeConformance } from "./scenarios.ts";
import { MODEL_READS } from "./block-views.ts";

describeConformance("pi", {
  // tool_call returns {block:true, reason}: the tool message is exactly the reason.
  blockedResult: MODEL_READS.pi,
  // tool_result returns the replacement content; isError is not sent on the Chat Completions wire.
  patchedResult: (text) => text,
  // sendMessage({customType:"hookit", content}, {triggerTurn:true}) reaches the model as a user message.
  correctiveMessage: (message) => message,
  // HooKit's own rule in Pi: a broken catalog runs no hooks and tells the user at session start.
  brokenPolicy: "tool runs",
  // Pi loads the project policy under its own project trust (-a), not hookit's store.
  editedPolicy: "edit runs",
  writeHello: () => ({ tool: "write", input: { path: "hello.txt", content: "hello\n" } }),
});
