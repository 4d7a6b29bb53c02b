// OpenCode's captured hook inputs → the normalized events hookit's policies see
// (Pi's tool vocabulary), and the events that drive agent_end and turn_end.
import { describe, expect, it } from "vitest";
import {
  abortedSession,
  finishedAssistantMessage,
  idleSession,
  sessionInfo,
  toolCallInvocation,
  toolResultInvocation,
} from "../../../src/agents/opencode/events.ts";
import { PayloadError } from "../../../src/contract/types.ts";
import { fixture, SESSION } from "../../hosts/opencode/_fake.ts";

const beforeCall = (name: string) => {
  const { input, output } = fixture(`tool.execute.before-${name}`);
  return toolCallInvocation(input, output.args, { sessionId: input.sessionID });
};

describe("tool.execute.before → tool_call", () => {
  it.each([
    ["bash", "bash", { command: "echo hi; exit 3" }],
    ["write", "write", { path: "/home/user/project/notes.txt", content: "one\ntwo\n" }],
    ["edit", "edit", { path: "/home/user/project/notes.txt", edits: [{ oldText: "two", newText: "three" }] }],
    ["read", "read", { path: "/home/user/project/notes.txt", offset: 1, limit: 5 }],
    ["glob", "find", { pattern: "**/*.txt" }],
    ["grep", "grep", { pattern: "thr", glob: "*.txt" }],
  ])("%s becomes %s", (native, toolName, input) => {
    const invocation = beforeCall(native);
    const { output } = fixture(`tool.execute.before-${native}`);
    expect(invocation).toMatchObject({ agent: "opencode", nativeEvent: "tool.execute.before", kind: "tool_call", sessionId: SESSION });
    expect(invocation.events).toEqual([
      {
        event: "tool_call",
        agent: "opencode",
        toolName,
        toolCallId: expect.stringMatching(/^call_fake_/),
        input,
        nativeToolName: native,
        nativeToolInput: output.args,
      },
    ]);
    expect(invocation.labels).toBeUndefined();
  });

  it("bash's timeout is milliseconds in OpenCode and seconds in Pi's vocabulary", () => {
    const invocation = toolCallInvocation({ tool: "bash", sessionID: "s", callID: "c" }, { command: "sleep 1", timeout: 120000 }, {});
    expect(invocation.events[0]).toMatchObject({ input: { command: "sleep 1", timeout: 120 } });
  });

  it("an apply_patch is one call per file, labelled with its path", () => {
    const invocation = beforeCall("apply_patch");
    expect(invocation.events.map((e) => "input" in e && [e.toolName, e.input])).toEqual([
      ["write", { path: "added.txt", content: "alpha\nbeta\n" }],
      ["edit", { path: "seed.txt", edits: [{ oldText: "old line", newText: "new line" }] }],
    ]);
    expect(invocation.labels).toEqual(["added.txt", "seed.txt"]);
    expect(invocation.events.every((e) => "nativeToolName" in e && e.nativeToolName === "apply_patch")).toBe(true);
  });

  it("an apply_patch wrapped in a heredoc is read like OpenCode reads it", () => {
    const patchText = "cat <<'EOF'\n*** Begin Patch\n*** Delete File: old.txt\n*** End Patch\nEOF";
    const invocation = toolCallInvocation({ tool: "apply_patch", sessionID: "s", callID: "c" }, { patchText }, {});
    expect(invocation.events[0]).toMatchObject({ toolName: "write", input: { path: "old.txt", content: "" } });
  });

  it("unknown tools (MCP, webfetch, task, …) keep their native name and input", () => {
    const args = { url: "http://127.0.0.1/x", format: "text" };
    const invocation = toolCallInvocation({ tool: "webfetch", sessionID: "s", callID: "c" }, args, {});
    expect(invocation.events[0]).toMatchObject({ toolName: "webfetch", input: args, nativeToolName: "webfetch" });
  });

  it("judges a private copy: a later change to OpenCode's args object changes nothing", () => {
    const args = { command: "ls" };
    const invocation = toolCallInvocation({ tool: "bash", sessionID: "s", callID: "c" }, args, {});
    args.command = "rm -rf /";
    expect(invocation.events[0]).toMatchObject({ input: { command: "ls" }, nativeToolInput: { command: "ls" } });
  });

  it.each([
    ["a known tool missing a required field", "write", { content: "x" }, /filePath of write must be a string, got nothing/],
    ["arguments that are not an object", "bash", "ls", /arguments must be an object, got a string/],
    ["a patch hookit cannot read", "apply_patch", { patchText: "not a patch" }, /patch text cannot be read: the first line must be/],
  ])("%s is a PayloadError naming the field", (_what, tool, args, message) => {
    expect(() => toolCallInvocation({ tool, sessionID: "s", callID: "c" }, args, {})).toThrow(PayloadError);
    expect(() => toolCallInvocation({ tool, sessionID: "s", callID: "c" }, args, {})).toThrow(message);
  });

  it("an input without a callID is a PayloadError", () => {
    expect(() => toolCallInvocation({ tool: "bash", sessionID: "s" } as never, { command: "ls" }, {})).toThrow('"callID" must be a string');
  });
});

