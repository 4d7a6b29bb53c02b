// Antigravity CLI adapter. agy cannot run here: the fixtures are the input examples of its
// hooks docs (test/fixtures/antigravity/README.md; describeAdapterContract). PreToolUse must
// always carry a `decision` (an object without one denies the call), so even "no opinion" is
// `{"decision":"allow"}`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import antigravity from "../../../src/agents/antigravity/adapter.ts";
import { PayloadError, type Decision } from "../../../src/contract/types.ts";
import { CAPABILITIES } from "../../../src/agents/capabilities.ts";
import { describeAdapterContract, itRejects } from "../_adapter-contract.ts";
import { lifecycle, stopOf, toolCall } from "../_invocations.ts";

const DIR = new URL("../../fixtures/antigravity/", import.meta.url);
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
const decide = (fields: Partial<Decision> = {}): Decision => ({ notices: [], ...fields });

const CONVERSATION = "ec33ebf9-0cba-4100-8142-c61503f6c587";
const HEAD = {
  agent: "antigravity",
  sessionId: CONVERSATION,
  cwd: "/workspace/project",
  metadata: { sessionId: CONVERSATION, sessionFile: `~/.gemini/antigravity/brain/${CONVERSATION}/.system_generated/logs/transcript.jsonl` },
};
const NPM_TEST = { CommandLine: "npm test", Cwd: "/workspace/project", WaitMsBeforeAsync: 5000 };

describeAdapterContract(antigravity, {
  title: "documented examples",
  expected: {
    "PreToolUse-run_command-docs-example.json": toolCall(HEAD, "PreToolUse", {
      toolName: "bash",
      input: { command: "npm test" },
      toolCallId: "",
      nativeToolName: "run_command",
      nativeToolInput: NPM_TEST,
    }),
    // agy's PostToolUse cannot change the result, so it is no tool_result.
    "PostToolUse-docs-example.json": lifecycle(HEAD, "PostToolUse"),
    "PreInvocation-docs-example.json": lifecycle(HEAD, "PreInvocation"),
    "PostInvocation-docs-example.json": {
      ...HEAD,
      nativeEvent: "PostInvocation",
      kind: "turn_end",
      events: [{ event: "turn_end", turnIndex: 3, agent: "antigravity" }],
    },
    "Stop-docs-example.json": stopOf(HEAD, "Stop"),
  },
  unknownFields: { future_field: { nested: [1, 2] }, another: null },
});

describe("antigravity parse: documented events", () => {
  it("does not evaluate a Stop caused by an error", () => {
    const stop = fixture("Stop-docs-example.json");
    expect(antigravity.parse("Stop", { ...stop, terminationReason: "error", error: "quota" })).toMatchObject({
      kind: "lifecycle",
      events: [],
    });
    expect(antigravity.parse("Stop", { ...stop, error: "boom" })).toMatchObject({ kind: "lifecycle", events: [] });
    expect(antigravity.parse("Stop", { ...stop, terminationReason: "NO_TOOL_CALL" })).toMatchObject({ kind: "stop" });
  });
  it("knows the five documented events and no Gemini CLI or Claude one", () => {
    expect(["PreToolUse", "PostToolUse", "PreInvocation", "PostInvocation", "Stop"].map((e) => antigravity.kindOf(e))).toEqual([
      "tool_call",
      "lifecycle",
      "lifecycle",
      "turn_end",
      "stop",
    ]);
    for (const event of ["AfterAgent", "SessionStart"]) expect(antigravity.kindOf(event)).toBeUndefined();
    // Another agent's pre-tool name is a misspelt pre-tool event: parse() refuses it, so it blocks.
    expect(antigravity.kindOf("BeforeTool")).toBe("tool_call");
  });
});

describe("antigravity parse: tool vocabulary (the docs' Supported Tools)", () => {
  const call = (name: string, args: Record<string, unknown>) => {
    const [event] = antigravity.parse("PreToolUse", { toolCall: { name, args }, stepIdx: 0, conversationId: "c" }).events;
    if (event?.event !== "tool_call") throw new Error("expected a tool_call");
    return [event.toolName, event.input];
  };
  it.each([
    ["view_file", { AbsolutePath: "/p/a.ts", StartLine: 3, EndLine: 9 }, "read", { path: "/p/a.ts" }],
    ["write_to_file", { TargetFile: "/p/a", Overwrite: true, CodeContent: "x", Description: "d" }, "write", { path: "/p/a", content: "x" }],
    [
      "replace_file_content",
      { TargetFile: "/p/a", TargetContent: "o", ReplacementContent: "n", AllowMultiple: false },
      "edit",
      { path: "/p/a", edits: [{ oldText: "o", newText: "n" }] },
    ],
    [
      "multi_replace_file_content",
      { TargetFile: "/p/a", ReplacementChunks: [{ TargetContent: "a", ReplacementContent: "b" }, { Other: 1 }] },
      "edit",
      { path: "/p/a", edits: [{ oldText: "a", newText: "b" }] },
    ],
    ["multi_replace_file_content", { TargetFile: "/p/a" }, "edit", { path: "/p/a", edits: [] }],
    ["list_dir", { DirectoryPath: "/p" }, "ls", { path: "/p" }],
    ["find_by_name", { SearchDirectory: "/p", Pattern: "*.ts", MaxDepth: 2 }, "find", { pattern: "*.ts", path: "/p" }],
    [
      "grep_search",
      { SearchPath: "/p", Query: "TODO", IsRegex: false, CaseInsensitive: true, Includes: ["*.ts"] },
      "grep",
      { pattern: "TODO", path: "/p", ignoreCase: true, literal: true, glob: "*.ts" },
    ],
    ["search_web", { query: "q" }, "search_web", { query: "q" }],
    ["browser_click", { x: 1 }, "browser_click", { x: 1 }],
  ])("%s %j → %s", (name, args, toolName, normalized) => {
    expect(call(name, args)).toEqual([toolName, normalized]);
  });
  it("refuses a known tool whose required argument is missing, so a policy cannot miss it", () => {
    expect(() => call("write_to_file", { TargetFile: "/p/a" })).toThrow(
      "toolCall.args.CodeContent of write_to_file must be a string, got nothing",
    );
    expect(() => call("run_command", { Command: "ls" })).toThrow(PayloadError);
  });
});

