// `hookit hook --agent copilot` as Copilot CLI runs it, on the payloads
// captured from Copilot CLI 1.0.102 in both registration styles (camelCase
// events → native payloads, PascalCase → Claude-style payloads). Expected
// answers: harness-protocols §6.3 and §7.2; what the model then reads:
// fixtures/model-view.md §4. Copilot drops stderr on exit 2, so every reason
// must travel in JSON on stdout with exit 0.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  BLOCK_POLICY,
  blockReason,
  CONTINUATION,
  CONTINUE_POLICY,
  jsonLine,
  PASS_POLICY,
  PATCH_POLICY,
  patchText,
  RETRY_STOPPED,
} from "./_texts.ts";
import { decisionLog, fixtureText, type Reply, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";
import { describeCommonCases, stderrLines, stdoutObject, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "copilot";

const answer = (value?: unknown, stderr = ""): Reply => ({ stdout: value === undefined ? "" : jsonLine(value), stderr, exitCode: 0 });
const eventOf = (file: string) => file.replace(/\.json$/, "").split("-")[0] as string;

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

describe("copilot: a passing policy", () => {
  test("every captured event, in both payload styles, is answered with nothing and exit 0", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(PASS_POLICY);
    // Payloads only: plugin/ holds the CLI's help text.
    const files = readdirSync(join(import.meta.dirname, "../../fixtures/copilot"))
      .filter((f) => f.endsWith(".json"))
      .sort();
    for (const file of files) expect(await runHook(box, AGENT, eventOf(file), fixtureText(AGENT, file)), file).toEqual(answer());
    const ran = decisionLog(box)
      .filter((r) => (r.hooks as string[]).length > 0)
      .map((r) => r.event);
    expect(ran.sort()).toEqual(["PostToolUse", "PreToolUse", "Stop", "agentStop", "agentStop", "postToolUse", "postToolUse", "preToolUse"]);
  });
});

describe("copilot: tool_call block", () => {
  test.each(["preToolUse-camelCase.json", "PreToolUse-PascalCase.json"])(
    "%s: the reason travels in JSON (permissionDecision deny), exit 0",
    async (file) => {
      const box = sandbox({ policyFile: true });
      box.policy(BLOCK_POLICY);
      expect(await runHook(box, AGENT, eventOf(file), fixtureText(AGENT, file))).toEqual(
        answer({ permissionDecision: "deny", permissionDecisionReason: blockReason("bash") }),
      );
    },
  );
});

describe("copilot: tool_result patch", () => {
  test.each(["postToolUse-camelCase.json", "postToolUse-camelCase-after-modifiedArgs.json", "PostToolUse-PascalCase.json"])(
    "%s: modifiedResult replaces the tool message with the patch text",
    async (file) => {
      const box = sandbox({ policyFile: true });
      box.policy(PATCH_POLICY);
      expect(await runHook(box, AGENT, eventOf(file), fixtureText(AGENT, file))).toEqual(
        answer({ modifiedResult: { resultType: "success", textResultForLlm: patchText("bash") } }),
      );
    },
  );
});

describe("copilot: agent_end continuation", () => {
  test.each(["agentStop-camelCase.json", "Stop-PascalCase.json"])(
    "%s continues once; the same failure again gets no continuation and the notice on stderr",
    async (file) => {
      const box = sandbox({ policyFile: true });
      box.policy(CONTINUE_POLICY);
      const stop = fixtureText(AGENT, file);
      expect(await runHook(box, AGENT, eventOf(file), stop)).toEqual(answer({ decision: "block", reason: CONTINUATION }));
      expect(await runHook(box, AGENT, eventOf(file), stop)).toEqual(answer(undefined, `${RETRY_STOPPED}\n`));
    },
  );
});

describeCommonCases(spec);
