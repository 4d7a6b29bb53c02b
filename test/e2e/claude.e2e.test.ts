// Claude Code 2.1.197 (model-view.md §1; adapter capability table in src/adapters/claude.ts).
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { disposeScratch, runScenario } from "./harness.ts";
import { describeConformance } from "./scenarios.ts";
import { afterLastToolCall } from "./views.ts";

describeConformance("claude", {
  // JSON deny: the tool_result content is exactly the reason (exit 2 would leak the command line).
  blockedResult: (reason) => reason,
  // Bash: updatedToolOutput replaces what the model reads.
  patchedResult: (text) => text,
  correctiveMessage: (message) => `Stop hook feedback:\n${message}`,
  brokenPolicy: "tool blocked",
  // The pre-tool command ends in `|| exit 2`: a crashing hookit (exit 1) becomes the blocking answer.
  crashedHook: "tool blocked",
  // An edit waits for `hookit trust`; the trusted version keeps running meanwhile.
  editedPolicy: "trusted version runs",
  movedHookit: "tool blocked",
  writeHello: (project) => ({ tool: "Write", input: { file_path: join(project, "hello.txt"), content: "hello\n" } }),
});

describe("claude: tool_result patch on a non-Bash tool (documented degradation)", () => {
  afterAll(disposeScratch);

  it("Write keeps its original result and the patch text follows it as a system-reminder", async () => {
    const policy = { local: { "redact-write": { description: "e2e", event: "tool_result", filter: { toolName: "^write$" }, shell: "false", default: true } } };
    const r = await runScenario({
      agent: "claude",
      name: "write-patch",
      policy,
      turns: (project) => [{ tool: "Write", input: { file_path: join(project, "hello.txt"), content: "hello\n" } }, { say: "Done." }],
    });
    expect(r.modelRequests.length, r.summary()).toBe(2);
    const seen = afterLastToolCall(r.views[1] ?? []);
    expect(seen, r.summary()).toContain("File created successfully");
    expect(seen, r.summary()).toMatch(/<system-reminder>[\s\S]*hookit: hook "redact-write" blocked write result — `false`[\s\S]*<\/system-reminder>/);
  });
});
