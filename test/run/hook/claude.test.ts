// `hookit hook --agent claude` as Claude Code runs it, on the payloads captured
// from Claude Code 2.1.197. Expected answers: harness-protocols §2.3 and §7.2;
// what the model then reads: fixtures/model-view.md §1.
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
const AGENT = "claude";

/** Every Claude answer is one JSON object (or nothing) with exit 0 and an empty stderr. */
const answer = (value?: unknown): Reply => ({ stdout: value === undefined ? "" : jsonLine(value), stderr: "", exitCode: 0 });

const spec: HarnessSpec = {
  agent: AGENT,
  preTool: { event: "PreToolUse", fixture: "PreToolUse-Bash.json", inputField: "tool_input" },
  stop: { event: "Stop", fixture: "Stop.json" },
  read(reply) {
    const out = stdoutObject(reply) ?? {};
    const specific = out.hookSpecificOutput as Record<string, unknown> | undefined;
    return {
      ...(specific?.permissionDecision === "deny" && { block: specific.permissionDecisionReason as string }),
      ...(out.decision === "block" && { continueWith: out.reason as string }),
      notices: typeof out.systemMessage === "string" ? out.systemMessage.split("\n") : [],
    };
  },
  check(reply) {
    // Exit 2 would show the model the hook's command line (model-view.md `pre-exit2`).
    expect(reply.exitCode).toBe(0);
    expect(reply.stderr).toBe("");
  },
};

describe("claude: a passing policy", () => {
  test("every captured event is answered with nothing and exit 0, and the hooks ran", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(PASS_POLICY);
    const files = readdirSync(join(import.meta.dirname, "../../fixtures/claude")).sort();
    for (const file of files) {
      const event = file.replace(/\.json$/, "").split("-")[0] as string;
      expect(await runHook(box, AGENT, event, fixtureText(AGENT, file)), file).toEqual(answer());
    }
    const log = decisionLog(box);
    expect(log).toHaveLength(files.length);
    expect(log.every((record) => record.outcome === "pass")).toBe(true);
    const ran = log.filter((record) => (record.hooks as string[]).length > 0).map((r) => [r.event, r.hooks]);
    expect(ran).toEqual(
      expect.arrayContaining([
        ["PreToolUse", ["local/allow"]],
        ["PostToolUse", ["local/keep"]],
        ["Stop", ["local/done"]],
      ]),
    );
  });
});

describe("claude: tool_call block", () => {
  test.each([
    ["PreToolUse-Bash.json", "bash"],
    ["PreToolUse-Bash-touch.json", "bash"],
    ["PreToolUse-Write.json", "write"],
  ])("%s gets the JSON deny with exit 0, never exit 2", async (file, tool) => {
    const box = sandbox({ policyFile: true });
    box.policy(BLOCK_POLICY);
    expect(await runHook(box, AGENT, "PreToolUse", fixtureText(AGENT, file))).toEqual(
      answer({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: blockReason(tool) },
      }),
    );
  });
});

describe("claude: tool_result patch", () => {
  test("Bash: updatedToolOutput in Bash's output shape replaces what the model reads", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(PATCH_POLICY);
    expect(await runHook(box, AGENT, "PostToolUse", fixtureText(AGENT, "PostToolUse-Bash.json"))).toEqual(
      answer({
        hookSpecificOutput: {
          hookEventName: "PostToolUse",
          updatedToolOutput: { stdout: "", stderr: patchText("bash"), interrupted: false, isImage: false },
        },
      }),
    );
  });

  test("Write: the legacy block, so the model reads the text next to the result it cannot hide", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(PATCH_POLICY);
    expect(await runHook(box, AGENT, "PostToolUse", fixtureText(AGENT, "PostToolUse-Write.json"))).toEqual(
      answer({ decision: "block", reason: patchText("write") }),
    );
  });
});

describe("claude: agent_end continuation", () => {
  test("Stop continues once; the next Stop of the session gets the retry-stopped notice, not a second continuation", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(CONTINUE_POLICY);
    expect(await runHook(box, AGENT, "Stop", fixtureText(AGENT, "Stop.json"))).toEqual(answer({ decision: "block", reason: CONTINUATION }));
    // The capture of the Stop that followed the block: same session, stop_hook_active true.
    expect(await runHook(box, AGENT, "Stop", fixtureText(AGENT, "Stop-stop_hook_active.json"))).toEqual(
      answer({ systemMessage: RETRY_STOPPED }),
    );
    expect(decisionLog(box).map((r) => [r.session, r.outcome])).toEqual([
      ["d491f863-c96c-486c-909f-dbc720c11561", "continue"],
      ["d491f863-c96c-486c-909f-dbc720c11561", "report"],
    ]);
  });
});

describeCommonCases(spec);
