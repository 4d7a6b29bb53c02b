// Copilot CLI adapter: every captured 1.0.102 payload (camelCase and PascalCase styles) parses
// into the expected invocation (describeAdapterContract), and every decision encodes to the bytes
// harness-protocols §6.3/§7.2 and model-view.md §4 call for.
import { E2E_FEATURES } from "../../../src/agents/shared/evidence.ts";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import copilot from "../../../src/agents/copilot/adapter.ts";
import type { Decision, Invocation } from "../../../src/contract/types.ts";
import { CAPABILITIES } from "../../../src/agents/capabilities.ts";
import { describeAdapterContract, itRejects } from "../_adapter-contract.ts";
import { anyDecision } from "../_decisions.ts";
import { lifecycle, type SeenTool, stopOf, toolCall, toolResult } from "../_invocations.ts";

const DIR = new URL("../../fixtures/copilot/", import.meta.url);
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
const decide = (fields: Partial<Decision> = {}): Decision => ({ notices: [], ...fields });

const CAMEL = "2b1703f2-d09e-49f8-b209-eab5b7db87b4";
const PASCAL = "2f1c652e-a4ad-4c77-9b5a-a3109ef4da03";
const BLOCKED = "808f8a9b-2237-43dc-8aeb-deb20500c0d5";
const events = (session: string) => `/home/user/.copilot/session-state/${session}/events.jsonl`;
// Only the stop payloads name the session's events file.
const head = (session: string, transcript = false) => ({
  agent: "copilot",
  sessionId: session,
  cwd: "/home/user/project",
  metadata: transcript ? { sessionId: session, sessionFile: events(session) } : { sessionId: session },
});
const bash = (nativeToolName: string, command: string, description = "Print hello"): SeenTool => ({
  toolName: "bash",
  toolCallId: "",
  input: { command },
  nativeToolName,
  nativeToolInput: { command, description },
});
const shellDone = (text: string) => `${text}\n<shellId: 0 completed with exit code 0>`;

describeAdapterContract(copilot, {
  title: "captured fixtures",
  expected: {
    "preToolUse-camelCase.json": toolCall(head(CAMEL), "preToolUse", bash("bash", "echo hello")),
    "postToolUse-camelCase.json": toolResult(head(CAMEL), "postToolUse", { ...bash("bash", "echo hello"), text: shellDone("hello") }),
    "postToolUse-camelCase-after-modifiedArgs.json": toolResult(head("83c5d894-d28b-470d-af55-f94308040f65"), "postToolUse", {
      ...bash("bash", "echo rewritten", "rewritten by hook"),
      text: shellDone("rewritten"),
    }),
    "agentStop-camelCase.json": stopOf(head(CAMEL, true), "agentStop", false),
    "agentStop-camelCase-stop_hook_active.json": stopOf(head(BLOCKED, true), "agentStop", true),
    "sessionStart-camelCase.json": lifecycle(head(CAMEL), "sessionStart"),
    "sessionEnd-camelCase.json": lifecycle(head(CAMEL), "sessionEnd"),
    "userPromptSubmitted-camelCase.json": lifecycle(head(CAMEL), "userPromptSubmitted"),
    "userPromptSubmitted-camelCase-after-agentStop-block.json": lifecycle(head(BLOCKED), "userPromptSubmitted"),
    "PreToolUse-PascalCase.json": toolCall(head(PASCAL), "PreToolUse", bash("Bash", "echo hello")),
    "PostToolUse-PascalCase.json": toolResult(head(PASCAL), "PostToolUse", { ...bash("Bash", "echo hello"), text: shellDone("hello") }),
    "Stop-PascalCase.json": stopOf(head(PASCAL, true), "Stop", false),
    "SessionStart-PascalCase.json": lifecycle(head(PASCAL), "SessionStart"),
    "SessionEnd-PascalCase.json": lifecycle(head(PASCAL), "SessionEnd"),
    "UserPromptSubmit-PascalCase.json": lifecycle(head(PASCAL), "UserPromptSubmit"),
  },
  unknownFields: { traceparent: "00-abc-def-01", tracestate: "", extra: { deep: true } },
});

