// Claude Code adapter: every captured 2.1.332 payload parses into the expected invocation
// (describeAdapterContract), and every decision encodes to the bytes harness-protocols §7.2
// and model-view.md §1 call for.
import { E2E_FEATURES } from "../../../src/agents/shared/evidence.ts";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import claude from "../../../src/agents/claude/adapter.ts";
import type { Decision, Invocation } from "../../../src/contract/types.ts";
import { CAPABILITIES } from "../../../src/agents/capabilities.ts";
import { describeAdapterContract, itRejects } from "../_adapter-contract.ts";
import { anyUnpatchedDecision } from "../_decisions.ts";
import { lifecycle, type SeenResult, type SeenTool, stopOf, toolCall, toolResult } from "../_invocations.ts";

const DIR = new URL("../../fixtures/claude/", import.meta.url);
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));

const SESSION_A = "df6c479e-3498-4f16-8a4f-8e71dc519a87";
const SESSION_W = "11223410-1a8f-49f3-b681-eafc714d2675";
const SESSION_R = "e040e8d8-013a-4d71-9f07-e1cfc6e7e726";
const SESSION_S = "d491f863-c96c-486c-909f-dbc720c11561";
const transcript = (id: string) => `/home/user/.claude/projects/-home-user-project/${id}.jsonl`;
const head = (id: string, effort = true) => ({
  agent: "claude",
  sessionId: id,
  cwd: "/home/user/project",
  metadata: { sessionId: id, sessionFile: transcript(id), ...(effort ? { reasoningLevel: "medium" } : {}) },
});
const PATH = "/home/user/project/hello.txt";
const bash = (command: string): SeenTool => ({
  toolName: "bash",
  toolCallId: "toolu_fake0001",
  input: { command },
  nativeToolName: "Bash",
  nativeToolInput: { command, description: "Run test command" },
});
const WRITE: SeenTool = {
  toolName: "write",
  toolCallId: "toolu_fake0001",
  input: { path: PATH, content: "hello\n" },
  nativeToolName: "Write",
  nativeToolInput: { file_path: PATH, content: "hello\n" },
};
const READ: SeenTool = {
  toolName: "read",
  toolCallId: "toolu_fake0002",
  input: { path: PATH },
  nativeToolName: "Read",
  nativeToolInput: { file_path: PATH },
};
const writeResponse = { type: "create", filePath: PATH, content: "hello\n", structuredPatch: [], originalFile: null, userModified: false };
// Claude keeps the native tool name for respond(): which output shape a patch takes.
const preTool = (session: string, tool: SeenTool) =>
  toolCall(head(session), "PreToolUse", tool, { native: { toolName: tool.nativeToolName } });
const postTool = (session: string, result: SeenResult) =>
  toolResult(head(session), "PostToolUse", result, { native: { toolName: result.nativeToolName } });

describeAdapterContract(claude, {
  title: "captured 2.1.332 payloads",
  expected: {
    "PreToolUse-Bash.json": preTool(SESSION_A, bash("echo hello")),
    "PreToolUse-Bash-touch.json": preTool("d9f03ea3-d963-463c-8b38-a475ed227dd7", bash("touch hookit-e2e-marker")),
    "PreToolUse-Write.json": preTool(SESSION_W, WRITE),
    "PostToolUse-Bash.json": postTool(SESSION_A, { ...bash("echo hello"), text: "hello" }),
    "PreToolUse-Read.json": preTool(SESSION_R, READ),
    // The file's own text (tool_response.file.content), not Claude's numbered rendering of it.
    "PostToolUse-Read.json": postTool(SESSION_R, { ...READ, text: "hello\n" }),
    // Claude renders its own success sentence; the payload only has the object.
    "PostToolUse-Write.json": postTool(SESSION_W, { ...WRITE, text: JSON.stringify(writeResponse) }),
    "Stop.json": stopOf(head(SESSION_S), "Stop", false),
    "Stop-stop_hook_active.json": stopOf(head(SESSION_S), "Stop", true),
    "SessionStart.json": lifecycle(head(SESSION_A, false), "SessionStart"),
    "SessionEnd.json": lifecycle(head(SESSION_A, false), "SessionEnd"),
    "UserPromptSubmit.json": lifecycle(head(SESSION_A, false), "UserPromptSubmit"),
  },
  unknownFields: { future_field: { nested: [1, 2] }, another: null },
});

