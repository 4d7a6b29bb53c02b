// `hookit hook --agent kimi` through the built binary, on the payloads built from Kimi Code's
// hooks docs (test/fixtures/kimi/README.md; Kimi cannot run here). Kimi reads a Claude-shaped
// `hookSpecificOutput` deny on stdout with exit 0; everything hookit tells the user goes to
// stderr, which Kimi only logs. Any other exit code than 0 and 2 would let the tool run.
import { expect, test } from "vitest";
import {
  BLOCK_POLICY,
  blockReason,
  CONTINUATION,
  CONTINUE_POLICY,
  PASS_POLICY,
  PATCH_POLICY,
  patchReason,
  RETRY_STOPPED,
} from "./_texts.ts";
import { decisionLog, fixtureText, fixtureWith, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";
import { answer, describeHookCases, describePassingPolicy, onFixture } from "./_replies.ts";
import { describeCommonCases, hookSpecificDeny, stderrLines, stdoutObject, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "kimi";

const spec: HarnessSpec = {
  agent: AGENT,
  preTool: { event: "PreToolUse", fixture: "PreToolUse-Bash.json", inputField: "tool_input" },
  stop: { event: "Stop", fixture: "Stop.json" },
  read(reply) {
    const out = stdoutObject(reply);
    const specific = out?.hookSpecificOutput as Record<string, unknown> | undefined;
    const reason = specific?.permissionDecision === "deny" ? (specific.permissionDecisionReason as string) : undefined;
    return {
      ...(reason !== undefined && specific?.hookEventName === "PreToolUse" && { block: reason }),
      ...(reason !== undefined && specific?.hookEventName === "Stop" && { continueWith: reason }),
      notices: stderrLines(reply),
    };
  },
  check(reply) {
    expect(reply.exitCode).toBe(0);
  },
};

describePassingPolicy(spec, {
  hooks: { PreToolUse: "local/allow", PostToolUse: "local/keep", PostToolUseFailure: "local/keep", Stop: "local/done" },
  // The kimi-cli documentation's example is `rm -rf /`, which self-protection refuses (tested below).
  stdin: {
    "PreToolUse-Shell-kimi-cli.json": fixtureWith(AGENT, "PreToolUse-Shell-kimi-cli.json", { tool_input: { command: "rm -rf build" } }),
  },
});

test("kimi: self-protection refuses the documented `rm -rf /` even under a passing policy", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(PASS_POLICY);
  const reply = await runHook(box, AGENT, "PreToolUse", fixtureText(AGENT, "PreToolUse-Shell-kimi-cli.json"));
  expect(JSON.parse(reply.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/^hookit: blocked by self-protection — /);
});

describeHookCases(
  spec,
  "tool_call block",
  ["PreToolUse-Bash.json", "PreToolUse-Shell-kimi-cli.json"].map((file) => ({
    name: `a blocked Bash call (${file}) gets the JSON deny with exit 0, for both generations' shell tools`,
    policy: BLOCK_POLICY,
    steps: [
      onFixture(
        AGENT,
        file,
        answer(hookSpecificDeny(blockReason("bash"))),
        fixtureWith(AGENT, file, { tool_input: { command: "rm -rf build" } }),
      ),
    ],
  })),
);

test("kimi: a patch cannot reach the model; the hooks still ran and the user's log has the reason", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(PATCH_POLICY);
  const reply = await runHook(box, AGENT, "PostToolUse", fixtureText(AGENT, "PostToolUse-Bash.json"));
  expect(reply.stdout).toBe("");
  expect(reply.exitCode).toBe(0);
  expect(reply.stderr).toContain(patchReason("bash"));
  expect(decisionLog(box).map((r) => r.outcome)).toEqual(["patch"]);
});

describeHookCases(spec, "agent_end continuation", [
  {
    name: "Stop continues the agent with the JSON deny; the same failure again lets it stop and tells the user",
    policy: CONTINUE_POLICY,
    steps: [
      onFixture(
        AGENT,
        "Stop.json",
        answer(hookSpecificDeny(CONTINUATION, "Stop")),
        fixtureWith(AGENT, "Stop.json", { session_id: "hookit-test-session" }),
      ),
      onFixture(
        AGENT,
        "Stop.json",
        answer(undefined, `${RETRY_STOPPED}\n`),
        fixtureWith(AGENT, "Stop.json", { session_id: "hookit-test-session" }),
      ),
    ],
    log: [expect.objectContaining({ outcome: "continue" }), expect.objectContaining({ outcome: "report" })],
  },
]);

describeCommonCases(spec);
