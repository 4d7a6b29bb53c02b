// The strict readers of protocol 1 answers: what passes, and the message for
// each way an answer can be wrong (the message is what the user reads).
import { describe, expect, test } from "vitest";
import { ShapeError } from "../../../src/agents/external/_check.ts";
import { readInvocation } from "../../../src/agents/external/invocation.ts";
import { readInfo, readNormalizeError, readReply } from "../../../src/agents/external/protocol.ts";
import { infoFor } from "./_sandbox.ts";

const shapeError = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof ShapeError) return error.message;
    throw error;
  }
  throw new Error("no ShapeError");
};

describe("info", () => {
  test("a complete answer is read as is", () => {
    expect(readInfo(infoFor("scripted"), "scripted")).toEqual(infoFor("scripted"));
  });

  test.each<[string, (info: Record<string, unknown>) => void, string]>([
    [
      "another protocol",
      (i) => {
        i.protocol = 2;
      },
      "protocol is 2, but this hookit speaks protocol 1",
    ],
    [
      "no protocol",
      (i) => {
        delete i.protocol;
      },
      "protocol is missing",
    ],
    [
      "another id",
      (i) => {
        i.id = "other";
      },
      'id is "other", but the adapter was found as "scripted"',
    ],
    [
      "an empty title",
      (i) => {
        i.title = "";
      },
      'title must be a non-empty string, got the string ""',
    ],
    [
      "a timeout unit hookit does not know",
      (i) => {
        i.timeoutUnit = "min";
      },
      'timeoutUnit must be "s" or "ms", got the string "min"',
    ],
    [
      "an unknown kind",
      (i) => {
        (i.registrations as Array<Record<string, unknown>>)[1]!.kind = "pre";
      },
      'registrations[1].kind must be "tool_call" or "tool_result" or "stop" or "turn_end" or "lifecycle", got the string "pre"',
    ],
    [
      "a registration listed twice",
      (i) => {
        (i.registrations as unknown[]).push({ native: "guard", kind: "stop" });
      },
      'registrations lists "guard" twice',
    ],
    [
      "a capability without notes",
      (i) => {
        delete (i.capabilities as Array<Record<string, unknown>>)[0]!.notes;
      },
      "capabilities[0].notes is missing",
    ],
    [
      "an unknown field (a typo)",
      (i) => {
        i.verifiedwith = "1.0";
      },
      "verifiedwith is not a field of protocol 1",
    ],
    [
      "registrations that are not a list",
      (i) => {
        i.registrations = {};
      },
      "registrations must be an array, got an object",
    ],
  ])("%s is rejected", (_, change, message) => {
    const info = structuredClone(infoFor("scripted"));
    change(info);
    expect(shapeError(() => readInfo(info, "scripted"))).toBe(message);
  });

  test("an answer that is not an object", () => {
    expect(shapeError(() => readInfo([infoFor("scripted")], "scripted"))).toBe("the answer must be an object, got an array");
  });
});

describe("respond", () => {
  test("a reply is read as is", () => {
    expect(readReply({ stdout: "{}\n", stderr: "", exitCode: 2 })).toEqual({ stdout: "{}\n", stderr: "", exitCode: 2 });
  });

  test.each<[string, unknown, string]>([
    ["a fractional exit code", { stdout: "", stderr: "", exitCode: 1.5 }, "exitCode must be an integer from 0 to 255, got number 1.5"],
    ["an exit code out of range", { stdout: "", stderr: "", exitCode: 256 }, "exitCode must be an integer from 0 to 255, got number 256"],
    [
      "an exit code as a string",
      { stdout: "", stderr: "", exitCode: "0" },
      'exitCode must be an integer from 0 to 255, got the string "0"',
    ],
    ["stdout as an object", { stdout: { decision: "deny" }, stderr: "", exitCode: 0 }, "stdout must be a string, got an object"],
    ["no stderr", { stdout: "", exitCode: 0 }, "stderr is missing"],
    ["an extra field", { stdout: "", stderr: "", exitCode: 0, exit: 0 }, "exit is not a field of protocol 1"],
  ])("%s is rejected", (_, reply, message) => {
    expect(shapeError(() => readReply(reply))).toBe(message);
  });
});

