// The example adapter itself (examples/hookit-agent-example/adapter.mjs): each
// fixture parses into the invocation its README describes, each decision
// encodes to Example Agent's answer, and the executable speaks protocol 1.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import type { Adapter, CapabilityRow, Invocation } from "../../../src/contract/types.ts";
import { EXAMPLE_BIN, EXAMPLE_DIR, EXAMPLE_MODULE, exampleFixture } from "./_sandbox.ts";

// An external adapter module carries its capability table on the adapter object (docs/adapters.md).
const example = ((await import(pathToFileURL(EXAMPLE_MODULE).href)) as { default: Adapter & { capabilities: CapabilityRow[] } }).default;

const base = {
  agent: "example",
  sessionId: "ses-7f3a2c",
  cwd: "/home/user/project",
  metadata: { sessionId: "ses-7f3a2c", model: "example-large-2" },
};
const tool = (name: string, args: Record<string, unknown>, call: string) => ({
  toolCallId: call,
  nativeToolName: name,
  nativeToolInput: args,
});

const EXPECTED: Record<string, Invocation> = {
  "session_start.json": { ...base, nativeEvent: "session_start", kind: "lifecycle", events: [] },
  "before_tool-shell.json": {
    ...base,
    nativeEvent: "before_tool",
    kind: "tool_call",
    events: [
      {
        event: "tool_call",
        toolName: "bash",
        input: { command: "git push --force", timeout: 30 },
        ...tool("shell", { command: "git push --force", timeout_s: 30 }, "call-001"),
      },
    ],
  },
  "before_tool-write_file.json": {
    ...base,
    nativeEvent: "before_tool",
    kind: "tool_call",
    events: [
      {
        event: "tool_call",
        toolName: "write",
        input: { path: "/home/user/project/hello.txt", content: "hello\n" },
        ...tool("write_file", { file: "/home/user/project/hello.txt", text: "hello\n" }, "call-002"),
      },
    ],
  },
  "before_tool-web_search.json": {
    ...base,
    nativeEvent: "before_tool",
    kind: "tool_call",
    // A tool hookit has no name for keeps its own name and input.
    events: [
      {
        event: "tool_call",
        toolName: "web_search",
        input: { query: "hookit external adapters" },
        ...tool("web_search", { query: "hookit external adapters" }, "call-003"),
      },
    ],
  },
  "after_tool-shell.json": {
    ...base,
    nativeEvent: "after_tool",
    kind: "tool_result",
    events: [
      {
        event: "tool_result",
        toolName: "bash",
        input: { command: "cat .env" },
        content: [{ type: "text", text: "API_TOKEN=not-a-real-token\n" }],
        isError: false,
        ...tool("shell", { command: "cat .env" }, "call-004"),
      },
    ],
  },
  "after_tool-read_file-failed.json": {
    ...base,
    nativeEvent: "after_tool",
    kind: "tool_result",
    events: [
      {
        event: "tool_result",
        toolName: "read",
        input: { path: "missing.txt", offset: 1, limit: 50 },
        content: [{ type: "text", text: "missing.txt: no such file" }],
        isError: true,
        ...tool("read_file", { file: "missing.txt", start_line: 1, max_lines: 50 }, "call-005"),
      },
    ],
  },
  "stop.json": { ...base, nativeEvent: "stop", kind: "stop", stopHookActive: false, events: [{ event: "agent_end" }] },
  "stop-resumed.json": { ...base, nativeEvent: "stop", kind: "stop", stopHookActive: true, events: [{ event: "agent_end" }] },
};

describe("parse", () => {
  test("every fixture has an expectation", () => {
    expect(readdirSync(join(EXAMPLE_DIR, "fixtures")).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test.each(Object.entries(EXPECTED))("%s", (file, expected) => {
    expect(example.parse(expected.nativeEvent, exampleFixture(file))).toEqual(expected);
  });

  test("a known tool with a missing field is a PayloadError naming the field", () => {
    const payload = { ...exampleFixture("before_tool-write_file.json"), tool: { call_id: "c", name: "write_file", args: { file: "a" } } };
    expect(() => example.parse("before_tool", payload)).toThrow(
      expect.objectContaining({ name: "PayloadError", message: 'Example Agent before_tool payload: "text" must be a string, got nothing' }),
    );
  });
});

describe("respond", () => {
  const invocation = (file: string) => example.parse(EXPECTED[file]!.nativeEvent, exampleFixture(file));
  const out = (file: string, decision: Parameters<Adapter["respond"]>[1]) =>
    JSON.parse(example.respond(invocation(file), decision).stdout) as unknown;

  test("deny, replace_output, continue, halt and notify", () => {
    expect(out("before_tool-shell.json", { block: "no force push", notices: [] })).toEqual({ verdict: "deny", reason: "no force push" });
    expect(out("before_tool-shell.json", { block: " ", notices: [] })).toEqual({ verdict: "deny", reason: "Blocked by hookit policy." });
    expect(out("after_tool-shell.json", { patch: { reason: "r", text: "[BLOCKED by HooKit] r" }, notices: [] })).toEqual({
      verdict: "allow",
      replace_output: "[BLOCKED by HooKit] r",
    });
    expect(out("stop.json", { continueWith: "run the tests", notices: [] })).toEqual({ verdict: "continue", reason: "run the tests" });
    expect(out("stop.json", { continueWith: "run the tests", stopAgent: "halted", notices: [] })).toEqual({
      verdict: "allow",
      halt: "halted",
    });
    expect(
      out("session_start.json", {
        notices: [
          { message: "a", severity: "info" },
          { message: "b", severity: "error" },
        ],
      }),
    ).toEqual({ verdict: "allow", notify: ["a", "b"] });
  });

  test("a decision that does not fit the event is not encoded (a block at a stop)", () => {
    expect(out("stop.json", { block: "x", notices: [] })).toEqual({ verdict: "allow" });
  });
});

describe("the executable", () => {
  const run = (call: string, input = "") => spawnSync(EXAMPLE_BIN, [call], { input, encoding: "utf8" });

  test("info answers the module's static facts with protocol 1", () => {
    const { status, stdout } = run("info");
    expect(status).toBe(0);
    const { id, title, verifiedWith, timeoutUnit, registrations, capabilities } = example;
    expect(JSON.parse(stdout)).toEqual({ protocol: 1, id, title, verifiedWith, timeoutUnit, registrations, capabilities });
  });

  test("normalize answers {error} for an unreadable payload, and refuses another protocol", () => {
    const bad = run("normalize", JSON.stringify({ protocol: 1, nativeEvent: "stop", payload: 3 }));
    expect(bad.status).toBe(0);
    expect(JSON.parse(bad.stdout)).toEqual({ error: "Example Agent stop payload: expected a JSON object, got a number" });
    const future = run("normalize", JSON.stringify({ protocol: 2, nativeEvent: "stop", payload: {} }));
    expect(future).toMatchObject({
      status: 1,
      stdout: "",
      stderr: "hookit-agent-example: hookit asked for protocol 2; this adapter speaks 1\n",
    });
  });

  test("an unknown call exits non-zero with usage on stderr", () => {
    expect(run("help")).toMatchObject({
      status: 1,
      stdout: "",
      stderr: expect.stringContaining("usage: hookit-agent-example info|normalize|respond"),
    });
  });
});
