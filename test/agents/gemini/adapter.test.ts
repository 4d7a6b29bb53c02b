// Gemini CLI adapter: every captured 0.61.0 payload parses into the expected invocation
// (describeAdapterContract), and every decision encodes to the bytes harness-protocols §4.3/§7.2
// and model-view.md §3 call for.
import { E2E_FEATURES } from "../../../src/agents/shared/evidence.ts";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import gemini from "../../../src/agents/gemini/adapter.ts";
import { PayloadError, type Decision, type Invocation } from "../../../src/contract/types.ts";
import { CAPABILITIES } from "../../../src/agents/capabilities.ts";
import { describeAdapterContract, itRejects } from "../_adapter-contract.ts";
import { anyDecision } from "../_decisions.ts";
import { type SeenTool, stopOf, toolCall, toolResult } from "../_invocations.ts";

const DIR = new URL("../../fixtures/gemini/", import.meta.url);
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
const decide = (fields: Partial<Decision> = {}): Decision => ({ notices: [], ...fields });

const CAPTURE = "72874781-6c30-4fc5-aa86-b8c517e2edde";
const head = (session: string) => ({
  agent: "gemini",
  sessionId: session,
  cwd: "/home/user/project",
  metadata: {
    sessionId: session,
    sessionFile: `/home/user/.gemini/tmp/project/chats/session-2026-11-29T21-42-${session.slice(0, 8)}.jsonl`,
  },
});
const shell = (command: string): SeenTool => ({
  toolName: "bash",
  toolCallId: "",
  input: { command },
  nativeToolName: "run_shell_command",
  nativeToolInput: { command },
});
const output = (text: string, pgid: number) => `<untrusted_context>\nOutput: ${text}\nProcess Group PGID: ${pgid}\n</untrusted_context>`;

describeAdapterContract(gemini, {
  title: "captured fixtures",
  expected: {
    "BeforeTool-run_shell_command.json": toolCall(head(CAPTURE), "BeforeTool", shell("echo hello")),
    "AfterTool-run_shell_command.json": toolResult(head(CAPTURE), "AfterTool", { ...shell("echo hello"), text: output("hello", 29006) }),
    "AfterTool-run_shell_command-after-rewrite.json": toolResult(head("06aa477e-5ad6-4421-83dc-b96e8c81c577"), "AfterTool", {
      ...shell("echo rewritten"),
      text: output("rewritten", 29427),
    }),
    "AfterAgent.json": stopOf(head(CAPTURE), "AfterAgent", false),
    "AfterAgent-stop_hook_active.json": stopOf(head("35d30c96-621b-4d50-828c-68a932bbdb5a"), "AfterAgent", true),
  },
  unknownFields: { future_field: { nested: [1, 2] }, tool_use_id: 7, model: null },
});