describe("normalize's error answer", () => {
  test("{error} is a payload error message; anything else is not an error answer", () => {
    expect(readNormalizeError({ error: "tool is missing" })).toBe("tool is missing");
    expect(readNormalizeError({ agent: "x" })).toBeUndefined();
    expect(readNormalizeError("error")).toBeUndefined();
  });

  test("an empty message or extra fields are invalid", () => {
    expect(shapeError(() => readNormalizeError({ error: "" }))).toBe('error must be a non-empty string, got the string ""');
    expect(shapeError(() => readNormalizeError({ error: "x", agent: "a" }))).toBe("agent is not a field of protocol 1");
  });
});

describe("normalize's invocation", () => {
  const expected = { agent: "scripted", nativeEvent: "guard", kind: "tool_call" as const };
  const call = (input: Record<string, unknown> = { command: "ls" }) => ({ event: "tool_call", toolName: "bash", toolCallId: "c1", input });
  const invocation = (changes: Record<string, unknown> = {}) => ({
    agent: "scripted",
    nativeEvent: "guard",
    kind: "tool_call",
    events: [call()],
    ...changes,
  });

  test("a valid invocation comes back with the adapter's id on every event", () => {
    const read = readInvocation(
      invocation({ labels: ["a"], sessionId: "s", metadata: { model: "m", contextTokens: 3 }, native: { x: 1 } }),
      expected,
    );
    expect(read.events).toEqual([{ ...call(), agent: "scripted" }]);
    expect(read).toMatchObject({ labels: ["a"], sessionId: "s", metadata: { model: "m", contextTokens: 3 }, native: { x: 1 } });
  });

  test("every event type of the engine is accepted where its kind allows it", () => {
    const result = {
      event: "tool_result",
      toolName: "bash",
      toolCallId: "c1",
      input: {},
      content: [{ type: "text", text: "hi", extra: 1 }],
      isError: false,
    };
    expect(() =>
      readInvocation({ ...invocation(), kind: "tool_result", events: [result] }, { ...expected, kind: "tool_result" }),
    ).not.toThrow();
    expect(() =>
      readInvocation(
        { ...invocation(), kind: "stop", events: [{ event: "agent_end" }], stopHookActive: true },
        { ...expected, kind: "stop" },
      ),
    ).not.toThrow();
    expect(() =>
      readInvocation(
        { ...invocation(), kind: "turn_end", events: [{ event: "turn_end", turnIndex: 2 }] },
        { ...expected, kind: "turn_end" },
      ),
    ).not.toThrow();
    expect(() => readInvocation({ ...invocation(), kind: "lifecycle", events: [] }, { ...expected, kind: "lifecycle" })).not.toThrow();
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["another agent", { agent: "claude" }, 'agent must be "scripted", got "claude"'],
    ["another event", { nativeEvent: "finish" }, 'nativeEvent must be "guard", got "finish"'],
    ["another kind than the registrations say", { kind: "stop" }, 'kind must be "tool_call", got "stop"'],
    ["no events for a tool call", { events: [] }, "events has 0 item(s), but a tool_call invocation carries at least one tool_call event"],
    [
      "the wrong event type",
      { events: [{ event: "agent_end" }] },
      'events[0].event is "agent_end", but a tool_call invocation carries tool_call events',
    ],
    [
      "an event type the engine does not have",
      { events: [{ event: "pre_tool" }] },
      'events[0].event must be one of tool_call, tool_result, turn_end, agent_end, agent_settled, session_before_switch, session_before_fork, got "pre_tool"',
    ],
    ["an input that is not an object", { events: [call("ls" as never)] }, 'events[0].input must be an object, got the string "ls"'],
    ["an event claiming another agent", { events: [{ ...call(), agent: "claude" }] }, 'events[0].agent is "claude", not "scripted"'],
    ["labels that do not match the events", { labels: ["a", "b"] }, "labels has 2 item(s) for 1 event(s)"],
    ["metadata with an unknown key", { metadata: { modelName: "m" } }, "metadata.modelName is not a field of protocol 1"],
    ["an unknown field", { extra: true }, "extra is not a field of protocol 1"],
  ])("%s is rejected", (_, changes, message) => {
    expect(shapeError(() => readInvocation(invocation(changes), expected))).toBe(message);
  });
});
