// `hookit hook --agent cursor` on the payloads printed in Cursor's hooks docs
// (2026-08-24; no live capture exists). Expected answers: harness-protocols
// §5 and §7.2. Cursor gets an explicit JSON object for every event: with
// failClosed an empty stdout is a failed hook, and `permission:"allow"` would
// skip the user's own approval.
import { expect } from "vitest";
import { BLOCK_POLICY, blockReason, CONTINUATION, CONTINUE_POLICY, PATCH_POLICY, patchReason, patchText, RETRY_STOPPED } from "./_texts.ts";
import { fixtureWith, useBuiltHookit } from "../../_sandbox.ts";
import { answer, describeHookCases, describePassingPolicy, onFixture } from "./_replies.ts";
import { describeCommonCases, stderrLines, stdoutObject, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "cursor";
// The docs examples leave out the common fields Cursor adds to every payload (§5.2); the
// session-scoped cases need the conversation id.
const CONVERSATION = { conversation_id: "hookit-test-conversation" };

const deny = (reason: string) => ({ permission: "deny", agent_message: reason, user_message: reason });

const spec: HarnessSpec = {
  agent: AGENT,
  preTool: { event: "preToolUse", fixture: "preToolUse-Shell-docs-example.json", inputField: "tool_input" },
  stop: { event: "stop", fixture: "stop-docs-example.json" },
  read(reply) {
    const out = stdoutObject(reply) ?? {};
    const block = out.permission === "deny" ? (out.agent_message as string) : undefined;
    // On a denial the user's notices ride in user_message, after the reason.
    const extra = block !== undefined ? String(out.user_message).slice(block.length + 1) : "";
    return {
      ...(block !== undefined && { block }),
      ...(typeof out.followup_message === "string" && { continueWith: out.followup_message }),
      notices: [...(extra ? extra.split("\n") : []), ...stderrLines(reply)],
    };
  },
  check(reply) {
    expect(reply.exitCode).toBe(0);
    // Every event, including unreadable ones, is answered with a JSON object.
    expect(stdoutObject(reply)).toBeDefined();
  },
};

// With failClosed an empty stdout is a failed hook: every event gets an explicit {}.
describePassingPolicy(spec, {
  reply: () => answer({}),
  hooks: { preToolUse: "local/allow", postToolUse: "local/keep", postToolUseFailure: "local/keep", stop: "local/done" },
});

describeHookCases(
  spec,
  "lifecycle events",
  ["sessionStart", "sessionEnd", "beforeSubmitPrompt", "afterAgentThought", "subagentStop", "preCompact"].map((event) => ({
    name: `the lifecycle event ${event} is answered with {} too`,
    policy: BLOCK_POLICY,
    steps: [{ event, stdin: JSON.stringify(CONVERSATION), reply: answer({}) }],
  })),
);

describeHookCases(spec, "tool_call block", [
  {
    name: "preToolUse gets permission deny with the reason for the agent and the user",
    policy: BLOCK_POLICY,
    steps: [onFixture(AGENT, "preToolUse-Shell-docs-example.json", answer(deny(blockReason("bash"))))],
  },
  {
    name: "beforeShellExecution (documented fields: command, cwd) is blocked the same way",
    policy: BLOCK_POLICY,
    steps: [
      {
        event: "beforeShellExecution",
        stdin: JSON.stringify({ ...CONVERSATION, command: "npm install", cwd: "/project" }),
        reply: answer(deny(blockReason("bash"))),
      },
    ],
  },
]);

const NOTE = "Cursor cannot hide this tool result, so it is still shown above: treat it as rejected and do not use it.";
describeHookCases(spec, "tool_result patch", [
  {
    name: "a built-in tool's result cannot be replaced: additional_context says it is rejected",
    policy: PATCH_POLICY,
    steps: [
      onFixture(
        AGENT,
        "postToolUse-Shell-docs-example.json",
        answer({ additional_context: `[BLOCKED by HooKit] ${patchReason("bash")}\n\n${NOTE}` }),
      ),
    ],
  },
  {
    name: "an MCP tool's result is replaced with updated_mcp_tool_output",
    policy: PATCH_POLICY,
    steps: [
      onFixture(
        AGENT,
        "postToolUse-Shell-docs-example.json",
        answer({ updated_mcp_tool_output: { content: [{ type: "text", text: patchText("MCP:search") }] } }),
        fixtureWith(AGENT, "postToolUse-Shell-docs-example.json", { tool_name: "MCP:search", tool_input: { query: "x" } }),
      ),
    ],
  },
  {
    name: "postToolUseFailure has no answer field: the hooks run, the reply stays {}",
    policy: PATCH_POLICY,
    steps: [onFixture(AGENT, "postToolUseFailure-docs-example.json", answer({}))],
    log: [expect.objectContaining({ outcome: "patch" })],
  },
]);

describeHookCases(spec, "agent_end continuation", [
  {
    name: "stop sends one follow-up; the same failure again gets {} and the notice on stderr",
    policy: CONTINUE_POLICY,
    steps: [
      onFixture(
        AGENT,
        "stop-docs-example.json",
        answer({ followup_message: CONTINUATION }),
        fixtureWith(AGENT, "stop-docs-example.json", CONVERSATION),
      ),
      onFixture(
        AGENT,
        "stop-docs-example.json",
        answer({}, `${RETRY_STOPPED}\n`),
        fixtureWith(AGENT, "stop-docs-example.json", { ...CONVERSATION, loop_count: 1 }),
      ),
    ],
  },
]);

describeCommonCases(spec);
