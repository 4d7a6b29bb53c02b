// Cursor adapter. No live capture exists: the fixtures are Cursor's documented examples
// (describeAdapterContract), and the payloads built below follow the field lists of
// harness-protocols §5.2. Every answer must be an explicit JSON object, and a plain allow must
// never say permission:"allow".
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import cursor from "../../../src/agents/cursor/adapter.ts";
import type { Decision, Invocation } from "../../../src/contract/types.ts";
import { CAPABILITIES } from "../../../src/agents/capabilities.ts";
import { readFileSync } from "node:fs";
import { describeAdapterContract, itRejects } from "../_adapter-contract.ts";
import { anyDecision } from "../_decisions.ts";
import { type SeenTool, stopOf, toolCall, toolResult } from "../_invocations.ts";

const DIR = new URL("../../fixtures/cursor/", import.meta.url);
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
const decide = (fields: Partial<Decision> = {}): Decision => ({ notices: [], ...fields });

// The docs examples name no session; only some name the model.
const DOCS = { agent: "cursor", cwd: "/project", metadata: {} };
const DOCS_MODEL = { ...DOCS, metadata: { model: "claude-opus-4-7-thinking-max" } };
const npm = (command: string, extra: Record<string, unknown> = {}): SeenTool => ({
  toolName: "bash",
  toolCallId: "abc123",
  input: { command },
  nativeToolName: "Shell",
  nativeToolInput: { command, ...extra },
});
const BUILT_IN = { native: { mcp: false } };

describeAdapterContract(cursor, {
  title: "documented examples",
  expected: {
    "preToolUse-Shell-docs-example.json": toolCall(
      DOCS_MODEL,
      "preToolUse",
      npm("npm install", { working_directory: "/project" }),
      BUILT_IN,
    ),
    "postToolUse-Shell-docs-example.json": toolResult(
      DOCS_MODEL,
      "postToolUse",
      { ...npm("npm test"), text: "All tests passed" },
      BUILT_IN,
    ),
    "postToolUseFailure-docs-example.json": toolResult(
      DOCS,
      "postToolUseFailure",
      { ...npm("npm test"), text: "Command timed out after 30s", isError: true },
      BUILT_IN,
    ),
    "stop-docs-example.json": stopOf({ agent: "cursor", metadata: {} }, "stop", false),
  },
  unknownFields: { is_interrupt: "maybe", newer_field: [{}], sandbox: true },
});

/** The fields Cursor adds to every payload (harness-protocols §5.2; the docs examples leave them out). */
const COMMON = {
  conversation_id: "conv-1",
  generation_id: "gen-1",
  model: "composer-2.5",
  cursor_version: "2026.09.18-9a7762b",
  workspace_roots: ["/ws"],
  user_email: "me@example.com",
  transcript_path: "/home/user/.cursor/projects/ws/agent-transcripts/conv-1.jsonl",
  session_id: "conv-1",
};

describe("cursor parse: the common fields", () => {
  it("takes session, workspace, model and transcript from the common fields", () => {
    const invocation = cursor.parse("stop", { ...COMMON, hook_event_name: "stop", status: "completed", loop_count: 2 });
    expect(invocation).toMatchObject({
      sessionId: "conv-1",
      cwd: "/ws",
      stopHookActive: true,
      metadata: { sessionId: "conv-1", model: "composer-2.5", sessionFile: COMMON.transcript_path },
    });
    const ide = cursor.parse("stop", { conversation_id: "ide-conv", status: "completed", loop_count: 0 });
    expect(ide.sessionId).toBe("ide-conv");
  });
});

