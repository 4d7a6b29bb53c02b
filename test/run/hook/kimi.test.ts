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
  jsonLine,
  PASS_POLICY,
  PATCH_POLICY,
  patchReason,
  RETRY_STOPPED,
} from "./_texts.ts";
import { decisionLog, fixtureText, fixtureWith, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";
import { describeCommonCases, stderrLines, stdoutObject, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "kimi";

const deny = (event: string, reason: string) => ({
  hookSpecificOutput: { hookEventName: event, permissionDecision: "deny", permissionDecisionReason: reason },
});

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

test.each([
  ["PreToolUse", "PreToolUse-Bash.json"],
  ["PreToolUse", "PreToolUse-Shell-kimi-cli.json"],
  ["PostToolUse", "PostToolUse-Bash.json"],
  ["PostToolUseFailure", "PostToolUseFailure-Bash.json"],
  ["Stop", "Stop.json"],
])("kimi: a passing policy answers %s (%s) with nothing and exit 0", async (event, file) => {
  const box = sandbox({ policyFile: true });
  box.policy(PASS_POLICY);
  // The kimi-cli documentation's example is `rm -rf /`, which self-protection refuses (tested below).
  const payload =
    file === "PreToolUse-Shell-kimi-cli.json"
      ? fixtureWith(AGENT, file, { tool_input: { command: "rm -rf build" } })
      : fixtureText(AGENT, file);
  expect(await runHook(box, AGENT, event, payload)).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  expect(decisionLog(box)).toEqual([expect.objectContaining({ agent: "kimi", outcome: "pass" })]);
});

test("kimi: self-protection refuses the documented `rm -rf /` even under a passing policy", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(PASS_POLICY);
  const reply = await runHook(box, AGENT, "PreToolUse", fixtureText(AGENT, "PreToolUse-Shell-kimi-cli.json"));
  expect(JSON.parse(reply.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/^hookit: blocked by self-protection — /);
});

test("kimi: a blocked Bash call gets the JSON deny with exit 0, for both generations' shell tools", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(BLOCK_POLICY);
  for (const file of ["PreToolUse-Bash.json", "PreToolUse-Shell-kimi-cli.json"]) {
    const reply = await runHook(box, AGENT, "PreToolUse", fixtureWith(AGENT, file, { tool_input: { command: "rm -rf build" } }));
    expect(reply).toEqual({ stdout: jsonLine(deny("PreToolUse", blockReason("bash"))), stderr: "", exitCode: 0 });
  }
});

test("kimi: a patch cannot reach the model; the hooks still ran and the user's log has the reason", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(PATCH_POLICY);
  const reply = await runHook(box, AGENT, "PostToolUse", fixtureText(AGENT, "PostToolUse-Bash.json"));
  expect(reply.stdout).toBe("");
  expect(reply.exitCode).toBe(0);
  expect(reply.stderr).toContain(patchReason("bash"));
  expect(decisionLog(box).map((r) => r.outcome)).toEqual(["patch"]);
});

test("kimi: Stop continues the agent with the JSON deny; the same failure again lets it stop and tells the user", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(CONTINUE_POLICY);
  const stop = fixtureWith(AGENT, "Stop.json", { session_id: "hookit-test-session" });
  expect(await runHook(box, AGENT, "Stop", stop)).toEqual({ stdout: jsonLine(deny("Stop", CONTINUATION)), stderr: "", exitCode: 0 });
  expect(await runHook(box, AGENT, "Stop", stop)).toEqual({ stdout: "", stderr: `${RETRY_STOPPED}\n`, exitCode: 0 });
  expect(decisionLog(box).map((r) => r.outcome)).toEqual(["continue", "report"]);
});

describeCommonCases(spec);