describe("claude parse: tool vocabulary", () => {
  const call = (tool_name: string, tool_input: Record<string, unknown>) =>
    claude.parse("PreToolUse", { ...fixture("PreToolUse-Bash.json"), tool_name, tool_input }).events[0];

  it.each([
    ["Bash", { command: "sleep 1", timeout: 120000 }, "bash", { command: "sleep 1", timeout: 120 }],
    ["Read", { file_path: "/p/a.ts", offset: 10, limit: 5, pages: "1" }, "read", { path: "/p/a.ts", offset: 10, limit: 5 }],
    [
      "Edit",
      { file_path: "/p/a.ts", old_string: "a", new_string: "b", replace_all: true },
      "edit",
      { path: "/p/a.ts", edits: [{ oldText: "a", newText: "b" }] },
    ],
    [
      "MultiEdit",
      {
        file_path: "/p/a.ts",
        edits: [
          { old_string: "a", new_string: "b" },
          { old_string: "c", new_string: "d" },
        ],
      },
      "edit",
      {
        path: "/p/a.ts",
        edits: [
          { oldText: "a", newText: "b" },
          { oldText: "c", newText: "d" },
        ],
      },
    ],
    [
      "Grep",
      { pattern: "TODO", path: "src", glob: "*.ts", "-i": true, "-C": 2, head_limit: 20, output_mode: "content" },
      "grep",
      { pattern: "TODO", path: "src", glob: "*.ts", ignoreCase: true, context: 2, limit: 20 },
    ],
    ["Glob", { pattern: "**/*.md", path: "/p" }, "find", { pattern: "**/*.md", path: "/p" }],
    ["LS", { path: "/p" }, "ls", { path: "/p" }],
    ["mcp__github__create_issue", { title: "x" }, "mcp__github__create_issue", { title: "x" }],
    ["WebFetch", { url: "http://127.0.0.1/", prompt: "p" }, "WebFetch", { url: "http://127.0.0.1/", prompt: "p" }],
  ])("%s becomes %s", (name, input, toolName, normalized) => {
    expect(call(name, input)).toMatchObject({ toolName, input: normalized, nativeToolName: name, nativeToolInput: input });
  });

  it("reads what the model sees of Read, Grep, Glob and MCP results", () => {
    const result = (tool_name: string, tool_input: Record<string, unknown>, tool_response: unknown) =>
      claude.parse("PostToolUse", { ...fixture("PostToolUse-Bash.json"), tool_name, tool_input, tool_response }).events[0];
    expect(result("Read", { file_path: "/p/a" }, { type: "text", file: { filePath: "/p/a", content: "A=1\n" } })).toMatchObject({
      content: [{ type: "text", text: "A=1\n" }],
    });
    expect(result("Grep", { pattern: "x" }, { mode: "files_with_matches", filenames: ["a", "b"], numFiles: 2 })).toMatchObject({
      content: [{ type: "text", text: "a\nb" }],
    });
    expect(result("Glob", { pattern: "*" }, { filenames: ["c"], durationMs: 1, numFiles: 1, truncated: false })).toMatchObject({
      content: [{ type: "text", text: "c" }],
    });
    expect(
      result("mcp__s__t", {}, [
        { type: "text", text: "one" },
        { type: "text", text: "two" },
      ]),
    ).toMatchObject({ toolName: "mcp__s__t", content: [{ type: "text", text: "one\ntwo" }] });
    expect(result("Bash", { command: "x" }, { stdout: "out", stderr: "warn", interrupted: false })).toMatchObject({
      content: [{ type: "text", text: "out\nwarn" }],
    });
  });

  it("maps PostToolUseFailure to an error result and PostToolBatch to turn_end 0", () => {
    const { tool_response: _omit, duration_ms: _d, ...common } = fixture("PostToolUse-Bash.json");
    const failure = claude.parse("PostToolUseFailure", {
      ...common,
      hook_event_name: "PostToolUseFailure",
      error: "Command exited with non-zero status code 1",
      is_interrupt: false,
    });
    expect(failure.kind).toBe("tool_result");
    expect(failure.events[0]).toMatchObject({
      event: "tool_result",
      toolName: "bash",
      isError: true,
      content: [{ type: "text", text: "Command exited with non-zero status code 1" }],
    });
    const batch = claude.parse("PostToolBatch", { ...common, hook_event_name: "PostToolBatch", tool_calls: [] });
    expect(batch).toMatchObject({ kind: "turn_end", sessionId: SESSION_A, events: [{ event: "turn_end", turnIndex: 0, agent: "claude" }] });
  });
});

describe("claude parse: payloads it cannot read", () => {
  const pre = fixture("PreToolUse-Bash.json");
  itRejects(claude, [
    ["a non-object", "PreToolUse", [1, 2], /PreToolUse payload: expected a JSON object on stdin, got an array/],
    ["null", "Stop", null, /Stop payload: expected a JSON object.*got null/],
    [
      "a missing tool_name",
      "PreToolUse",
      { ...pre, tool_name: undefined },
      /PreToolUse payload: "tool_name" must be a non-empty string, got nothing/,
    ],
    ["a numeric tool_name", "PostToolUse", { ...pre, tool_name: 7 }, /PostToolUse payload: "tool_name" .* got a number/],
    ["a string tool_input", "PreToolUse", { ...pre, tool_input: "echo" }, /"tool_input" of Bash must be a JSON object, got a string/],
    [
      "a Bash call without command",
      "PreToolUse",
      { ...pre, tool_input: { description: "x" } },
      /tool_input\.command of Bash must be a string, got nothing/,
    ],
    [
      "a Write with a numeric path",
      "PreToolUse",
      { ...pre, tool_name: "Write", tool_input: { file_path: 1, content: "" } },
      /tool_input\.file_path of Write must be a string/,
    ],
    [
      "a MultiEdit without edits",
      "PreToolUse",
      { ...pre, tool_name: "MultiEdit", tool_input: { file_path: "/a" } },
      /tool_input\.edits of MultiEdit must be a non-empty array/,
    ],
    ["a numeric cwd", "SessionStart", { ...pre, cwd: 3 }, /SessionStart payload: "cwd" must be a string, got a number/],
    ["an unknown event", "NoSuchEvent", pre, /does not know the Claude Code event "NoSuchEvent"/],
  ]);
});