describe("gemini parse: tool vocabulary", () => {
  const call = (tool_name: string, tool_input: Record<string, unknown>) => {
    const [event] = gemini.parse("BeforeTool", { session_id: "s", tool_name, tool_input }).events;
    if (event?.event !== "tool_call") throw new Error("expected a tool_call");
    return { toolName: event.toolName, input: event.input, nativeToolName: event.nativeToolName };
  };
  it.each([
    ["read_file", { file_path: "/a", offset: 9, limit: 5 }, "read", { path: "/a", offset: 10, limit: 5 }],
    ["read_file", { file_path: "/a", start_line: 3, end_line: 7 }, "read", { path: "/a", offset: 3, limit: 5 }],
    ["read_file", { file_path: "/a" }, "read", { path: "/a" }],
    ["write_file", { file_path: "/a", content: "x" }, "write", { path: "/a", content: "x" }],
    [
      "replace",
      { file_path: "/a", instruction: "i", old_string: "o", new_string: "n" },
      "edit",
      { path: "/a", edits: [{ oldText: "o", newText: "n" }] },
    ],
    [
      "grep_search",
      { pattern: "p", dir_path: "/d", include_pattern: "*.ts", case_sensitive: true, total_max_matches: 3 },
      "grep",
      { pattern: "p", path: "/d", glob: "*.ts", ignoreCase: false, limit: 3 },
    ],
    ["search_file_content", { pattern: "p", path: "/d", include: "*.md" }, "grep", { pattern: "p", path: "/d", glob: "*.md" }],
    ["glob", { pattern: "**/*.ts", dir_path: "/d" }, "find", { pattern: "**/*.ts", path: "/d" }],
    ["list_directory", { dir_path: "/d" }, "ls", { path: "/d" }],
    ["run_shell_command", { command: "ls", description: "d", dir_path: "/d" }, "bash", { command: "cd -- /d && ls" }],
    ["run_shell_command", { command: "ls", dir_path: "~/my dir" }, "bash", { command: "cd -- ~/'my dir' && ls" }],
    ["run_shell_command", { command: "ls", dir_path: "." }, "bash", { command: "ls" }],
  ])("%s %j → %s", (name, input, toolName, normalized) => {
    expect(call(name, input)).toEqual({ toolName, input: normalized, nativeToolName: name });
  });
  it("keeps MCP and unknown tools as they are", () => {
    const input = { query: "x" };
    expect(call("mcp_github_search", input)).toEqual({ toolName: "mcp_github_search", input, nativeToolName: "mcp_github_search" });
    expect(call("google_web_search", input).toolName).toBe("google_web_search");
  });
  it("refuses a shell or file tool whose input lacks what hookit maps, before it runs", () => {
    expect(() => call("run_shell_command", { description: "no command" })).toThrow(PayloadError);
    expect(() => call("read_file", { file_path: [".env"] })).toThrow(PayloadError);
    expect(() => call("write_file", { file_path: ".env" })).toThrow(PayloadError);
  });
  it("reads llmContent given as parts and flags tool errors", () => {
    const payload = {
      tool_name: "read_file",
      tool_input: { file_path: "/a" },
      tool_response: { llmContent: [{ text: "one" }, { inlineData: {} }, { text: "two" }], error: { message: "x" } },
    };
    const [event] = gemini.parse("AfterTool", payload).events;
    expect(event).toMatchObject({ event: "tool_result", content: [{ type: "text", text: "one\ntwo" }], isError: true });
  });
});

describe("gemini parse: other events", () => {
  it("treats an AfterModel chunk with a finishReason as a turn end (turnIndex 0)", () => {
    const payload = {
      session_id: "s",
      llm_response: { candidates: [{ content: { role: "model", parts: ["hi"] }, finishReason: "STOP" }] },
    };
    expect(gemini.parse("AfterModel", payload)).toMatchObject({
      kind: "turn_end",
      events: [{ event: "turn_end", turnIndex: 0, agent: "gemini" }],
    });
  });
  it("ignores streamed AfterModel chunks that do not finish the turn", () => {
    const payload = { llm_response: { candidates: [{ content: { role: "model", parts: ["h"] } }] } };
    expect(gemini.parse("AfterModel", payload)).toMatchObject({ kind: "lifecycle", events: [] });
  });
  it.each(["SessionStart", "SessionEnd", "BeforeAgent", "Notification"])("%s is lifecycle", (event) => {
    expect(gemini.kindOf(event)).toBe("lifecycle");
    expect(gemini.parse(event, { session_id: "s", source: "startup" })).toMatchObject({ kind: "lifecycle", events: [], sessionId: "s" });
  });
  it("reads other spellings of a pre-tool event as a tool_call that parse() refuses, so it blocks", () => {
    for (const event of ["beforeTool", "PreToolUse"]) {
      expect(gemini.kindOf(event)).toBe("tool_call");
      expect(() => gemini.parse(event, {})).toThrow(`hookit does not know the Gemini CLI event "${event}"`);
    }
    expect(gemini.kindOf("afterAgent")).toBeUndefined();
  });
});

describe("gemini parse: bad payloads", () => {
  const good = fixture("AfterTool-run_shell_command.json");
  itRejects(gemini, [
    ["BeforeTool", null, /BeforeTool payload: expected a JSON object, got null/],
    ["AfterAgent", [], /AfterAgent payload: expected a JSON object, got an array/],
    ["BeforeTool", { tool_input: {} }, /BeforeTool payload: "tool_name" must be a non-empty string, got nothing/],
    ["BeforeTool", { tool_name: 3, tool_input: {} }, /"tool_name" must be a non-empty string, got a number/],
    ["BeforeTool", { tool_name: "read_file", tool_input: "x" }, /"tool_input" of read_file must be a JSON object, got a string/],
    ["AfterTool", { ...good, tool_response: 5 }, /AfterTool payload: "tool_response" must be a JSON object, got a number/],
  ]);
});

