// `hookit hook --agent copilot` as Copilot CLI runs it, on the payloads
// captured from Copilot CLI 1.0.102 in both registration styles (camelCase
// events → native payloads, PascalCase → Claude-style payloads). Expected
// answers: harness-protocols §6.3 and §7.2; what the model then reads:
// fixtures/model-view.md §4. Copilot drops stderr on exit 2, so every reason
// must travel in JSON on stdout with exit 0.
import { expect } from "vitest";
import { BLOCK_POLICY, blockReason, CONTINUATION, CONTINUE_POLICY, PATCH_POLICY, patchText, RETRY_STOPPED } from "./_texts.ts";
import { useBuiltHookit } from "../../_sandbox.ts";
import { answer, describeHookCases, describePassingPolicy, describeFixtureTable, onFixture } from "./_replies.ts";
import { describeCommonCases, stderrLines, stdoutObject, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "copilot";

const spec: HarnessSpec = {
  agent: AGENT,
  preTool: { event: "preToolUse", fixture: "preToolUse-camelCase.json", inputField: "toolArgs" },
  stop: { event: "agentStop", fixture: "agentStop-camelCase.json" },
  read(reply) {
    const out = stdoutObject(reply) ?? {};
    return {
      ...(out.permissionDecision === "deny" && { block: out.permissionDecisionReason as string }),
      ...(out.decision === "block" && { continueWith: out.reason as string }),
      notices: stderrLines(reply),
    };
  },
  check(reply) {
    // Exit 2 would replace the reason with "hook exited with code 2" (model-view.md `pre-exit2`).
    expect(reply.exitCode).toBe(0);
    const out = stdoutObject(reply);
    if (out?.permissionDecision === "deny") expect(String(out.permissionDecisionReason).trim()).not.toBe("");
  },
};

// Every captured event, in both payload styles, is answered with nothing and exit 0.
describePassingPolicy(spec, {
  hooks: {
    preToolUse: "local/allow",
    PreToolUse: "local/allow",
    postToolUse: "local/keep",
    PostToolUse: "local/keep",
    agentStop: "local/done",
    Stop: "local/done",
  },
});

describeFixtureTable(spec, "tool_call block", {
  policy: BLOCK_POLICY,
  rows: [
    ["preToolUse-camelCase.json", "bash"],
    ["PreToolUse-PascalCase.json", "bash"],
  ],
  name: (file) => `${file}: the reason travels in JSON (permissionDecision deny), exit 0`,
  reply: (tool) => answer({ permissionDecision: "deny", permissionDecisionReason: blockReason(tool) }),
});

describeFixtureTable(spec, "tool_result patch", {
  policy: PATCH_POLICY,
  rows: [
    ["postToolUse-camelCase.json", "bash"],
    ["postToolUse-camelCase-after-modifiedArgs.json", "bash"],
    ["PostToolUse-PascalCase.json", "bash"],
  ],
  name: (file) => `${file}: modifiedResult replaces the tool message with the patch text`,
  reply: (tool) => answer({ modifiedResult: { resultType: "success", textResultForLlm: patchText(tool) } }),
});

describeHookCases(
  spec,
  "agent_end continuation",
  ["agentStop-camelCase.json", "Stop-PascalCase.json"].map((file) => ({
    name: `${file} continues once; the same failure again gets no continuation and the notice on stderr`,
    policy: CONTINUE_POLICY,
    steps: [
      onFixture(AGENT, file, answer({ decision: "block", reason: CONTINUATION })),
      onFixture(AGENT, file, answer(undefined, `${RETRY_STOPPED}\n`)),
    ],
  })),
);

describeCommonCases(spec);
