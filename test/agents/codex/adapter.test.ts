// Codex CLI adapter: every captured 0.171.0 payload parses into the expected invocation
// (describeAdapterContract), and every answer uses only fields Codex's output schemas accept
// (any extra field makes Codex drop the whole answer and fail open).
import { E2E_FEATURES } from "../../../src/agents/shared/evidence.ts";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import codex from "../../../src/agents/codex/adapter.ts";
import type { Decision } from "../../../src/contract/types.ts";
import { CAPABILITIES } from "../../../src/agents/capabilities.ts";
import { describeAdapterContract, itRejects } from "../_adapter-contract.ts";
import { lifecycle, type SeenResult, type SeenTool, stopOf, toolCall, toolResult } from "../_invocations.ts";

const DIR = new URL("../../fixtures/codex/", import.meta.url);
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));

const SESSION_A = "01a2293b-b106-7850-8243-5dc758b178f6";
const SESSION_P = "01a2293b-a517-7131-a256-d1e882cf1a33";
const SESSION_T = "01a2293b-be03-7470-94c5-ed84b775963b";
const SESSION_S = "01a2293b-9a8b-7e63-8fc4-f32c33e2cd2a";
const ROLLOUT: Record<string, string> = {
  [SESSION_A]: "2026-11-29T21-35-07",
  [SESSION_P]: "2026-11-29T21-35-04",
  [SESSION_T]: "2026-11-29T21-35-10",
  [SESSION_S]: "2026-11-29T21-35-01",
};
const head = (id: string, model = true) => {
  const sessionFile = `/home/user/.codex/sessions/2026/11/29/rollout-${ROLLOUT[id]}-${id}.jsonl`;
  return {
    agent: "codex",
    sessionId: id,
    cwd: "/home/user/project",
    metadata: { sessionId: id, sessionFile, ...(model ? { model: "gpt-5.5" } : {}) },
  };
};
const bash = (command: string): SeenTool => ({
  toolName: "bash",
  toolCallId: "call_fake0001",
  input: { command },
  nativeToolName: "Bash",
  nativeToolInput: { command },
});
const PATCH: SeenTool = {
  toolName: "write",
  toolCallId: "call_fake0001",
  input: { path: "hello.txt", content: "hello\n" },
  nativeToolName: "apply_patch",
  nativeToolInput: { command: "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n" },
};
const PATCH_SUMMARY = "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA hello.txt\n";
// Codex keeps the native tool name for respond().
const preTool = (session: string, tool: SeenTool, labels?: string[]) =>
  toolCall(head(session), "PreToolUse", tool, { native: { toolName: tool.nativeToolName }, ...(labels && { labels }) });
const postTool = (session: string, result: SeenResult) =>
  toolResult(head(session), "PostToolUse", result, { native: { toolName: result.nativeToolName } });

describeAdapterContract(codex, {
  title: "captured 0.171.0 payloads",
  expected: {
    "PreToolUse-Bash.json": preTool(SESSION_A, bash("echo hello")),
    "PreToolUse-Bash-touch.json": preTool(SESSION_T, bash("touch hookit-e2e-marker")),
    "PreToolUse-apply_patch.json": preTool(SESSION_P, PATCH, ["hello.txt"]),
    "PostToolUse-Bash.json": postTool(SESSION_A, { ...bash("echo hello"), text: "hello\n" }),
    "PostToolUse-apply_patch.json": postTool(SESSION_P, { ...PATCH, text: PATCH_SUMMARY }),
    "Stop.json": stopOf(head(SESSION_S), "Stop", false),
    "Stop-stop_hook_active.json": stopOf(head(SESSION_S), "Stop", true),
    "SessionStart.json": lifecycle(head(SESSION_A), "SessionStart"),
    "SessionEnd.json": lifecycle(head(SESSION_A, false), "SessionEnd"),
    "UserPromptSubmit.json": lifecycle(head(SESSION_A), "UserPromptSubmit"),
  },
  unknownFields: { future_field: [{ a: 1 }], agent_id: "x" },
});