describe("copilot parse: tool arguments and vocabulary", () => {
  const call = (toolName: string, toolArgs: unknown) => {
    const [event] = copilot.parse("preToolUse", { sessionId: "s", toolName, toolArgs }).events;
    if (event?.event !== "tool_call") throw new Error("expected a tool_call");
    return { toolName: event.toolName, input: event.input };
  };
  it("accepts toolArgs as a JSON string (older Copilot versions)", () => {
    expect(call("bash", '{"command":"ls -la","description":"list"}')).toEqual({ toolName: "bash", input: { command: "ls -la" } });
  });
  it("wraps a bare shell command string", () => {
    expect(call("bash", "ls -la")).toEqual({ toolName: "bash", input: { command: "ls -la" } });
  });
  it.each([
    ["view", { path: "/a" }, "read", { path: "/a" }],
    ["view", { path: "/a", view_range: [3, 7] }, "read", { path: "/a", offset: 3, limit: 5 }],
    ["view", { path: "/a", view_range: [10, -1] }, "read", { path: "/a", offset: 10 }],
    ["create", { path: "/a", file_text: "x" }, "write", { path: "/a", content: "x" }],
    ["edit", { path: "/a", old_str: "o", new_str: "n" }, "edit", { path: "/a", edits: [{ oldText: "o", newText: "n" }] }],
    ["str_replace_editor", { command: "view", path: "/a" }, "read", { path: "/a" }],
    ["str_replace_editor", { command: "create", path: "/a", file_text: "x" }, "write", { path: "/a", content: "x" }],
    [
      "str_replace_editor",
      { command: "str_replace", path: "/a", old_str: "o", new_str: "n" },
      "edit",
      { path: "/a", edits: [{ oldText: "o", newText: "n" }] },
    ],
    ["glob", { pattern: "**/*.ts", path: "/d" }, "find", { pattern: "**/*.ts", path: "/d" }],
    ["grep", { pattern: "p", path: "/d", glob: "*.ts" }, "grep", { pattern: "p", path: "/d", glob: "*.ts" }],
    ["Read", { file_path: "/a", offset: 2, limit: 4 }, "read", { path: "/a", offset: 2, limit: 4 }],
    ["Write", { file_path: "/a", content: "x" }, "write", { path: "/a", content: "x" }],
    ["Edit", { file_path: "/a", old_string: "o", new_string: "n" }, "edit", { path: "/a", edits: [{ oldText: "o", newText: "n" }] }],
  ])("%s %j → %s", (name, args, toolName, input) => {
    expect(call(name, args)).toEqual({ toolName, input });
  });
  it("keeps MCP tools as they are", () => {
    expect(call("github-mcp-server-list_issues", { owner: "o" })).toEqual({
      toolName: "github-mcp-server-list_issues",
      input: { owner: "o" },
    });
  });
  // Each of these reached a policy under its native name before, so a `bash`/`edit`/`grep` guard missed it.
  it("reads powershell and text typed into a shell session (write_bash) as bash", () => {
    expect(call("powershell", { command: "Remove-Item .env" })).toEqual({ toolName: "bash", input: { command: "Remove-Item .env" } });
    expect(call("write_bash", { shellId: "1", input: "cat .env\n" })).toEqual({ toolName: "bash", input: { command: "cat .env\n" } });
  });
  it("reads every str_replace_editor change and an edit without new_str as an edit of the path", () => {
    expect(call("str_replace_editor", { command: "insert", path: "/a/.env", insert_line: 2, new_str: "X=1" })).toEqual({
      toolName: "edit",
      input: { path: "/a/.env", edits: [{ oldText: "", newText: "X=1" }] },
    });
    expect(call("str_replace_editor", { command: "str_replace", path: "/a/.env", old_str: "SECRET" })).toEqual({
      toolName: "edit",
      input: { path: "/a/.env", edits: [{ oldText: "SECRET", newText: "" }] },
    });
    expect(call("edit", { path: "/a/.env", old_str: "SECRET" })).toEqual({
      toolName: "edit",
      input: { path: "/a/.env", edits: [{ oldText: "SECRET", newText: "" }] },
    });
    expect(call("str_replace_editor", { command: "undo_edit", path: "/a/.env" })).toEqual({
      toolName: "edit",
      input: { path: "/a/.env", edits: [] },
    });
  });
  it("reads grep/glob `paths` as a string or an array, one call per directory", () => {
    const all = (toolName: string, toolArgs: unknown) =>
      copilot
        .parse("preToolUse", { sessionId: "s", toolName, toolArgs })
        .events.map((e) => (e.event === "tool_call" ? [e.toolName, e.input] : []));
    expect(all("grep", { pattern: "KEY", paths: ".env" })).toEqual([["grep", { pattern: "KEY", path: ".env" }]]);
    expect(all("glob", { pattern: "*", paths: ["src", "/etc"] })).toEqual([
      ["find", { pattern: "*", path: "src" }],
      ["find", { pattern: "*", path: "/etc" }],
    ]);
  });
  it("reads apply_patch as one call per file, from an object or the bare patch text", () => {
    const patch = "*** Begin Patch\n*** Delete File: .env\n*** Add File: b.txt\n+x\n*** End Patch";
    const events = (toolArgs: unknown) => copilot.parse("preToolUse", { sessionId: "s", toolName: "apply_patch", toolArgs }).events;
    for (const args of [{ input: patch }, patch]) {
      expect(events(args)).toEqual([
        expect.objectContaining({ toolName: "write", input: { path: ".env", content: "", delete: true } }),
        expect.objectContaining({ toolName: "write", input: { path: "b.txt", content: "x\n" } }),
      ]);
    }
  });
  it("flags a result whose resultType is not success", () => {
    const payload = { ...fixture("postToolUse-camelCase.json"), toolResult: { resultType: "failure", textResultForLlm: "boom" } };
    expect(copilot.parse("postToolUse", payload).events[0]).toMatchObject({ content: [{ type: "text", text: "boom" }], isError: true });
  });
  it("reads the SDK spelling stopHookActive too", () => {
    expect(copilot.parse("agentStop", { sessionId: "s", stopHookActive: true }).stopHookActive).toBe(true);
  });
});