describe("gemini respond", () => {
  const call = gemini.parse("BeforeTool", fixture("BeforeTool-run_shell_command.json"));
  const result = gemini.parse("AfterTool", fixture("AfterTool-run_shell_command.json"));
  const stop = gemini.parse("AfterAgent", fixture("AfterAgent.json"));
  const reply = (invocation: Invocation, fields: Partial<Decision>) => gemini.respond(invocation, decide(fields));
  const json = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });

  it("prints nothing for a plain allow", () => {
    for (const invocation of [call, result, stop]) expect(reply(invocation, {})).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });
  it("blocks a tool with a JSON deny and exit 0 (model sees `Tool execution blocked: R`)", () => {
    expect(reply(call, { block: "DENY R" })).toEqual({ stdout: '{"decision":"deny","reason":"DENY R"}\n', stderr: "", exitCode: 0 });
  });
  it("replaces a tool result with the patch text (model sees {error: text})", () => {
    const text = "[BLOCKED by HooKit] r\n\nThe original tool result was suppressed.";
    expect(reply(result, { patch: { reason: "r", text } })).toEqual(json({ decision: "deny", reason: text }));
  });
  it("continues the agent from AfterAgent with a deny", () => {
    expect(reply(stop, { continueWith: "1 hook failed after your last turn:" })).toEqual(
      json({ decision: "deny", reason: "1 hook failed after your last turn:" }),
    );
  });
  it("shows notices to the user as one systemMessage", () => {
    const notices = [
      { message: "a", severity: "error" as const },
      { message: "b", severity: "info" as const },
    ];
    expect(reply(stop, { notices })).toEqual(json({ systemMessage: "a\nb" }));
    expect(reply(call, { block: "R", notices })).toEqual(json({ decision: "deny", reason: "R", systemMessage: "a\nb" }));
  });
  it("stops the agent with continue:false, and stopping wins over a continuation", () => {
    expect(reply(call, { stopAgent: "S" })).toEqual(json({ continue: false, stopReason: "S" }));
    expect(reply(stop, { stopAgent: "S", continueWith: "C" })).toEqual(json({ continue: false, stopReason: "S" }));
  });
  it("never lets an empty reason fail open", () => {
    const parsed = JSON.parse(reply(call, { block: "" }).stdout);
    expect(parsed.decision).toBe("deny");
    expect(parsed.reason.length).toBeGreaterThan(0);
  });
  it("ignores decision fields that do not belong to the event kind", () => {
    expect(reply(stop, { block: "R", patch: { reason: "r", text: "t" } }).stdout).toBe("");
    expect(reply(call, { continueWith: "C" }).stdout).toBe("");
  });
  it("always exits 0 with schema-only JSON or nothing, and denies every block", () => {
    fc.assert(
      fc.property(fc.constantFrom(call, result, stop), anyDecision, (invocation, d) => {
        const out = gemini.respond(invocation, d);
        expect(out.exitCode).toBe(0);
        expect(out.stderr).toBe("");
        if (out.stdout === "") return;
        const parsed = JSON.parse(out.stdout);
        for (const key of Object.keys(parsed)) expect(["decision", "reason", "continue", "stopReason", "systemMessage"]).toContain(key);
        if (invocation.kind === "tool_call" && d.block !== undefined) expect(parsed.decision).toBe("deny");
      }),
    );
  });
});

describe("gemini adapter data", () => {
  it("registers the tool, result and stop events in milliseconds", () => {
    expect(gemini.timeoutUnit).toBe("ms");
    expect(gemini.registrations.map((r) => r.native)).toEqual(["BeforeTool", "AfterTool", "AfterAgent"]);
  });
  it("rests what the real-CLI suite does not run on the captured fixtures", () => {
    for (const row of CAPABILITIES.gemini) if (!E2E_FEATURES.has(row.feature)) expect(row.verified).toBe("fixtures");
  });
});
