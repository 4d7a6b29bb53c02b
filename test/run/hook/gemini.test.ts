// `hookit hook --agent gemini` as Gemini CLI runs it, on the payloads captured
// from Gemini CLI 0.61.0. Expected answers: harness-protocols §4.3 and §7.2;
// what the model then reads: fixtures/model-view.md §3. Gemini takes stderr
// when stdout is empty and denies on any non-JSON text with exit >= 2, so
// hookit must always exit 0 and speak JSON only.
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
import { describeCommonCases, stdoutObject, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "gemini";

const answer = (value?: unknown): Reply => ({ stdout: value === undefined ? "" : jsonLine(value), stderr: "", exitCode: 0 });

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

describe("gemini: a passing policy", () => {
  test("every captured event is answered with nothing and exit 0", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(PASS_POLICY);
    const files = readdirSync(join(import.meta.dirname, "../../fixtures/gemini"))
      .filter((f) => f.endsWith(".json"))
      .sort();
    for (const file of files) {
      const event = file.replace(/\.json$/, "").split("-")[0] as string;
      expect(await runHook(box, AGENT, event, fixtureText(AGENT, file)), file).toEqual(answer());
    }
    expect(decisionLog(box).map((r) => [r.event, r.outcome, r.hooks])).toEqual([
      ["AfterAgent", "pass", ["local/done"]],
      ["AfterAgent", "pass", ["local/done"]],
      ["AfterTool", "pass", ["local/keep"]],
      ["AfterTool", "pass", ["local/keep"]],
      ["BeforeTool", "pass", ["local/allow"]],
    ]);
  });
});

test("gemini: BeforeTool block is a JSON deny with exit 0", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(BLOCK_POLICY);
  expect(await runHook(box, AGENT, "BeforeTool", fixtureText(AGENT, "BeforeTool-run_shell_command.json"))).toEqual(
    answer({ decision: "deny", reason: blockReason("bash") }),
  );
});

test.each(["AfterTool-run_shell_command.json", "AfterTool-run_shell_command-after-rewrite.json"])(
  "gemini: AfterTool patch (%s) is a JSON deny whose reason replaces the output",
  async (file) => {
    const box = sandbox({ policyFile: true });
    box.policy(PATCH_POLICY);
    expect(await runHook(box, AGENT, "AfterTool", fixtureText(AGENT, file))).toEqual(
      answer({ decision: "deny", reason: patchText("bash") }),
    );
  },
);

test("gemini: AfterAgent retries once; the same failure again gets the retry-stopped notice", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(CONTINUE_POLICY);
  const stop = fixtureText(AGENT, "AfterAgent.json");
  expect(await runHook(box, AGENT, "AfterAgent", stop)).toEqual(answer({ decision: "deny", reason: CONTINUATION }));
  expect(await runHook(box, AGENT, "AfterAgent", stop)).toEqual(answer({ systemMessage: RETRY_STOPPED }));
  expect(decisionLog(box).map((r) => r.session)).toEqual(["72874781-6c30-4fc5-aa86-b8c517e2edde", "72874781-6c30-4fc5-aa86-b8c517e2edde"]);
});

describeCommonCases(spec);
