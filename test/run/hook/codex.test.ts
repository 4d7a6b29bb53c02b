// `hookit hook --agent codex` as Codex CLI runs it, on the payloads captured
// from Codex 0.171.0. Expected answers: harness-protocols §3.3 and §7.2; what
// the model then reads: fixtures/model-view.md §2. Codex validates hook output
// with additionalProperties:false and ignores an invalid answer (the tool then
// runs), so every reply here is also checked against the event's schema.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { BLOCK_POLICY, blockReason, CONTINUATION, CONTINUE_POLICY, PATCH_POLICY, patchText, RETRY_STOPPED } from "./_texts.ts";
import { fixtureText, fixtureWith, type Reply, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";
import { answer, describeHookCases, describePassingPolicy, describeFixtureTable, onFixture } from "./_replies.ts";
import { CLAUDE_EVENT_HOOKS, describeCommonCases, hookSpecificDeny, readClaudeShaped, stdoutObject, type HarnessSpec } from "./_suites.ts";

useBuiltHookit();
const AGENT = "codex";

/**
 * The output fields Codex 0.171 accepts per event ([CX-BIN] schemas, §3.3; `systemMessage`
 * on every event, §7.3). Fields the schema has but Codex rejects as "unsupported" on that
 * event (PreToolUse `continue`/`stopReason`/`suppressOutput`, PostToolUse `suppressOutput`
 * and `updatedMCPToolOutput`) are left out: they fail open just the same.
 */
const SCHEMA: Record<string, { top: string[]; specific: string[] }> = {
  PreToolUse: {
    top: ["hookSpecificOutput", "decision", "reason", "systemMessage"],
    specific: ["hookEventName", "permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"],
  },
  PostToolUse: {
    top: ["decision", "reason", "continue", "stopReason", "systemMessage", "hookSpecificOutput"],
    specific: ["hookEventName", "additionalContext"],
  },
  Stop: { top: ["decision", "reason", "continue", "stopReason", "systemMessage"], specific: [] },
};

function expectCodexSchema(reply: Reply, nativeEvent: string): void {
  const out = stdoutObject(reply);
  if (out === undefined) return;
  const schema = SCHEMA[nativeEvent] ?? { top: ["systemMessage"], specific: [] };
  expect(schema.top).toEqual(expect.arrayContaining(Object.keys(out)));
  const specific = out.hookSpecificOutput as Record<string, unknown> | undefined;
  if (specific !== undefined) {
    expect(schema.specific).toEqual(expect.arrayContaining(Object.keys(specific)));
    expect(specific.hookEventName).toBe(nativeEvent);
    // `ask` and a bare `allow` are unsupported and fail open.
    if ("permissionDecision" in specific) expect(specific.permissionDecision).toBe("deny");
    if (specific.permissionDecision === "deny") expect(String(specific.permissionDecisionReason).trim()).not.toBe("");
  }
  if ("decision" in out) {
    expect(out.decision).toBe("block");
    expect(String(out.reason).trim()).not.toBe("");
  } else expect(out).not.toHaveProperty("reason");
}

/** Runs the hook and checks the reply against Codex's schema before the test looks at it. */
async function codex(box: ReturnType<typeof sandbox>, event: string, stdin: string): Promise<Reply> {
  const reply = await runHook(box, AGENT, event, stdin);
  expectCodexSchema(reply, event);
  return reply;
}

const spec: HarnessSpec = {
  agent: AGENT,
  preTool: { event: "PreToolUse", fixture: "PreToolUse-Bash.json", inputField: "tool_input" },
  stop: { event: "Stop", fixture: "Stop.json" },
  read: readClaudeShaped,
  check(reply, nativeEvent) {
    expect(reply.exitCode).toBe(0);
    expect(reply.stderr).toBe("");
    expectCodexSchema(reply, nativeEvent);
  },
};

describePassingPolicy(spec, {
  hooks: CLAUDE_EVENT_HOOKS,
});

describeFixtureTable(spec, "tool_call block", {
  policy: BLOCK_POLICY,
  rows: [
    ["PreToolUse-Bash.json", "bash"],
    ["PreToolUse-Bash-touch.json", "bash"],
    ["PreToolUse-apply_patch.json", "write"],
  ],
  name: (file) => `${file} gets exactly the schema's deny object with a non-empty reason`,
  reply: (tool) => answer(hookSpecificDeny(blockReason(tool))),
});

describe("codex: tool_call block of a patch", () => {
  test("an apply_patch touching two files is checked per file; the reason names the blocked one", async () => {
    const box = sandbox({ policyFile: true });
    box.policy({ local: { deny: { description: "", event: "tool_call", filter: { path: "^secret" }, shell: "false", default: true } } });
    const patch = "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** Update File: secret.txt\n@@\n-old\n+new\n*** End Patch\n";
    const payload = fixtureWith(AGENT, "PreToolUse-apply_patch.json", { tool_input: { command: patch } });
    expect(await codex(box, "PreToolUse", payload)).toEqual(answer(hookSpecificDeny(`secret.txt: ${blockReason("edit")}`)));
  });
});

describeFixtureTable(spec, "tool_result patch", {
  policy: PATCH_POLICY,
  rows: [
    ["PostToolUse-Bash.json", "bash"],
    ["PostToolUse-apply_patch.json", "write"],
  ],
  name: (file) => `${file}: decision block replaces the output with the patch text`,
  reply: (tool) => answer({ decision: "block", reason: patchText(tool) }),
});

describeHookCases(spec, "agent_end continuation", [
  {
    name: "Stop continues once; the next Stop of the session gets the retry-stopped notice",
    policy: CONTINUE_POLICY,
    steps: [
      onFixture(AGENT, "Stop.json", answer({ decision: "block", reason: CONTINUATION })),
      onFixture(AGENT, "Stop-stop_hook_active.json", answer({ systemMessage: RETRY_STOPPED })),
    ],
  },
]);

describe("codex: agent_end continuation without a loop cap", () => {
  test("Codex has no loop cap, so hookit stops after 5 continuations in a row even when the failure changes", async () => {
    const box = sandbox({ policyFile: true });
    // A different exit code each time gives HooKit a new fingerprint, so only hookit's cap stops it.
    const counter = join(box.root, "count");
    const shell = `n=$(cat ${counter} 2>/dev/null || echo 0); n=$((n+1)); echo $n > ${counter}; exit $n`;
    box.policy({ local: { tests: { description: "", event: "agent_end", shell, default: true } } });
    const stop = fixtureText(AGENT, "Stop.json");
    for (let exit = 1; exit <= 5; exit++) {
      const reason = `1 hook failed after your last turn:\n\n- **tests**: \`${shell}\` (exit ${exit})`;
      expect(await codex(box, "Stop", stop)).toEqual(answer({ decision: "block", reason }));
    }
    expect(await codex(box, "Stop", stop)).toEqual(
      answer({
        systemMessage: "hookit: agent-end hooks requested 5 continuations in a row; automatic retry stopped.",
      }),
    );
  });
});

describeCommonCases(spec);
