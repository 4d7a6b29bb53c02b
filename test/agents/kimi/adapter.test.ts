// Kimi Code CLI adapter. The fixtures are captured from Kimi Code 2.1.0 or built from its hooks docs
// (test/fixtures/kimi/README.md); the answers below are the shapes those docs define and the e2e
// suite checks on the real CLI: a Claude-shaped `hookSpecificOutput` deny on stdout with exit 0,
// nothing for "no opinion".
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import kimi from "../../../src/agents/kimi/adapter.ts";
import { PayloadError, type Decision, type Invocation } from "../../../src/contract/types.ts";
import { CAPABILITIES } from "../../../src/agents/capabilities.ts";
import { describeAdapterContract, itRejects } from "../_adapter-contract.ts";
import { lifecycle, type SeenTool, stopOf, toolCall, toolResult } from "../_invocations.ts";

const DIR = new URL("../../fixtures/kimi/", import.meta.url);
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
const decide = (fields: Partial<Decision> = {}): Decision => ({ notices: [], ...fields });

// Kimi Code's docs example, and kimi-cli's (the earlier generation: a Shell tool, no session name).
const KC = {
  agent: "kimi",
  sessionId: "session_abc",
  cwd: "/path/to/project",
  metadata: { sessionId: "session_abc", sessionName: "Fix the login page" },
};
const KCLI = { agent: "kimi", sessionId: "abc123", cwd: "/path/to/project", metadata: { sessionId: "abc123" } };
const bash = (command: string, id: string, nativeToolName = "Bash"): SeenTool => ({
  toolName: "bash",
  toolCallId: id,
  input: { command },
  nativeToolName,
  nativeToolInput: { command },
});

// Captured from Kimi Code 2.1.0 (test/fixtures/kimi/README.md): no session_title in a `-p` run.
const S1 = "session_a7028e43-c050-4153-b961-f2a1ec411493";
const S2 = "session_1892ef58-b157-42d1-9dc8-7e80a7b547f4";
const PROJECT = "/tmp/kimi-run/project";
const real = (sessionId: string) => ({ agent: "kimi", sessionId, cwd: PROJECT, metadata: { sessionId } });
const tool = (
  nativeToolName: string,
  nativeToolInput: Record<string, unknown>,
  toolName: string,
  input: Record<string, unknown>,
  id: string,
): SeenTool => ({
  toolName,
  toolCallId: id,
  input,
  nativeToolName,
  nativeToolInput,
});
const echoHi = { command: "echo hi > out.txt", description: "Run e2e step" };
const failing = { command: "false", description: "Run e2e step" };
const hello = { path: `${PROJECT}/hello.txt`, content: "hello\n" };
const notes = `${PROJECT}/notes.txt`;
const missing = `${PROJECT}/missing.txt`;
const echoTool = tool("Bash", echoHi, "bash", { command: "echo hi > out.txt" }, "call_fake_1");
const writeTool = tool("Write", hello, "write", hello, "call_fake_1");

const CAPTURED: Record<string, Invocation> = {
  "PreToolUse-Bash-2.1.0.json": toolCall(real(S1), "PreToolUse", echoTool),
  "PostToolUse-Bash-2.1.0.json": toolResult(real(S1), "PostToolUse", { ...echoTool, text: "Command executed successfully." }),
  "PostToolUseFailure-Bash-2.1.0.json": toolResult(real(S1), "PostToolUseFailure", {
    ...tool("Bash", failing, "bash", { command: "false" }, "call_fake_2"),
    text: "Process exited with code 1\nCommand failed with exit code: 1.",
    isError: true,
  }),
  "PreToolUse-Bash-cwd-timeout-2.1.0.json": toolCall(
    real(S2),
    "PreToolUse",
    tool("Bash", { command: "ls", cwd: "/tmp", timeout: 5 }, "bash", { command: "cd -- /tmp && ls", timeout: 5 }, "call_fake_6"),
  ),
  "PreToolUse-Write-2.1.0.json": toolCall(real(S2), "PreToolUse", writeTool),
  "PostToolUse-Write-2.1.0.json": toolResult(real(S2), "PostToolUse", { ...writeTool, text: `Wrote 6 bytes to ${PROJECT}/hello.txt` }),
  "PreToolUse-Read-2.1.0.json": toolCall(
    real(S2),
    "PreToolUse",
    tool("Read", { path: notes, line_offset: 1, n_lines: 1 }, "read", { path: notes, offset: 1, limit: 1 }, "call_fake_2"),
  ),
  "PostToolUseFailure-Read-2.1.0.json": toolResult(real(S2), "PostToolUseFailure", {
    ...tool("Read", { path: missing }, "read", { path: missing }, "call_fake_7"),
    text: `"${missing}" does not exist.`,
    isError: true,
  }),
  "PreToolUse-Edit-2.1.0.json": toolCall(
    real(S2),
    "PreToolUse",
    tool(
      "Edit",
      { path: notes, old_string: "beta", new_string: "gamma" },
      "edit",
      { path: notes, edits: [{ oldText: "beta", newText: "gamma" }] },
      "call_fake_3",
    ),
  ),
  "PreToolUse-Glob-2.1.0.json": toolCall(
    real(S2),
    "PreToolUse",
    tool("Glob", { pattern: "*.txt", path: PROJECT }, "find", { pattern: "*.txt", path: PROJECT }, "call_fake_4"),
  ),
  "PreToolUse-Grep-2.1.0.json": toolCall(
    real(S2),
    "PreToolUse",
    tool(
      "Grep",
      { pattern: "gamma", path: PROJECT, output_mode: "content", "-i": true },
      "grep",
      { pattern: "gamma", path: PROJECT, ignoreCase: true },
      "call_fake_5",
    ),
  ),
  "Stop-2.1.0.json": stopOf(real(S2), "Stop", false),
  // The model alias KIMI_MODEL_NAME makes (the e2e fake's), which SessionStart names.
  "SessionStart-2.1.0.json": lifecycle({ ...real(S2), metadata: { sessionId: S2, model: "__kimi_env_model__" } }, "SessionStart"),
  "UserPromptSubmit-2.1.0.json": lifecycle(real(S2), "UserPromptSubmit"),
};