describe("antigravity parse: bad payloads", () => {
  itRejects(antigravity, [
    ["PreToolUse", { stepIdx: 1 }, /"toolCall" must be an object with a non-empty "name", got nothing/],
    ["PreToolUse", { toolCall: { name: "run_command", args: "ls" } }, /"toolCall.args" of run_command must be a JSON object, got a string/],
    ["Stop", "x", /expected a JSON object on stdin, got a string/],
  ]);
});

describe("antigravity respond", () => {
  const pre = antigravity.parse("PreToolUse", fixture("PreToolUse-run_command-docs-example.json"));
  const post = antigravity.parse("PostInvocation", fixture("PostInvocation-docs-example.json"));
  const stop = antigravity.parse("Stop", fixture("Stop-docs-example.json"));
  const other = antigravity.parse("PreInvocation", fixture("PreInvocation-docs-example.json"));
  const json = (value: unknown, stderr = "") => ({ stdout: `${JSON.stringify(value)}\n`, stderr, exitCode: 0 });

  it("always states a decision at PreToolUse: allow when hookit has no opinion", () => {
    expect(antigravity.respond(pre, decide())).toEqual(json({ decision: "allow" }));
    // The same when hookit is switched off or meets an event it does not know (a bare invocation).
    expect(antigravity.respond({ agent: "antigravity", nativeEvent: "PreToolUse", kind: "tool_call", events: [] }, decide())).toEqual(
      json({ decision: "allow" }),
    );
  });
  it("denies with the reason, never with an empty one", () => {
    expect(antigravity.respond(pre, decide({ block: "Use the test script." }))).toEqual(
      json({ decision: "deny", reason: "Use the test script." }),
    );
    expect(antigravity.respond(pre, decide({ block: "" }))).toEqual(json({ decision: "deny", reason: "Blocked by hookit policy." }));
  });
  it("answers the other events with an empty object", () => {
    for (const invocation of [post, stop, other]) expect(antigravity.respond(invocation, decide())).toEqual(json({}));
  });
  it("continues at Stop, unless an Action asked to stop", () => {
    expect(antigravity.respond(stop, decide({ continueWith: "Not done yet" }))).toEqual(
      json({ decision: "continue", reason: "Not done yet" }),
    );
    expect(antigravity.respond(stop, decide({ continueWith: "C", stopAgent: "S" }))).toEqual(json({}));
  });
  it("ends the execution loop at PostInvocation for interrupt/shutdown", () => {
    expect(antigravity.respond(post, decide({ stopAgent: "S" }))).toEqual(json({ terminationBehavior: "terminate" }));
    expect(antigravity.respond(pre, decide({ stopAgent: "S" }))).toEqual(
      json({ decision: "allow" }, "S (Antigravity cannot stop the agent from PreToolUse)\n"),
    );
  });
  it("sends notices to stderr, one per line", () => {
    const notices = [
      { message: "n1", severity: "error" as const },
      { message: "n2", severity: "info" as const },
    ];
    expect(antigravity.respond(pre, decide({ block: "R", notices }))).toEqual(json({ decision: "deny", reason: "R" }, "n1\nn2\n"));
  });
});

describe("antigravity capability table", () => {
  it("marks every cell as documented only; tool_result is impossible and PostToolUse is not registered", () => {
    expect(new Set(CAPABILITIES.antigravity.map((row) => row.verified))).toEqual(new Set(["documented, not verified on the real CLI"]));
    expect(CAPABILITIES.antigravity.find((row) => row.feature === "tool_result")?.support).toBe("impossible");
    expect(antigravity.registrations.map((r) => [r.native, r.matcher])).toEqual([
      ["PreToolUse", "*"],
      ["PostInvocation", undefined],
      ["Stop", undefined],
    ]);
  });
});