const pre = claude.parse("PreToolUse", fixture("PreToolUse-Bash.json"));
const postBash = claude.parse("PostToolUse", fixture("PostToolUse-Bash.json"));
const postWrite = claude.parse("PostToolUse", fixture("PostToolUse-Write.json"));
const stop = claude.parse("Stop", fixture("Stop.json"));
const session = claude.parse("SessionStart", fixture("SessionStart.json"));
const d = (fields: Partial<Decision>): Decision => ({ notices: [], ...fields });
const out = (inv: Invocation, decision: Decision) => claude.respond(inv, decision);
const json = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });
const deny = (reason: string) => ({ hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason });
const R = "HOOKIT-DENY: blocked this by policy";

describe("claude respond", () => {
  it("prints nothing and exits 0 for a plain allow on every kind", () => {
    for (const inv of [pre, postBash, stop, session]) expect(out(inv, d({}))).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("blocks with the JSON deny carrying exactly the reason (never exit 2)", () => {
    expect(out(pre, d({ block: R }))).toEqual({
      stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${R}"}}\n`,
      stderr: "",
      exitCode: 0,
    });
    expect(out(pre, d({ block: "  " }))).toEqual(json({ hookSpecificOutput: deny("Blocked by hookit policy.") }));
  });

  it("combines a block with notices and a stop request in one object", () => {
    const notices = [
      { message: "one", severity: "error" as const },
      { message: "two", severity: "info" as const },
    ];
    expect(out(pre, d({ block: R, notices, stopAgent: "S" }))).toEqual(
      json({ hookSpecificOutput: deny(R), continue: false, stopReason: "S", systemMessage: "one\ntwo" }),
    );
  });

  it("replaces a Bash result with a Bash-shaped updatedToolOutput", () => {
    expect(out(postBash, d({ patch: { reason: "r", text: "[BLOCKED by HooKit] r" } }))).toEqual(
      json({
        hookSpecificOutput: {
          hookEventName: "PostToolUse",
          updatedToolOutput: { stdout: "", stderr: "[BLOCKED by HooKit] r", interrupted: false, isImage: false },
        },
      }),
    );
  });

  it("falls back to decision:block for other tools and failed tools", () => {
    expect(out(postWrite, d({ patch: { reason: "r", text: "T" } }))).toEqual(json({ decision: "block", reason: "T" }));
    const failure = { ...postBash, nativeEvent: "PostToolUseFailure" };
    expect(out(failure, d({ patch: { reason: "r", text: "T" } }))).toEqual(json({ decision: "block", reason: "T" }));
  });

  it("continues a stop with decision:block, unless the agent must stop", () => {
    expect(out(stop, d({ continueWith: "fix it" }))).toEqual(json({ decision: "block", reason: "fix it" }));
    expect(out(stop, d({ continueWith: "fix it", stopAgent: "halt" }))).toEqual(json({ continue: false, stopReason: "halt" }));
  });

  it("shows notices on any event through systemMessage", () => {
    expect(out(session, d({ notices: [{ message: "untrusted", severity: "warning" }] }))).toEqual(json({ systemMessage: "untrusted" }));
  });

  it("ignores decision fields that do not belong to the invocation's kind", () => {
    expect(out(stop, d({ block: R, patch: { reason: "r", text: "t" } }))).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("always exits 0 with either nothing or one JSON object, and a block is always a deny", () => {
    fc.assert(
      fc.property(anyUnpatchedDecision, fc.constantFrom(pre, postBash, stop, session), (decision, inv) => {
        const reply = out(inv, decision);
        expect(reply.exitCode).toBe(0);
        expect(reply.stderr).toBe("");
        if (reply.stdout === "") return;
        const parsed = JSON.parse(reply.stdout);
        if (inv.kind === "tool_call" && decision.block !== undefined) {
          expect(parsed.hookSpecificOutput.permissionDecision).toBe("deny");
          expect(parsed.hookSpecificOutput.permissionDecisionReason.trim()).not.toBe("");
        }
      }),
    );
  });
});

describe("claude adapter data", () => {
  it("knows the lifecycle events it does not register", () => {
    expect(claude.kindOf("SubagentStop")).toBe("lifecycle");
    expect(claude.kindOf("stop")).toBeUndefined();
  });

  it("rests what the real-CLI suite does not run on the captured fixtures", () => {
    for (const row of CAPABILITIES.claude) if (!E2E_FEATURES.has(row.feature)) expect(row.verified).toBe("fixtures");
    expect(claude).toMatchObject({ id: "claude", verifiedWith: "2.1.332", timeoutUnit: "s", specVersion: 1 });
  });
});