describe("cursor parse: dedicated shell, MCP and file events", () => {
  const only = (nativeEvent: string, payload: Record<string, unknown>) => {
    const invocation = cursor.parse(nativeEvent, { ...COMMON, hook_event_name: nativeEvent, ...payload });
    expect(invocation.events).toHaveLength(1);
    return invocation.events[0];
  };
  it("beforeShellExecution is a bash call named after the Shell tool", () => {
    expect(only("beforeShellExecution", { command: "rm -rf build", cwd: "/ws", sandbox: false })).toEqual({
      event: "tool_call",
      toolName: "bash",
      toolCallId: "",
      input: { command: "rm -rf build" },
      agent: "cursor",
      nativeToolName: "Shell",
      nativeToolInput: { command: "rm -rf build", cwd: "/ws" },
    });
  });
  it("beforeMCPExecution parses its JSON-string tool_input and uses the MCP:<tool> name", () => {
    const invocation = cursor.parse("beforeMCPExecution", {
      ...COMMON,
      tool_name: "database_query",
      tool_input: '{"query":"SELECT 1"}',
      command: "npx mcp-server",
    });
    expect(invocation.native).toEqual({ mcp: true });
    expect(invocation.events[0]).toMatchObject({
      event: "tool_call",
      toolName: "MCP:database_query",
      input: { query: "SELECT 1" },
      nativeToolName: "MCP:database_query",
    });
  });
  it("beforeReadFile is a read call and leaves the file content out", () => {
    expect(only("beforeReadFile", { file_path: "/ws/.env", content: "KEY=1", attachments: [] })).toEqual({
      event: "tool_call",
      toolName: "read",
      toolCallId: "",
      input: { path: "/ws/.env" },
      agent: "cursor",
      nativeToolName: "Read",
      nativeToolInput: { file_path: "/ws/.env" },
    });
  });
  it("afterFileEdit is an edit result", () => {
    const edits = [{ old_string: "const a = 1", new_string: "const a = 2" }];
    expect(only("afterFileEdit", { file_path: "/ws/a.ts", edits })).toMatchObject({
      event: "tool_result",
      toolName: "edit",
      input: { path: "/ws/a.ts", edits: [{ oldText: "const a = 1", newText: "const a = 2" }] },
      nativeToolName: "Write",
      content: [{ type: "text", text: "" }],
      isError: false,
    });
  });
  it("afterShellExecution is a bash result with the command output", () => {
    expect(only("afterShellExecution", { command: "ls", output: "a\nb", duration: 5 })).toMatchObject({
      event: "tool_result",
      toolName: "bash",
      content: [{ type: "text", text: "a\nb" }],
      isError: false,
    });
  });
  it.each([
    ["Write", { file_path: "/ws/a", new_content: "x" }, "write", { path: "/ws/a", content: "x" }],
    ["Read", { file_path: "/ws/a" }, "read", { path: "/ws/a" }],
    ["Grep", { pattern: "TODO", path: "/ws" }, "grep", { pattern: "TODO", path: "/ws" }],
    ["Glob", { pattern: "**/*.ts" }, "find", { pattern: "**/*.ts" }],
    // A delete reaches path guards in hookit's delete form (docs/events.md).
    ["Delete", { file_path: "/ws/.env" }, "write", { path: "/ws/.env", content: "", delete: true }],
    ["Delete", { target_file: "/etc/hosts" }, "write", { path: "/etc/hosts", content: "", delete: true }],
    ["LS", { target_directory: "/home" }, "ls", { path: "/home" }],
    ["Grep", { pattern: "KEY", path: "/ws", glob: ".env*" }, "grep", { pattern: "KEY", path: "/ws", glob: ".env*" }],
    ["MCP:search", { q: "x" }, "MCP:search", { q: "x" }],
  ])("preToolUse %s → %s", (tool_name, tool_input, toolName, input) => {
    expect(only("preToolUse", { tool_name, tool_input, tool_use_id: "t1" })).toMatchObject({ toolName, input, toolCallId: "t1" });
  });
  it("blocks a Delete that names no file instead of letting a path guard miss it", () => {
    expect(() => cursor.parse("preToolUse", { ...COMMON, tool_name: "Delete", tool_input: { where: "/ws/.env" } })).toThrow(
      /Delete names no file/,
    );
  });
  it("reads the CLI's {output, exitCode} tool_output too", () => {
    const payload = { tool_name: "Shell", tool_input: { command: "npm test" }, tool_output: '{"output":"ok\\n","exitCode":0}' };
    expect(only("postToolUse", payload)).toMatchObject({ content: [{ type: "text", text: "ok\n" }] });
  });
  it("afterAgentResponse is a turn end with index 0; prompt and session events are lifecycle", () => {
    expect(cursor.parse("afterAgentResponse", { ...COMMON, text: "done" })).toMatchObject({
      kind: "turn_end",
      events: [{ event: "turn_end", turnIndex: 0, agent: "cursor" }],
    });
    for (const event of ["sessionStart", "sessionEnd", "beforeSubmitPrompt", "preCompact"]) {
      expect(cursor.kindOf(event)).toBe("lifecycle");
      expect(cursor.parse(event, COMMON)).toMatchObject({ kind: "lifecycle", events: [] });
    }
    expect(cursor.kindOf("PreToolUse")).toBe("tool_call");
    expect(() => cursor.parse("PreToolUse", COMMON)).toThrow('hookit does not know the Cursor event "PreToolUse"');
  });
});

describe("cursor parse: bad payloads", () => {
  itRejects(cursor, [
    ["preToolUse", 42, /Cursor preToolUse payload: expected a JSON object, got a number/],
    ["preToolUse", { tool_input: {} }, /preToolUse payload: "tool_name" must be a non-empty string, got nothing/],
    ["preToolUse", { tool_name: "Shell", tool_input: null }, /"tool_input" of Shell must be a JSON object, got null/],
    ["beforeMCPExecution", { tool_name: "q", tool_input: "{oops" }, /"tool_input" of q is a string but not a JSON object/],
    ["beforeShellExecution", { cwd: "/ws" }, /beforeShellExecution payload: "command" must be a non-empty string, got nothing/],
    ["beforeReadFile", { file_path: 1 }, /beforeReadFile payload: "file_path" must be a non-empty string, got a number/],
    ["afterFileEdit", { file_path: "/a", edits: "x" }, /afterFileEdit payload: "edits" must be an array, got a string/],
  ]);
});

