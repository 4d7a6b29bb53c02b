// Factory droid adapter, reading: every captured 0.225.2 payload (test/fixtures/factory/,
// describeAdapterContract, and test/agents/factory/captures/) parses into the expected
// invocation, droid's tools land in hookit's vocabulary, and unreadable payloads are named.
// Answers: respond.test.ts.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import factory from "../../../src/agents/factory/adapter.ts";
import { describeAdapterContract, expectedFiles, itRejects } from "../_adapter-contract.ts";
import { lifecycle, type SeenResult, type SeenTool, stopOf, toolCall, toolResult } from "../_invocations.ts";

const FIXTURES = new URL("../../fixtures/factory/", import.meta.url);
const CAPTURES = new URL("./captures/", import.meta.url);
const load = (dir: URL, name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(name, dir), "utf8"));
const fixture = (name: string) => load(FIXTURES, name);
const capture = (name: string) => load(CAPTURES, name);
const eventOf = (file: string) => file.split("-")[0]!.replace(/\.json$/, "");

const head = (id: string) => ({
  agent: "factory",
  sessionId: id,
  cwd: "/home/user/project",
  metadata: { sessionId: id, sessionFile: `/home/user/.factory/sessions/-home-user-project/${id}.jsonl` },
});
const S1 = "7742412b-cbcd-4e01-81e2-44a45c52c632";
const execute = (command: string, extra: Record<string, string> = { riskLevelReason: "fake", riskLevel: "low" }): SeenTool => ({
  toolName: "bash",
  toolCallId: "",
  input: { command },
  nativeToolName: "Execute",
  nativeToolInput: { summary: "fake", command, ...extra },
});
const exited = (output: string) => `${output}\n\n\n[Process exited with code 0]`;
// droid's adapter keeps the native tool name for respond().
const NATIVE = { native: { toolName: "Execute" } };
const postTool = (session: string, result: SeenResult) => toolResult(head(session), "PostToolUse", result, NATIVE);

describeAdapterContract(factory, {
  title: "captured 0.225.2 payloads",
  expected: {
    "PreToolUse-Execute.json": toolCall(head(S1), "PreToolUse", execute("echo hello"), NATIVE),
    "PostToolUse-Execute.json": postTool(S1, { ...execute("echo hello"), text: exited("hello") }),
    "PostToolUse-Execute-after-updatedInput.json": postTool("dd1ddf5d-822d-4d32-8aa5-57f3a7ba9c95", {
      ...execute("echo rewritten-claude", { description: "rewritten" }),
      text: exited("rewritten-claude"),
    }),
    "Stop.json": stopOf(head(S1), "Stop", false),
    "Stop-stop_hook_active.json": stopOf(head("3cd8b37b-19da-4ee9-8b7f-d162cf762298"), "Stop", true),
    "SessionStart.json": lifecycle(head(S1), "SessionStart"),
    "SessionEnd.json": lifecycle(head(S1), "SessionEnd"),
  },
  unknownFields: { future_field: { nested: [1] }, another: null },
});

const P = "/home/user/project";
/** capture file → [normalized tool name, normalized input] of each event, in order. */
const TOOLS: Record<string, [string, Record<string, unknown>][]> = {
  "PreToolUse-Create.json": [["write", { path: `${P}/hello.txt`, content: "hello\n" }]],
  "PostToolUse-Create.json": [["write", { path: `${P}/hello.txt`, content: "hello\n" }]],
  "PreToolUse-Edit.json": [["edit", { path: `${P}/hello.txt`, edits: [{ oldText: "hello", newText: "bye" }] }]],
  "PostToolUse-Edit.json": [["edit", { path: `${P}/hello.txt`, edits: [{ oldText: "hello", newText: "bye" }] }]],
  "PreToolUse-MultiEdit.json": [["edit", { path: `${P}/hello.txt`, edits: [{ oldText: "bye", newText: "ciao" }] }]],
  "PreToolUse-Read.json": [["read", { path: `${P}/hello.txt` }]],
  "PostToolUse-Read.json": [["read", { path: `${P}/hello.txt` }]],
  "PreToolUse-LS.json": [["ls", { path: P }]],
  "PostToolUse-LS.json": [["ls", { path: P }]],
  "PreToolUse-Grep.json": [["grep", { pattern: "ciao", path: P }]],
  "PostToolUse-Grep.json": [["grep", { pattern: "ciao", path: P }]],
  "PreToolUse-Glob.json": [["find", { pattern: "*.txt", path: P }]],
  "PostToolUse-Glob.json": [["find", { pattern: "*.txt", path: P }]],
  "PreToolUse-ApplyPatch-add.json": [["write", { path: "two.txt", content: "two\n" }]],
  "PostToolUse-ApplyPatch-add.json": [["write", { path: "two.txt", content: "two\n" }]],
  "PreToolUse-ApplyPatch-multi.json": [
    ["edit", { path: "two.txt", edits: [{ oldText: "two", newText: "three" }] }],
    ["write", { path: "sub/four.txt", content: "four\n" }],
  ],
  // One result per call: a patch of two files keeps droid's own name and input.
  "PostToolUse-ApplyPatch-multi.json": [
    [
      "ApplyPatch",
      {
        input: "*** Begin Patch\n*** Update File: two.txt\n@@\n-two\n+three\n*** Add File: sub/four.txt\n+four\n*** End Patch\n",
      },
    ],
  ],
};

