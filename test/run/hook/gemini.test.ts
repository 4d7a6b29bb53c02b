// `hookit hook --agent gemini` as Gemini CLI runs it, on the payloads captured
// from Gemini CLI 0.61.0. Expected answers: harness-protocols §4.3 and §7.2;
// what the model then reads: fixtures/model-view.md §3. Gemini takes stderr
// when stdout is empty and denies on any non-JSON text with exit >= 2, so
// hookit must always exit 0 and speak JSON only.
import { expect } from "vitest";
import { BLOCK_POLICY, blockReason, CONTINUATION, CONTINUE_POLICY, PATCH_POLICY, patchText, RETRY_STOPPED } from "./_texts.ts";
import { useBuiltHookit } from "../../_sandbox.ts";
import { answer, describeHookCases, describePassingPolicy, describeFixtureTable, onFixture } from "./_replies.ts";
import { describeCommonCases, stdoutObject, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "gemini";

const spec: HarnessSpec = {
  agent: AGENT,
  preTool: { event: "BeforeTool", fixture: "BeforeTool-run_shell_command.json", inputField: "tool_input" },
  stop: { event: "AfterAgent", fixture: "AfterAgent.json" },
  read(reply) {
    const out = stdoutObject(reply) ?? {};
    // One spelling for both: a deny blocks BeforeTool and retries AfterAgent.
    const deny = out.decision === "deny" ? (out.reason as string) : undefined;
    return {
      ...(deny !== undefined && { block: deny, continueWith: deny }),
      notices: typeof out.systemMessage === "string" ? out.systemMessage.split("\n") : [],
    };
  },
  check(reply) {
    expect(reply.exitCode).toBe(0);
    expect(reply.stderr).toBe("");
  },
};

describePassingPolicy(spec, {
  hooks: { BeforeTool: "local/allow", AfterTool: "local/keep", AfterAgent: "local/done" },
});

describeFixtureTable(spec, "tool_call block", {
  policy: BLOCK_POLICY,
  rows: [["BeforeTool-run_shell_command.json", "bash"]],
  name: () => "BeforeTool block is a JSON deny with exit 0",
  reply: (tool) => answer({ decision: "deny", reason: blockReason(tool) }),
});

describeFixtureTable(spec, "tool_result patch", {
  policy: PATCH_POLICY,
  rows: [
    ["AfterTool-run_shell_command.json", "bash"],
    ["AfterTool-run_shell_command-after-rewrite.json", "bash"],
  ],
  name: (file) => `AfterTool patch (${file}) is a JSON deny whose reason replaces the output`,
  reply: (tool) => answer({ decision: "deny", reason: patchText(tool) }),
});

const CAPTURE = "72874781-6c30-4fc5-aa86-b8c517e2edde";
describeHookCases(spec, "agent_end continuation", [
  {
    name: "AfterAgent retries once; the same failure again gets the retry-stopped notice",
    policy: CONTINUE_POLICY,
    steps: [
      onFixture(AGENT, "AfterAgent.json", answer({ decision: "deny", reason: CONTINUATION })),
      onFixture(AGENT, "AfterAgent.json", answer({ systemMessage: RETRY_STOPPED })),
    ],
    log: [expect.objectContaining({ session: CAPTURE }), expect.objectContaining({ session: CAPTURE })],
  },
]);

describeCommonCases(spec);