describe("codex parse: tools", () => {
  const pre = fixture("PreToolUse-Bash.json");
  const call = (tool_name: string, tool_input: unknown) => codex.parse("PreToolUse", { ...pre, tool_name, tool_input });

  it.each([
    ["shell_command", { command: "ls -la" }, "ls -la"],
    ["exec_command", { cmd: "git status", yield_time_ms: 10000 }, "git status"],
    ["local_shell", { command: ["bash", "-lc", "rm -rf build"] }, "bash -lc 'rm -rf build'"],
    ["shell", { command: "pwd" }, "pwd"],
  ])("treats %s as bash", (name, input, command) => {
    expect(call(name, input).events).toEqual([expect.objectContaining({ toolName: "bash", input: { command }, nativeToolName: name })]);
  });

  it("checks an apply_patch heredoc sent through a shell tool as the bash call and the per-file writes", () => {
    const cmd = "cd sub && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a.txt\n+x\n*** Delete File: /etc/hosts\n*** End Patch\nEOF";
    const invocation = call("exec_command", { cmd });
    expect(invocation.events.map((e) => (e.event === "tool_call" ? [e.toolName, e.input] : []))).toEqual([
      ["bash", { command: cmd }],
      ["write", { path: "sub/a.txt", content: "x\n" }],
      ["write", { path: "/etc/hosts", content: "", delete: true }],
    ]);
    expect(invocation.labels).toEqual(["exec_command", "sub/a.txt", "/etc/hosts"]);
    // Any other way of handing apply_patch an envelope still shows its files.
    const piped = call("Bash", { command: "printf '%s' '*** Begin Patch\n*** Add File: b.txt\n+y\n*** End Patch' | apply_patch" });
    expect(piped.events.map((e) => (e.event === "tool_call" ? e.toolName : ""))).toEqual(["bash", "write"]);
    // A command that only mentions the words is a plain bash call.
    expect(call("Bash", { command: "grep -n apply_patch notes.md" }).events).toHaveLength(1);
  });

  it("keeps MCP tools under their own name and input", () => {
    const input = { owner: "o", repo: "r" };
    expect(call("mcp__github__list_issues", input).events[0]).toMatchObject({ toolName: "mcp__github__list_issues", input });
  });

  it("turns a multi-file patch into one event per file, labelled by path", () => {
    const command = [
      "*** Begin Patch",
      "*** Update File: src/a.ts",
      "@@ function a()",
      " keep",
      "-old",
      "+new",
      "*** End of File",
      "*** Add File: docs/new.md",
      "+# Title",
      "+",
      "*** Delete File: old.txt",
      "*** Update File: src/b.ts",
      "*** Move to: src/c.ts",
      "-x",
      "+y",
      "*** End Patch",
    ].join("\n");
    const invocation = call("apply_patch", { command });
    expect(invocation.labels).toEqual(["src/a.ts", "docs/new.md", "old.txt", "src/b.ts", "src/c.ts"]);
    expect(invocation.events.map((e) => e.event === "tool_call" && [e.toolName, e.input, e.toolCallId])).toEqual([
      ["edit", { path: "src/a.ts", edits: [{ oldText: "keep\nold", newText: "keep\nnew" }] }, "call_fake0001"],
      ["write", { path: "docs/new.md", content: "# Title\n\n" }, "call_fake0001"],
      ["write", { path: "old.txt", content: "", delete: true }, "call_fake0001"],
      ["edit", { path: "src/b.ts", edits: [{ oldText: "x", newText: "y" }] }, "call_fake0001"],
      ["edit", { path: "src/c.ts", edits: [{ oldText: "x", newText: "y" }] }, "call_fake0001"],
    ]);
    const post = codex.parse("PostToolUse", { ...pre, tool_name: "apply_patch", tool_input: { command }, tool_response: "ok" });
    expect(post.events).toEqual([
      expect.objectContaining({ toolName: "apply_patch", input: { command }, content: [{ type: "text", text: "ok" }] }),
    ]);
  });

  itRejects(codex, [
    ["a non-object payload", "PreToolUse", "oops", /Codex PreToolUse payload: expected a JSON object on stdin, got a string/],
    ["a missing tool_input", "PreToolUse", { ...pre, tool_input: undefined }, /"tool_input" of Bash must be a JSON object, got nothing/],
    ["an empty tool_name", "PostToolUse", { ...pre, tool_name: "" }, /PostToolUse payload: "tool_name" must be a non-empty string/],
    [
      "a shell call without command",
      "PreToolUse",
      { ...pre, tool_input: { command: 5 } },
      /tool_input\.command of Bash must be a string, got a number/,
    ],
    [
      "a patch without text",
      "PreToolUse",
      { ...pre, tool_name: "apply_patch", tool_input: {} },
      /tool_input\.command of apply_patch must be the patch text/,
    ],
    [
      "an unparseable patch",
      "PreToolUse",
      { ...pre, tool_name: "apply_patch", tool_input: { command: "diff --git a b" } },
      /apply_patch text cannot be read: the first line must be "\*\*\* Begin Patch"/,
    ],
    ["a numeric session_id", "Stop", { ...pre, session_id: 1 }, /Stop payload: "session_id" must be a string, got a number/],
    ["an unknown event", "AfterTool", pre, /does not know the Codex event "AfterTool"/],
  ]);
});

const pre = codex.parse("PreToolUse", fixture("PreToolUse-Bash.json"));
const post = codex.parse("PostToolUse", fixture("PostToolUse-Bash.json"));
const stop = codex.parse("Stop", fixture("Stop.json"));
const session = codex.parse("SessionStart", fixture("SessionStart.json"));
const d = (fields: Partial<Decision>): Decision => ({ notices: [], ...fields });
const json = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });
const R = "HOOKIT-DENY: blocked this by policy";