describe("factory parse: droid's tools in hookit's vocabulary (captured 0.225.2 calls)", () => {
  it("has an expectation for every capture file", () => {
    expect(expectedFiles(fileURLToPath(CAPTURES))).toEqual(Object.keys(TOOLS).sort());
  });

  it.each(Object.keys(TOOLS))("%s", (file) => {
    const payload = capture(file);
    const invocation = factory.parse(eventOf(file), payload);
    expect(invocation.events.map((e) => ("toolName" in e ? [e.toolName, e.input] : []))).toEqual(TOOLS[file]);
    for (const e of invocation.events)
      expect(e).toMatchObject({ agent: "factory", nativeToolName: payload.tool_name, nativeToolInput: payload.tool_input });
  });

  it("labels each file of an ApplyPatch so a block names the file", () => {
    expect(factory.parse("PreToolUse", capture("PreToolUse-ApplyPatch-multi.json")).labels).toEqual(["two.txt", "sub/four.txt"]);
    expect(factory.parse("PreToolUse", capture("PreToolUse-ApplyPatch-add.json")).labels).toEqual(["two.txt"]);
  });

  it("passes droid's result string through as the text: the model reads it for Execute and Read", () => {
    expect(factory.parse("PostToolUse", capture("PostToolUse-Read.json")).events[0]).toMatchObject({
      content: [{ type: "text", text: "bye\n" }],
      isError: false,
    });
    // For file tools droid composes its own sentence; the payload only has this JSON string.
    const created = factory.parse("PostToolUse", capture("PostToolUse-Create.json")).events[0];
    expect(created).toMatchObject({ content: [{ type: "text", text: `{"success":true,"file_path":"${P}/hello.txt"}` }] });
  });

  const call = (tool_name: string, tool_input: unknown) =>
    factory.parse("PreToolUse", { ...fixture("PreToolUse-Execute.json"), tool_name, tool_input }).events;

  it.each([
    ["Execute", { command: "sleep 1", timeout: 90, riskLevel: "low" }, [["bash", { command: "sleep 1", timeout: 90 }]]],
    ["Read", { file_path: "/p/a.ts", offset: 10, limit: 5, image_quality: "high" }, [["read", { path: "/p/a.ts", offset: 10, limit: 5 }]]],
    ["LS", {}, [["ls", {}]]],
    [
      "Grep",
      { pattern: "TODO", path: "src", glob_pattern: "*.ts", case_insensitive: true, context: 2, head_limit: 20, output_mode: "content" },
      [["grep", { pattern: "TODO", path: "src", glob: "*.ts", ignoreCase: true, context: 2, limit: 20 }]],
    ],
    ["Glob", { patterns: "**/*.md" }, [["find", { pattern: "**/*.md" }]]],
    [
      "Glob",
      { patterns: ["*.js", "*.ts"], folder: "/p" },
      [
        ["find", { pattern: "*.js", path: "/p" }],
        ["find", { pattern: "*.ts", path: "/p" }],
      ],
    ],
    [
      "ApplyPatch",
      { input: "*** Begin Patch\n*** Delete File: old.txt\n*** Update File: a.txt\n*** Move to: b.txt\n@@\n-x\n+y\n*** End Patch" },
      [
        ["write", { path: "old.txt", content: "", delete: true }],
        ["edit", { path: "a.txt", edits: [{ oldText: "x", newText: "y" }] }],
        ["edit", { path: "b.txt", edits: [{ oldText: "x", newText: "y" }] }],
      ],
    ],
    ["mcp__github__create_issue", { title: "x" }, [["mcp__github__create_issue", { title: "x" }]]],
    ["FetchUrl", { url: "http://127.0.0.1/" }, [["FetchUrl", { url: "http://127.0.0.1/" }]]],
  ])("%s %j", (name, input, expected) => {
    expect(call(name, input).map((e) => ("toolName" in e ? [e.toolName, e.input] : []))).toEqual(expected);
  });
});

describe("factory parse: payloads it cannot read", () => {
  const pre = fixture("PreToolUse-Execute.json");
  itRejects(factory, [
    ["a non-object", "PreToolUse", [1, 2], /PreToolUse payload: expected a JSON object on stdin, got an array/],
    ["a missing tool_name", "PreToolUse", { ...pre, tool_name: undefined }, /"tool_name" must be a non-empty string, got nothing/],
    ["a string tool_input", "PreToolUse", { ...pre, tool_input: "echo" }, /"tool_input" of Execute must be a JSON object, got a string/],
    [
      "an Execute without command",
      "PreToolUse",
      { ...pre, tool_input: { summary: "x" } },
      /tool_input\.command of Execute must be a string, got nothing/,
    ],
    [
      "a Create without content",
      "PreToolUse",
      { ...pre, tool_name: "Create", tool_input: { file_path: "/a" } },
      /tool_input\.content of Create must be a string/,
    ],
    [
      "a MultiEdit without changes",
      "PreToolUse",
      { ...pre, tool_name: "MultiEdit", tool_input: { file_path: "/a", changes: [] } },
      /tool_input\.changes of MultiEdit must be a non-empty array/,
    ],
    [
      "a Glob with a numeric pattern",
      "PreToolUse",
      { ...pre, tool_name: "Glob", tool_input: { patterns: [1] } },
      /tool_input\.patterns of Glob must be a string or a non-empty array of strings/,
    ],
    [
      "an unreadable ApplyPatch",
      "PreToolUse",
      { ...pre, tool_name: "ApplyPatch", tool_input: { input: "rm -rf /" } },
      /the ApplyPatch text cannot be read: the first line must be "\*\*\* Begin Patch"/,
    ],
    ["a numeric cwd", "Stop", { ...pre, cwd: 3 }, /Stop payload: "cwd" must be a string, got a number/],
    ["an unknown event", "PostToolUseFailure", pre, /does not know the Factory droid event "PostToolUseFailure"/],
  ]);
});