describeAdapterContract(kimi, {
  title: "documented and captured payloads",
  expected: {
    "PreToolUse-Bash.json": toolCall(KC, "PreToolUse", bash("rm -rf build", "tool_call_1")),
    "PostToolUse-Bash.json": toolResult(KC, "PostToolUse", { ...bash("npm test", "tool_call_2"), text: "2 passing" }),
    "PostToolUseFailure-Bash.json": toolResult(KC, "PostToolUseFailure", {
      ...bash("npm test", "tool_call_3"),
      text: "1 failing",
      isError: true,
    }),
    "Stop.json": stopOf(KC, "Stop", false),
    "PreToolUse-Shell-kimi-cli.json": toolCall(KCLI, "PreToolUse", bash("rm -rf /", "", "Shell")),
    "Stop-stop_hook_active-kimi-cli.json": stopOf(KCLI, "Stop", true),
    ...CAPTURED,
  },
  unknownFields: { future_field: { nested: [1, 2] }, another: null },
});

describe("kimi parse: the documented events", () => {
  it("knows every documented event, and only those", () => {
    for (const event of ["UserPromptSubmit", "SessionStart", "SubagentStop", "Notification", "Interrupt", "TurnStarted"]) {
      expect(kimi.kindOf(event)).toBe("lifecycle");
      expect(kimi.parse(event, { hook_event_name: event, session_id: "s" })).toMatchObject({ kind: "lifecycle", events: [] });
    }
    expect(kimi.kindOf("BeforeTool")).toBe("tool_call");
    expect(() => kimi.parse("BeforeTool", {})).toThrow('hookit does not know the Kimi Code event "BeforeTool"');
  });
});

describe("kimi parse: tool vocabulary (Kimi Code built-in tools)", () => {
  const call = (tool_name: string, tool_input: Record<string, unknown>) => {
    const [event] = kimi.parse("PreToolUse", { session_id: "s", tool_name, tool_input, tool_call_id: "c" }).events;
    if (event?.event !== "tool_call") throw new Error("expected a tool_call");
    return [event.toolName, event.input];
  };
  it.each([
    // Kimi Code 2.1.0's Bash schema: "timeout in seconds" (default 60), and a `cwd` it runs in.
    ["Bash", { command: "ls", timeout: 5, run_in_background: false }, "bash", { command: "ls", timeout: 5 }],
    ["Shell", { command: "ls", timeout: 60 }, "bash", { command: "ls", timeout: 60 }],
    ["Bash", { command: "rm -rf build", cwd: "/other/repo" }, "bash", { command: "cd -- /other/repo && rm -rf build" }],
    ["Bash", { command: "ls", cwd: "" }, "bash", { command: "ls" }],
    ["Read", { path: "/a", line_offset: 10, n_lines: 20 }, "read", { path: "/a", offset: 10, limit: 20 }],
    ["Read", { path: "/a", line_offset: -5 }, "read", { path: "/a" }],
    ["Write", { path: "/a", content: "x", mode: "append" }, "write", { path: "/a", content: "x" }],
    [
      "Edit",
      { path: "/a", old_string: "o", new_string: "n", replace_all: true },
      "edit",
      { path: "/a", edits: [{ oldText: "o", newText: "n" }] },
    ],
    [
      "Grep",
      { pattern: "TODO", path: "src", glob: "*.ts", "-i": true, "-C": 2, head_limit: 0 },
      "grep",
      { pattern: "TODO", path: "src", glob: "*.ts", ignoreCase: true, context: 2 },
    ],
    ["Grep", { pattern: "x", head_limit: 7 }, "grep", { pattern: "x", limit: 7 }],
    ["Glob", { pattern: "**/*.ts", path: "src" }, "find", { pattern: "**/*.ts", path: "src" }],
    ["WebSearch", { query: "q" }, "WebSearch", { query: "q" }],
    ["mcp__github__search", { q: 1 }, "mcp__github__search", { q: 1 }],
  ])("%s %j → %s", (name, input, toolName, normalized) => {
    expect(call(name, input)).toEqual([toolName, normalized]);
  });
  it("refuses a known tool whose required argument is missing, so a policy cannot miss it", () => {
    expect(() => call("Write", { path: "/a" })).toThrow("tool_input.content of Write must be a string, got nothing");
    expect(() => call("Bash", { cmd: "ls" })).toThrow(PayloadError);
  });
  it("reads a plain-string error (kimi-cli) and an error object (Kimi Code)", () => {
    const result = (error: unknown) => kimi.parse("PostToolUseFailure", { tool_name: "X", tool_input: {}, error }).events[0];
    expect(result("boom")).toMatchObject({ content: [{ type: "text", text: "boom" }], isError: true });
    expect(result({ code: "c", message: "bad" })).toMatchObject({ content: [{ type: "text", text: "bad" }] });
  });
});

