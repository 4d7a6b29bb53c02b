// `hookit hook --agent cursor` on the payloads printed in Cursor's hooks docs
// (2026-08-24; no live capture exists). Expected answers: harness-protocols
// §5 and §7.2. Cursor gets an explicit JSON object for every event: with
// failClosed an empty stdout is a failed hook, and `permission:"allow"` would
// skip the user's own approval.
import { describe, expect, test } from "vitest";
import {
  BLOCK_POLICY,
  blockReason,
  CONTINUATION,
  CONTINUE_POLICY,
  jsonLine,
  PASS_POLICY,
  PATCH_POLICY,
  patchReason,
  patchText,
  RETRY_STOPPED,
} from "./_texts.ts";
import { decisionLog, fixtureText, fixtureWith, type Reply, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";
import { describeCommonCases, stderrLines, stdoutObject, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "cursor";
// The docs examples leave out the common fields Cursor adds to every payload (§5.2); the
// session-scoped cases need the conversation id.
const CONVERSATION = { conversation_id: "hookit-test-conversation" };

const answer = (value: unknown, stderr = ""): Reply => ({ stdout: jsonLine(value), stderr, exitCode: 0 });
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

describe("cursor: a passing policy", () => {
  test.each([
    ["preToolUse", "preToolUse-Shell-docs-example.json"],
    ["postToolUse", "postToolUse-Shell-docs-example.json"],
    ["postToolUseFailure", "postToolUseFailure-docs-example.json"],
    ["stop", "stop-docs-example.json"],
  ])("%s is answered with an explicit {} and exit 0", async (event, file) => {
    const box = sandbox({ policyFile: true });
    box.policy(PASS_POLICY);
    expect(await runHook(box, AGENT, event, fixtureText(AGENT, file))).toEqual(answer({}));
    expect(decisionLog(box)).toEqual([expect.objectContaining({ outcome: "pass", hooks: [expect.stringMatching(/^local\//)] })]);
  });

  test.each(["sessionStart", "sessionEnd", "beforeSubmitPrompt", "afterAgentThought", "subagentStop", "preCompact"])(
    "the lifecycle event %s is answered with {} too",
    async (event) => {
      const box = sandbox({ policyFile: true });
      box.policy(BLOCK_POLICY);
      expect(await runHook(box, AGENT, event, JSON.stringify(CONVERSATION))).toEqual(answer({}));
    },
  );
});

describe("cursor: tool_call block", () => {
  test("preToolUse gets permission deny with the reason for the agent and the user", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(BLOCK_POLICY);
    expect(await runHook(box, AGENT, "preToolUse", fixtureText(AGENT, "preToolUse-Shell-docs-example.json"))).toEqual(
      answer(deny(blockReason("bash"))),
    );
  });

  test("beforeShellExecution (documented fields: command, cwd) is blocked the same way", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(BLOCK_POLICY);
    const payload = JSON.stringify({ ...CONVERSATION, command: "npm install", cwd: "/project" });
    expect(await runHook(box, AGENT, "beforeShellExecution", payload)).toEqual(answer(deny(blockReason("bash"))));
  });
});

describe("cursor: tool_result patch", () => {
  test("a built-in tool's result cannot be replaced: additional_context says it is rejected", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(PATCH_POLICY);
    const note = `[BLOCKED by HooKit] ${patchReason("bash")}\n\nCursor cannot hide this tool result, so it is still shown above: treat it as rejected and do not use it.`;
    expect(await runHook(box, AGENT, "postToolUse", fixtureText(AGENT, "postToolUse-Shell-docs-example.json"))).toEqual(
      answer({ additional_context: note }),
    );
  });

  test("an MCP tool's result is replaced with updated_mcp_tool_output", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(PATCH_POLICY);
    const payload = fixtureWith(AGENT, "postToolUse-Shell-docs-example.json", { tool_name: "MCP:search", tool_input: { query: "x" } });
    expect(await runHook(box, AGENT, "postToolUse", payload)).toEqual(
      answer({ updated_mcp_tool_output: { content: [{ type: "text", text: patchText("MCP:search") }] } }),
    );
  });

  test("postToolUseFailure has no answer field: the hooks run, the reply stays {}", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(PATCH_POLICY);
    expect(await runHook(box, AGENT, "postToolUseFailure", fixtureText(AGENT, "postToolUseFailure-docs-example.json"))).toEqual(answer({}));
    expect(decisionLog(box).map((r) => r.outcome)).toEqual(["patch"]);
  });
});

test("cursor: stop sends one follow-up; the same failure again gets {} and the notice on stderr", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(CONTINUE_POLICY);
  const stop = fixtureWith(AGENT, "stop-docs-example.json", CONVERSATION);
  expect(await runHook(box, AGENT, "stop", stop)).toEqual(answer({ followup_message: CONTINUATION }));
  const again = fixtureWith(AGENT, "stop-docs-example.json", { ...CONVERSATION, loop_count: 1 });
  expect(await runHook(box, AGENT, "stop", again)).toEqual(answer({}, `${RETRY_STOPPED}\n`));
});

describeCommonCases(spec);