describe("copilot parse: bad payloads", () => {
  itRejects(copilot, [
    ["preToolUse", "text", /preToolUse payload: expected a JSON object, got a string/],
    ["preToolUse", { toolArgs: {} }, /preToolUse payload: "toolName" must be a non-empty string, got nothing/],
    ["PreToolUse", { tool_input: {} }, /PreToolUse payload: "tool_name" must be a non-empty string, got nothing/],
    ["preToolUse", { toolName: "view" }, /"toolArgs" of view must be a JSON object or a JSON string, got nothing/],
    ["preToolUse", { toolName: "view", toolArgs: "not json" }, /"toolArgs" of view is a string but not a JSON object/],
    ["PreToolUse", { tool_name: "Read", tool_input: [1] }, /"tool_input" of Read must be a JSON object or a JSON string, got an array/],
    ["postToolUse", { toolName: "bash", toolArgs: {} }, /postToolUse payload: "toolResult" must be a JSON object, got nothing/],
    ["PostToolUse", { tool_name: "Bash", tool_input: {}, tool_result: "x" }, /"tool_result" must be a JSON object, got a string/],
  ]);
});

describe("copilot respond", () => {
  const camel = copilot.parse("preToolUse", fixture("preToolUse-camelCase.json"));
  const pascal = copilot.parse("PreToolUse", fixture("PreToolUse-PascalCase.json"));
  const post = copilot.parse("postToolUse", fixture("postToolUse-camelCase.json"));
  const stop = copilot.parse("agentStop", fixture("agentStop-camelCase.json"));
  const lifecycle = copilot.parse("sessionEnd", fixture("sessionEnd-camelCase.json"));
  const reply = (invocation: Invocation, fields: Partial<Decision>) => copilot.respond(invocation, decide(fields));
  const json = (stdout: string) => ({ stdout: `${stdout}\n`, stderr: "", exitCode: 0 });

  it("prints nothing for a plain allow", () => {
    for (const invocation of [camel, pascal, post, stop, lifecycle])
      expect(reply(invocation, {})).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });
  it("denies in JSON with exit 0 in both styles (model sees `Denied by preToolUse hook: R`)", () => {
    const expected = json('{"permissionDecision":"deny","permissionDecisionReason":"DENY R"}');
    expect(reply(camel, { block: "DENY R" })).toEqual(expected);
    expect(reply(pascal, { block: "DENY R" })).toEqual(expected);
  });
  it("replaces the tool message with modifiedResult", () => {
    const text = "[BLOCKED by HooKit] r\n\nThe original tool result was suppressed.";
    expect(reply(post, { patch: { reason: "r", text } })).toEqual(
      json(JSON.stringify({ modifiedResult: { resultType: "success", textResultForLlm: text } })),
    );
  });
  it("continues the agent with decision:block", () => {
    expect(reply(stop, { continueWith: "C" })).toEqual(json('{"decision":"block","reason":"C"}'));
  });
  it("writes notices to stderr only, with exit 0", () => {
    const notices = [
      { message: "a", severity: "error" as const },
      { message: "b", severity: "warning" as const },
    ];
    expect(reply(lifecycle, { notices })).toEqual({ stdout: "", stderr: "a\nb\n", exitCode: 0 });
    expect(reply(camel, { block: "R", notices })).toEqual({
      stdout: '{"permissionDecision":"deny","permissionDecisionReason":"R"}\n',
      stderr: "a\nb\n",
      exitCode: 0,
    });
  });
  it("has no stop field: stopAgent only drops a continuation", () => {
    expect(reply(camel, { stopAgent: "S" })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    expect(reply(stop, { stopAgent: "S", continueWith: "C" })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });
  it("never lets an empty reason fail open", () => {
    const parsed = JSON.parse(reply(camel, { block: " " }).stdout);
    expect(parsed.permissionDecision).toBe("deny");
    expect(parsed.permissionDecisionReason.trim()).not.toBe("");
  });
  it("always exits 0 and denies every block in JSON", () => {
    fc.assert(
      fc.property(fc.constantFrom(camel, pascal, post, stop, lifecycle), anyDecision, (invocation, d) => {
        const out = copilot.respond(invocation, d);
        expect(out.exitCode).toBe(0);
        if (invocation.kind === "tool_call" && d.block !== undefined) expect(JSON.parse(out.stdout).permissionDecision).toBe("deny");
        if (out.stdout !== "") {
          const keys = Object.keys(JSON.parse(out.stdout));
          for (const key of keys)
            expect(["permissionDecision", "permissionDecisionReason", "modifiedResult", "decision", "reason"]).toContain(key);
        }
      }),
    );
  });
});

describe("copilot adapter data", () => {
  it("registers camelCase events without matchers, timeouts in seconds", () => {
    expect(copilot.timeoutUnit).toBe("s");
    expect(copilot.registrations).toEqual([
      { native: "preToolUse", kind: "tool_call" },
      { native: "postToolUse", kind: "tool_result" },
      { native: "agentStop", kind: "stop" },
    ]);
  });
  it("rests what the real-CLI suite does not run on the captured fixtures", () => {
    for (const row of CAPABILITIES.copilot) if (!E2E_FEATURES.has(row.feature)) expect(row.verified).toBe("fixtures");
  });
});