describe("tool.execute.after → tool_result", () => {
  it("carries the text the model would read, normalized like the call", () => {
    const { input, output } = fixture("tool.execute.after-bash");
    const invocation = toolResultInvocation(input, output, { sessionId: SESSION });
    expect(invocation).toMatchObject({ nativeEvent: "tool.execute.after", kind: "tool_result", sessionId: SESSION });
    expect(invocation.events).toEqual([
      {
        event: "tool_result",
        agent: "opencode",
        toolName: "bash",
        toolCallId: "call_fake_1",
        input: { command: "echo hi; exit 3" },
        content: [{ type: "text", text: "hi\n" }],
        isError: false,
        nativeToolName: "bash",
        nativeToolInput: { command: "echo hi; exit 3" },
      },
    ]);
  });

  it("a multi-file apply_patch stays apply_patch with its native input", () => {
    const { input, output } = fixture("tool.execute.after-apply_patch");
    const [event] = toolResultInvocation(input, output, {}).events;
    expect(event).toMatchObject({ toolName: "apply_patch", input: input.args, content: [{ type: "text", text: output.output }] });
  });

  it("a result whose output is not text is a PayloadError", () => {
    const { input, output } = fixture("tool.execute.after-read");
    expect(() => toolResultInvocation(input, { ...output, output: { lines: [] } }, {})).toThrow(/output must be a string, got a object/);
  });
});

describe("bus events", () => {
  it("session.idle names the session that stopped", () => {
    expect(idleSession(fixture("event-session.idle").event.properties)).toBe(SESSION);
    expect(idleSession({})).toBeUndefined();
  });

  it("message.updated is a turn end only for a finished assistant message", () => {
    for (const name of ["event-message.updated-tool-calls", "event-message.updated-stop"]) {
      const { properties } = fixture(name).event;
      expect(finishedAssistantMessage(properties)).toEqual({ id: properties.info.id, sessionID: SESSION });
    }
    const { properties } = fixture("event-message.updated-stop").event;
    delete properties.info.time.completed;
    expect(finishedAssistantMessage(properties)).toBeUndefined();
    expect(
      finishedAssistantMessage({ info: { ...fixture("event-message.updated-stop").event.properties.info, role: "user" } }),
    ).toBeUndefined();
  });

  it("message.updated with a MessageAbortedError names the session the user stopped", () => {
    const { properties } = fixture("event-message.updated-stop").event;
    expect(abortedSession(properties)).toBeUndefined();
    expect(
      abortedSession({ ...properties, info: { ...properties.info, error: { name: "MessageAbortedError", data: { message: "Aborted" } } } }),
    ).toBe(SESSION);
    expect(abortedSession({ ...properties, info: { ...properties.info, error: { name: "APIError", data: {} } } })).toBeUndefined();
  });

  it("session.created tells a subagent's session (parentID) from a top-level one", () => {
    const { properties } = fixture("event-session.created").event;
    expect(sessionInfo(properties)).toEqual({ id: SESSION, child: false });
    expect(sessionInfo({ info: { ...properties.info, id: "ses_child", parentID: SESSION } })).toEqual({ id: "ses_child", child: true });
  });
});