describe("cursor respond", () => {
  const pre = cursor.parse("preToolUse", fixture("preToolUse-Shell-docs-example.json"));
  const shell = cursor.parse("beforeShellExecution", { ...COMMON, command: "ls" });
  const read = cursor.parse("beforeReadFile", { ...COMMON, file_path: "/ws/.env" });
  const post = cursor.parse("postToolUse", fixture("postToolUse-Shell-docs-example.json"));
  const mcp = cursor.parse("postToolUse", { ...COMMON, tool_name: "MCP:search", tool_input: {}, tool_output: "{}" });
  const failure = cursor.parse("postToolUseFailure", fixture("postToolUseFailure-docs-example.json"));
  const stop = cursor.parse("stop", fixture("stop-docs-example.json"));
  const turn = cursor.parse("afterAgentResponse", { ...COMMON, text: "hi" });
  const session = cursor.parse("sessionStart", COMMON);
  const all = [pre, shell, read, post, mcp, failure, stop, turn, session];
  const reply = (invocation: Invocation, fields: Partial<Decision>) => cursor.respond(invocation, decide(fields));
  const json = (value: unknown, stderr = "") => ({ stdout: `${JSON.stringify(value)}\n`, stderr, exitCode: 0 });
  const patch = { reason: "r", text: "[BLOCKED by HooKit] r\n\nThe original tool result was suppressed." };

  it("answers every event with an explicit {} when there is nothing to say", () => {
    for (const invocation of all) expect(reply(invocation, {})).toEqual(json({}));
  });
  it("denies with agent_message and user_message on the permission events", () => {
    const expected = { stdout: '{"permission":"deny","agent_message":"R","user_message":"R"}\n', stderr: "", exitCode: 0 };
    expect(reply(pre, { block: "R" })).toEqual(expected);
    expect(reply(shell, { block: "R" })).toEqual(expected);
    expect(reply(read, { block: "R" })).toEqual(json({ permission: "deny", user_message: "R" }));
  });
  it("puts notices after the reason in user_message when denying, else on stderr", () => {
    const notices = [
      { message: "n1", severity: "error" as const },
      { message: "n2", severity: "info" as const },
    ];
    expect(reply(pre, { block: "R", notices })).toEqual(json({ permission: "deny", agent_message: "R", user_message: "R\nn1\nn2" }));
    expect(reply(stop, { notices })).toEqual(json({}, "n1\nn2\n"));
  });
  it("replaces MCP results, and can only append to built-in results", () => {
    expect(reply(mcp, { patch })).toEqual(json({ updated_mcp_tool_output: { content: [{ type: "text", text: patch.text }] } }));
    const context = JSON.parse(reply(post, { patch }).stdout).additional_context as string;
    expect(context.startsWith("[BLOCKED by HooKit] r\n\n")).toBe(true);
    expect(context).toContain("cannot hide");
    expect(context).not.toContain("was suppressed");
    expect(reply(failure, { patch })).toEqual(json({}));
  });
  it("continues the agent with followup_message", () => {
    expect(reply(stop, { continueWith: "C" })).toEqual(json({ followup_message: "C" }));
  });
  it("has no stop field: stopAgent only drops a follow-up", () => {
    expect(reply(pre, { stopAgent: "S" })).toEqual(json({}));
    expect(reply(stop, { stopAgent: "S", continueWith: "C" })).toEqual(json({}));
  });
  it("never lets an empty reason fail open", () => {
    expect(JSON.parse(reply(pre, { block: "" }).stdout)).toMatchObject({ permission: "deny", agent_message: expect.stringMatching(/\S/) });
  });
  it("always prints one JSON object, exits 0 and never auto-approves", () => {
    fc.assert(
      fc.property(fc.constantFrom(...all), anyDecision, (invocation, d) => {
        const out = cursor.respond(invocation, d);
        expect(out.exitCode).toBe(0);
        const parsed = JSON.parse(out.stdout);
        expect(typeof parsed).toBe("object");
        expect(parsed.permission).not.toBe("allow");
        if (invocation.kind === "tool_call" && d.block !== undefined) expect(parsed.permission).toBe("deny");
      }),
    );
  });
});

describe("cursor adapter data", () => {
  it("registers each tool call once: dedicated events for Shell/MCP/Read, preToolUse for the rest", () => {
    const pre = cursor.registrations.find((r) => r.native === "preToolUse");
    const matcher = new RegExp(pre?.matcher ?? "(?!)");
    for (const tool of ["Write", "Delete", "Grep", "Task", "StrReplace"]) expect(matcher.test(tool)).toBe(true);
    for (const tool of ["Shell", "Read", "MCP:search"]) expect(matcher.test(tool)).toBe(false);
    const natives = cursor.registrations.map((r) => r.native);
    expect(natives).toEqual(
      expect.arrayContaining(["beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "postToolUse", "stop"]),
    );
    expect(cursor.timeoutUnit).toBe("s");
  });
  it("rests every cell on the documentation's examples", () => {
    for (const row of CAPABILITIES.cursor) expect(row.verified).toBe("fixtures (docs examples; no Cursor CLI runs here)");
  });
});
