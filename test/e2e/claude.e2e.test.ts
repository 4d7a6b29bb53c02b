// Claude Code 2.1.332, the pin (model-view.md §1; adapter capability table in src/agents/claude/adapter.ts),
// and what it changed from 2.1.197, the oldest release verified (HOOKIT_E2E_VERSIONS=claude@2.1.197):
// it prefixes a deny reason with "PreToolUse:<tool> hook error: ", wraps Stop feedback in a
// <system-reminder>, and shows a non-Bash patch as a system message of its own.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clis } from "./clis.ts";
import { disposeScratch, runScenario } from "./harness.ts";
import { describeConformance } from "./scenarios.ts";
import { MODEL_READS } from "./block-views.ts";
import { afterLastToolCall } from "./views.ts";
import { escapeRegExp } from "../_text.ts";

const newer = compare(clis.claude.version, "2.1.332") >= 0;

describeConformance("claude", {
  // JSON deny: the tool_result content is exactly the reason (exit 2 would leak the command line).
  blockedResult: (reason) => (newer ? MODEL_READS.claude(reason) : reason),
  // Bash: updatedToolOutput replaces what the model reads.
  patchedResult: (text) => text,
  correctiveMessage: (message) =>
    newer
      ? new RegExp(`^<system-reminder>\n[\\s\\S]*Stop hook feedback:\n${escapeRegExp(message)}\n</system-reminder>$`)
      : `Stop hook feedback:\n${message}`,
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

  it("Write keeps its original result and the patch text follows it (a system-reminder; a system message in 2.1.332)", async () => {
    const policy = {
      local: {
        "redact-write": { description: "e2e", event: "tool_result", filter: { toolName: "^write$" }, shell: "false", default: true },
      },
    };
    const r = await runScenario({
      agent: "claude",
      name: "write-patch",
      policy,
      turns: (project) => [{ tool: "Write", input: { file_path: join(project, "hello.txt"), content: "hello\n" } }, { say: "Done." }],
    });
    expect(r.modelRequests.length, r.summary()).toBe(2);
    const seen = afterLastToolCall(r.views[1] ?? []);
    expect(seen, r.summary()).toContain("File created successfully");
    const reason = 'hookit: hook "redact-write" blocked write result — `false`';
    if (!newer) {
      expect(seen, r.summary()).toMatch(new RegExp(`<system-reminder>[\\s\\S]*${escapeRegExp(reason)}[\\s\\S]*</system-reminder>`));
      return;
    }
    // 2.1.332: a system message of its own after the result, quoting the hook command too.
    const items = r.views[1] ?? [];
    const after = items.slice(items.map((item) => item.kind).lastIndexOf("toolCall") + 1);
    const system = after
      .filter((item) => item.kind === "other")
      .map((item) => item.text)
      .join("\n");
    expect(system, r.summary()).toMatch(
      new RegExp(
        `^PostToolUse:Write hook blocking error from command: .*hook --agent claude PostToolUse.*: \\[BLOCKED by HooKit\\] ${escapeRegExp(reason)}`,
      ),
    );
  });
});

function compare(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}