describe("codex respond", () => {
  it("prints nothing for a plain allow (never permissionDecision:allow)", () => {
    for (const inv of [pre, post, stop, session]) expect(codex.respond(inv, d({}))).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("blocks with exactly the schema's deny object", () => {
    expect(codex.respond(pre, d({ block: R }))).toEqual({
      stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${R}"}}\n`,
      stderr: "",
      exitCode: 0,
    });
  });

  it("never sends a blank reason, which Codex would ignore", () => {
    expect(JSON.parse(codex.respond(pre, d({ block: " \n" })).stdout).hookSpecificOutput.permissionDecisionReason).toBe(
      "Blocked by hookit policy.",
    );
    expect(codex.respond(stop, d({ continueWith: "" }))).toEqual(json({ decision: "block", reason: "Blocked by hookit policy." }));
  });

  it("drops stopAgent on PreToolUse, where continue:false would void the deny", () => {
    expect(codex.respond(pre, d({ block: R, stopAgent: "halt", notices: [{ message: "n", severity: "error" }] }))).toEqual(
      json({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: R },
        systemMessage: "n",
      }),
    );
  });

  it("replaces a tool result with decision:block and the patch text", () => {
    expect(codex.respond(post, d({ patch: { reason: "r", text: "[BLOCKED by HooKit] r" } }))).toEqual(
      json({ decision: "block", reason: "[BLOCKED by HooKit] r" }),
    );
    expect(codex.respond(post, d({ patch: { reason: "r", text: "T" }, stopAgent: "S" }))).toEqual(
      json({ decision: "block", reason: "T", continue: false, stopReason: "S" }),
    );
  });

  it("continues a stop with decision:block, unless the agent must stop", () => {
    expect(codex.respond(stop, d({ continueWith: "run the tests" }))).toEqual(json({ decision: "block", reason: "run the tests" }));
    expect(codex.respond(stop, d({ continueWith: "x", stopAgent: "S" }))).toEqual(json({ continue: false, stopReason: "S" }));
  });

  it("shows notices as systemMessage, joined by newlines", () => {
    const notices = [
      { message: "a", severity: "info" as const },
      { message: "b", severity: "error" as const },
    ];
    expect(codex.respond(session, d({ notices, stopAgent: "ignored" }))).toEqual(json({ systemMessage: "a\nb" }));
  });

  it("only ever emits fields the event's output schema accepts", () => {
    const allowed: Record<string, string[]> = {
      tool_call: ["hookSpecificOutput", "systemMessage"],
      tool_result: ["decision", "reason", "continue", "stopReason", "systemMessage"],
      stop: ["decision", "reason", "continue", "stopReason", "systemMessage"],
      lifecycle: ["systemMessage"],
    };
    const decisions = fc.record({
      block: fc.option(fc.string(), { nil: undefined }),
      patch: fc.option(fc.record({ reason: fc.string(), text: fc.string() }), { nil: undefined }),
      continueWith: fc.option(fc.string(), { nil: undefined }),
      stopAgent: fc.option(fc.string(), { nil: undefined }),
      notices: fc.array(fc.record({ message: fc.string(), severity: fc.constant("error" as const) }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(decisions, fc.constantFrom(pre, post, stop, session), (decision, inv) => {
        const reply = codex.respond(inv, decision);
        expect(reply.exitCode).toBe(0);
        if (reply.stdout === "") return;
        const output = JSON.parse(reply.stdout);
        for (const key of Object.keys(output)) expect(allowed[inv.kind]).toContain(key);
        if (output.hookSpecificOutput) {
          expect(Object.keys(output.hookSpecificOutput).sort()).toEqual([
            "hookEventName",
            "permissionDecision",
            "permissionDecisionReason",
          ]);
          expect(output.hookSpecificOutput.permissionDecision).toBe("deny");
          expect(output.hookSpecificOutput.permissionDecisionReason.trim()).not.toBe("");
        }
        if (output.decision !== undefined) expect(output.reason.trim()).not.toBe("");
        if (inv.kind === "tool_call" && decision.block !== undefined) expect(output.hookSpecificOutput).toBeDefined();
      }),
    );
  });
});

describe("codex adapter data", () => {
  it("knows its other events, and not Gemini's AfterTool", () => {
    expect(codex.kindOf("Interrupt")).toBe("lifecycle");
    expect(codex.kindOf("BeforeTool")).toBe("tool_call");
    expect(codex.kindOf("AfterTool")).toBeUndefined();
  });

  it("rests what the real-CLI suite does not run on the captured fixtures", () => {
    for (const row of CAPABILITIES.codex) if (!E2E_FEATURES.has(row.feature)) expect(row.verified).toBe("fixtures");
    expect(codex).toMatchObject({ id: "codex", verifiedWith: "0.171.0", timeoutUnit: "s", specVersion: 1 });
  });
});
