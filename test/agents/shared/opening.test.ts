// The shared opening of every adapter's parse(): the event check, the payload's shape and the
// common facts, read from the places an adapter names, strictly (Claude-style) or loosely.
import { describe, expect, test } from "vitest";
import { PayloadError } from "../../../src/contract/types.ts";
import { firstOf, openPayload, type PayloadShape } from "../../../src/agents/shared/opening.ts";

const kindOf = (event: string) => (event === "Pre" ? "tool_call" : undefined);
const open = (shape: PayloadShape, event: string, raw: unknown) => openPayload("dummy", shape, kindOf, event, raw);
const strict: PayloadShape = { name: "Dummy", strict: true, fields: { sessionId: ["session_id"], cwd: ["cwd"] } };
const loose: PayloadShape = { name: "Dummy", fields: { sessionId: ["sid", "session_id"], cwd: ["cwd", firstOf("roots")] } };

describe("openPayload", () => {
  test("the skeleton: agent, event, kind, session id in the invocation and the metadata, cwd", () => {
    const { invocation, payload, where } = open(loose, "Pre", { session_id: "s", roots: ["/r"], extra: 1 });
    expect(invocation).toEqual({
      agent: "dummy",
      nativeEvent: "Pre",
      kind: "tool_call",
      events: [],
      sessionId: "s",
      cwd: "/r",
      metadata: { sessionId: "s" },
    });
    expect(payload.extra).toBe(1);
    expect(where).toBe("Dummy Pre payload");
  });

  test("the first place that holds a string wins; absent facts stay absent", () => {
    const { invocation } = open(loose, "Pre", { sid: "a", session_id: "b", cwd: 3, roots: "/not-a-list" });
    expect(invocation.sessionId).toBe("a");
    expect(Object.keys(invocation)).not.toContain("cwd");
  });

  test("strict: a common field of another type is refused, null counts as absent", () => {
    expect(() => open(strict, "Pre", { session_id: 5 })).toThrow(
      new PayloadError('Dummy Pre payload: "session_id" must be a string, got a number'),
    );
    expect(open(strict, "Pre", { session_id: null }).invocation.sessionId).toBeUndefined();
  });

  test("strict checks the event before the shape, loose the shape before the event", () => {
    expect(() => open(strict, "Nope", [])).toThrow('Dummy Nope payload: hookit does not know the Dummy event "Nope"');
    expect(() => open(strict, "Pre", [])).toThrow("Dummy Pre payload: expected a JSON object on stdin, got an array");
    expect(() => open(loose, "Nope", [])).toThrow("Dummy Nope payload: expected a JSON object, got an array");
    expect(() => open(loose, "Nope", {})).toThrow('hookit does not know the Dummy event "Nope"');
  });
});
