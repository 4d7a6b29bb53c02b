// `hookit hook --agent claude` as Claude Code runs it, on the payloads captured
// from Claude Code 2.1.197. Expected answers: harness-protocols §2.3 and §7.2;
// what the model then reads: fixtures/model-view.md §1.
import { expect } from "vitest";
import { BLOCK_POLICY, blockReason, CONTINUATION, CONTINUE_POLICY, PATCH_POLICY, patchText, RETRY_STOPPED } from "./_texts.ts";
import { useBuiltHookit } from "../../_sandbox.ts";
import { answer, describeHookCases, describePassingPolicy, describeFixtureTable, onFixture } from "./_replies.ts";
import { CLAUDE_EVENT_HOOKS, describeCommonCases, hookSpecificDeny, readClaudeShaped, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "claude";

const spec: HarnessSpec = {
  agent: AGENT,
  preTool: { event: "PreToolUse", fixture: "PreToolUse-Bash.json", inputField: "tool_input" },
  stop: { event: "Stop", fixture: "Stop.json" },
  read: readClaudeShaped,
  check(reply) {
    // Exit 2 would show the model the hook's command line (model-view.md `pre-exit2`).
    expect(reply.exitCode).toBe(0);
    expect(reply.stderr).toBe("");
  },
};

// Every captured event is answered with nothing and exit 0.
describePassingPolicy(spec, {
  hooks: CLAUDE_EVENT_HOOKS,
});

describeFixtureTable(spec, "tool_call block", {
  policy: BLOCK_POLICY,
  rows: [
    ["PreToolUse-Bash.json", "bash"],
    ["PreToolUse-Bash-touch.json", "bash"],
    ["PreToolUse-Write.json", "write"],
  ],
  name: (file) => `${file} gets the JSON deny with exit 0, never exit 2`,
  reply: (tool) => answer(hookSpecificDeny(blockReason(tool))),
});

describeHookCases(spec, "tool_result patch", [
  {
    name: "Bash: updatedToolOutput in Bash's output shape replaces what the model reads",
    policy: PATCH_POLICY,
    steps: [
      onFixture(
        AGENT,
        "PostToolUse-Bash.json",
        answer({
          hookSpecificOutput: {
            hookEventName: "PostToolUse",
            updatedToolOutput: { stdout: "", stderr: patchText("bash"), interrupted: false, isImage: false },
          },
        }),
      ),
    ],
  },
  {
    name: "Write: the legacy block, so the model reads the text next to the result it cannot hide",
    policy: PATCH_POLICY,
    steps: [onFixture(AGENT, "PostToolUse-Write.json", answer({ decision: "block", reason: patchText("write") }))],
  },
]);

describeHookCases(spec, "agent_end continuation", [
  {
    name: "Stop continues once; the next Stop of the session gets the retry-stopped notice, not a second continuation",
    policy: CONTINUE_POLICY,
    steps: [
      onFixture(AGENT, "Stop.json", answer({ decision: "block", reason: CONTINUATION })),
      // The capture of the Stop that followed the block: same session, stop_hook_active true.
      onFixture(AGENT, "Stop-stop_hook_active.json", answer({ systemMessage: RETRY_STOPPED })),
    ],
    log: [
      expect.objectContaining({ session: "d491f863-c96c-486c-909f-dbc720c11561", outcome: "continue" }),
      expect.objectContaining({ session: "d491f863-c96c-486c-909f-dbc720c11561", outcome: "report" }),
    ],
  },
]);

describeCommonCases(spec);