describe("kimi parse: bad payloads", () => {
  itRejects(kimi, [
    ["PreToolUse", { tool_input: {} }, /"tool_name" must be a non-empty string/],
    ["PreToolUse", { tool_name: "Bash", tool_input: "ls" }, /"tool_input" of Bash must be a JSON object/],
    ["PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" }, session_id: 7 }, /"session_id" must be a string, got a number/],
    ["Stop", [], /expected a JSON object on stdin, got an array/],
  ]);
});

describe("kimi respond", () => {
  const pre = kimi.parse("PreToolUse", fixture("PreToolUse-Bash.json"));
  const post = kimi.parse("PostToolUse", fixture("PostToolUse-Bash.json"));
  const stop = kimi.parse("Stop", fixture("Stop.json"));
  const session = kimi.parse("SessionStart", { session_id: "s", source: "startup" });
  const deny = (event: string, reason: string) =>
    `${JSON.stringify({ hookSpecificOutput: { hookEventName: event, permissionDecision: "deny", permissionDecisionReason: reason } })}\n`;

  it("says nothing, exit 0, when hookit has no opinion", () => {
    for (const invocation of [pre, post, stop, session])
      expect(kimi.respond(invocation, decide())).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });
  it("blocks a tool with the documented JSON deny and exit 0 (never exit 2)", () => {
    expect(kimi.respond(pre, decide({ block: "Use rg instead of grep." }))).toEqual({
      stdout: deny("PreToolUse", "Use rg instead of grep."),
      stderr: "",
      exitCode: 0,
    });
    expect(JSON.parse(kimi.respond(pre, decide({ block: "  " })).stdout).hookSpecificOutput.permissionDecisionReason).toBe(
      "Blocked by hookit policy.",
    );
  });
  it("continues the agent at Stop with the same deny, unless an Action asked to stop", () => {
    expect(kimi.respond(stop, decide({ continueWith: "Run the tests first." })).stdout).toBe(deny("Stop", "Run the tests first."));
    const stopped = kimi.respond(stop, decide({ continueWith: "C", stopAgent: 'hookit: hook "x" requested interrupt' }));
    expect(stopped.stdout).toBe("");
    expect(stopped.stderr).toContain("requested interrupt");
  });
  it("cannot patch a result: the patch is only logged to stderr", () => {
    const reply = kimi.respond(post, decide({ patch: { reason: "secret in output", text: "[BLOCKED by HooKit] secret in output" } }));
    expect(reply.stdout).toBe("");
    expect(reply.exitCode).toBe(0);
    expect(reply.stderr).toContain("cannot replace a tool result");
    expect(reply.stderr).toContain("secret in output");
  });
  it("sends notices to stderr, one per line, next to a block on stdout", () => {
    const notices = [
      { message: "n1", severity: "error" as const },
      { message: "n2", severity: "info" as const },
    ];
    expect(kimi.respond(pre, decide({ block: "R", notices }))).toEqual({
      stdout: deny("PreToolUse", "R"),
      stderr: "n1\nn2\n",
      exitCode: 0,
    });
  });
});

describe("kimi capability table", () => {
  it("names the real CLI for what the e2e suite runs, and registers only events every Kimi release accepts", () => {
    const verified = new Map(CAPABILITIES.kimi.map((row) => [row.feature, row.verified]));
    expect(verified.get("tool_call")).toBe("real CLI 2.1.0 (npm run test:e2e)");
    expect(verified.get("turn_end")).toBe("fixtures captured from 2.1.0, and the documentation");
    expect(kimi.registrations.map((r) => r.native)).toEqual(["PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop"]);
    expect(kimi.registrations.every((r) => r.matcher === undefined)).toBe(true);
  });
});
