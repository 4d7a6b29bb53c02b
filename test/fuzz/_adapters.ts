// The adapter contract under hostile payloads: `parse` either reads a payload
// into well-formed normalized events or throws a PayloadError that says what is
// wrong (never a TypeError from a missing field or a `constructor` key), and
// `respond` turns any Decision into one valid answer that does what it says.
import fc from "fast-check";
import { expect } from "vitest";
import type { Decision, Invocation, InvocationKind, Notice } from "../../src/contract/types.ts";
import { canPatch, inspectReply } from "../reliability/_protocol.ts";
import { describeCase, hasDeep } from "./_apply.ts";
import { adapters, type Case } from "./_mutations.ts";

const reasonArb = fc.oneof(
  fc.constantFrom("", " ", "\n", "\u0000", "hookit: blocked", '"}{', "\uD800"),
  fc.string({ unit: "binary", maxLength: 200 }),
);
const noticeArb: fc.Arbitrary<Notice> = fc.record({
  message: reasonArb,
  severity: fc.constantFrom("info" as const, "warning" as const, "error" as const),
});

/** A Decision as decide() may build one for this kind of event (the contract in adapters/types.ts). */
export function decisionArb(kind: InvocationKind): fc.Arbitrary<Decision> {
  return fc
    .record({
      notices: fc.array(noticeArb, { maxLength: 3 }),
      block: kind === "tool_call" ? fc.option(reasonArb, { nil: undefined }) : fc.constant(undefined),
      patch:
        kind === "tool_result" ? fc.option(fc.record({ reason: reasonArb, text: reasonArb }), { nil: undefined }) : fc.constant(undefined),
      continueWith: kind === "stop" ? fc.option(reasonArb, { nil: undefined }) : fc.constant(undefined),
      stopAgent: fc.option(reasonArb, { freq: 6, nil: undefined }),
    })
    .map((d) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as unknown as Decision);
}

const TOOL_EVENTS = new Set(["tool_call", "tool_result"]);

/** Returns the invocation when the payload was readable. */
export function checkParse(c: Case, value: unknown): Invocation | undefined {
  const adapter = adapters.get(c.seed.agent)!;
  const what = describeCase(c);
  let invocation: Invocation;
  try {
    invocation = adapter.parse(c.seed.event, value);
  } catch (error) {
    // Known and reported: the Claude-style adapters stringify tool_response, which throws
    // RangeError on thousands of nesting levels; hookReply answers that as an internal error.
    if (error instanceof RangeError && hasDeep(c)) return undefined;
    expect((error as Error).name, `${what}: ${String(error)}`).toBe("PayloadError");
    expect((error as Error).message, what).toMatch(/payload/);
    return undefined;
  }
  expect(invocation.agent, what).toBe(adapter.id);
  expect(invocation.nativeEvent, what).toBe(c.seed.event);
  expect(Array.isArray(invocation.events), what).toBe(true);
  if (c.seed.kind === "tool_call" || c.seed.kind === "tool_result") {
    expect(invocation.kind, what).toBe(c.seed.kind);
    expect(invocation.events.length, what).toBeGreaterThan(0);
  }
  for (const event of invocation.events) {
    if (!TOOL_EVENTS.has(event.event)) continue;
    const tool = event as Extract<typeof event, { toolName: string }>;
    expect(typeof tool.toolName === "string" && tool.toolName !== "", what).toBe(true);
    expect(typeof tool.input === "object" && tool.input !== null && !Array.isArray(tool.input), what).toBe(true);
    expect(typeof tool.toolCallId, what).toBe("string");
    if (tool.event === "tool_result") {
      expect(
        tool.content.every((block) => typeof block.type === "string"),
        what,
      ).toBe(true);
      expect(typeof tool.isError, what).toBe("boolean");
    }
  }
  if (invocation.sessionId !== undefined) expect(typeof invocation.sessionId, what).toBe("string");
  if (invocation.cwd !== undefined) expect(typeof invocation.cwd, what).toBe("string");
  return invocation;
}

export function checkRespond(c: Case, invocation: Invocation, decision: Decision): void {
  const adapter = adapters.get(c.seed.agent)!;
  const what = `${describeCase(c)} with ${JSON.stringify(decision)}`;
  const reply = adapter.respond(invocation, decision);
  const verdict = inspectReply(c.seed.agent, invocation.nativeEvent, invocation.kind, reply);
  expect(verdict.problems, what).toEqual([]);
  if (invocation.kind === "tool_call") expect(verdict.blocked, what).toBe(decision.block !== undefined);
  if (invocation.kind === "stop") {
    expect(verdict.continued, what).toBe(decision.continueWith !== undefined && decision.stopAgent === undefined);
  }
  if (invocation.kind === "tool_result" && canPatch(c.seed.agent, invocation.nativeEvent)) {
    expect(verdict.patched, what).toBe(decision.patch !== undefined);
  }
}
