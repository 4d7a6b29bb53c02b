// Reads the Invocation an external adapter's `normalize` (or in-process
// `parse`) returned. The engine trusts an Invocation completely, so every
// field is checked against src/contract/types.ts and src/engine/types.ts, and
// the events must be the ones the invocation's kind stands for.
import type { NormalizedEvent } from "../../engine/types.ts";
import type { Invocation, InvocationKind } from "../../contract/types.ts";
import {
  anyObject,
  anyValue,
  arrayOf,
  boolean,
  describeValue,
  finiteNumber,
  integer,
  isRecord,
  nonEmptyString,
  object,
  oneOf,
  optional,
  required,
  ShapeError,
  string,
  type Check,
  type Fields,
} from "./_check.ts";

export interface InvocationExpectation {
  agent: string;
  nativeEvent: string;
  kind: InvocationKind;
}

const origin: Fields = { agent: optional(string), nativeToolName: optional(string), nativeToolInput: optional(anyValue) };
const tool: Fields = { ...origin, toolName: required(nonEmptyString), toolCallId: required(string), input: required(anyObject) };
const contentBlock = object({ type: required(nonEmptyString), text: optional(string) }, true);
const lifecycle: Fields = { agent: optional(string) };

const EVENT_FIELDS: Record<NormalizedEvent["event"], Fields> = {
  tool_call: tool,
  tool_result: { ...tool, content: required(arrayOf(contentBlock)), isError: required(boolean), details: optional(anyValue) },
  turn_end: { ...lifecycle, turnIndex: required(integer(0)) },
  agent_end: lifecycle,
  agent_settled: lifecycle,
  session_before_switch: { ...lifecycle, reason: required(oneOf(["new", "resume"])), targetSessionFile: optional(string) },
  session_before_fork: { ...lifecycle, entryId: required(string), position: required(oneOf(["before", "at"])) },
};

/** Which events each kind carries (types.ts `InvocationKind`): the event type and how many. */
const EVENTS_OF_KIND: Record<InvocationKind, { event?: NormalizedEvent["event"]; min: number; max: number }> = {
  tool_call: { event: "tool_call", min: 1, max: Number.POSITIVE_INFINITY },
  tool_result: { event: "tool_result", min: 1, max: 1 },
  stop: { event: "agent_end", min: 1, max: 1 },
  turn_end: { event: "turn_end", min: 1, max: 1 },
  lifecycle: { min: 0, max: 0 },
};

const metadata = object({
  sessionId: optional(string),
  sessionFile: optional(string),
  sessionName: optional(string),
  sessionLeafId: optional(string),
  provider: optional(string),
  model: optional(string),
  reasoningLevel: optional(string),
  mode: optional(string),
  projectTrusted: optional(boolean),
  contextTokens: optional(finiteNumber),
  contextWindow: optional(finiteNumber),
  contextPercent: optional(finiteNumber),
});

const event: Check = (value, where) => {
  if (!isRecord(value)) throw new ShapeError(`${where} must be an object, got ${describeValue(value)}`);
  const name = value.event;
  if (typeof name !== "string" || !Object.hasOwn(EVENT_FIELDS, name)) {
    throw new ShapeError(`${where}.event must be one of ${Object.keys(EVENT_FIELDS).join(", ")}, got ${JSON.stringify(name) ?? "nothing"}`);
  }
  object({ event: required(string), ...EVENT_FIELDS[name as NormalizedEvent["event"]] })(value, where);
};

/**
 * Checks an invocation for `expected.nativeEvent`. Throws ShapeError. The
 * returned copy has `agent` set on every event (the filter key `agent` is
 * trusted, so an adapter may not claim another harness's id).
 */
export function readInvocation(value: unknown, expected: InvocationExpectation): Invocation {
  object({
    agent: required(exactly(expected.agent)),
    nativeEvent: required(exactly(expected.nativeEvent)),
    kind: required(exactly(expected.kind)),
    events: required(arrayOf(event)),
    labels: optional(arrayOf(string)),
    sessionId: optional(string),
    cwd: optional(string),
    stopHookActive: optional(boolean),
    metadata: optional(metadata),
    native: optional(anyObject),
  })(value, "");
  const invocation = value as Invocation;
  const rule = EVENTS_OF_KIND[expected.kind];
  const { events } = invocation;
  if (events.length < rule.min || events.length > rule.max) {
    const count = rule.max === 0 ? "no events" : rule.max === 1 ? `exactly one ${rule.event} event` : `at least one ${rule.event} event`;
    throw new ShapeError(`events has ${events.length} item(s), but a ${expected.kind} invocation carries ${count}`);
  }
  events.forEach((item, i) => {
    if (item.event !== rule.event)
      throw new ShapeError(`events[${i}].event is "${item.event}", but a ${expected.kind} invocation carries ${rule.event} events`);
    if (item.agent !== undefined && item.agent !== expected.agent) {
      throw new ShapeError(`events[${i}].agent is ${JSON.stringify(item.agent)}, not "${expected.agent}"`);
    }
  });
  if (invocation.labels && invocation.labels.length !== events.length) {
    throw new ShapeError(`labels has ${invocation.labels.length} item(s) for ${events.length} event(s)`);
  }
  return { ...invocation, events: events.map((item) => ({ ...item, agent: expected.agent })) };
}

// --- internal ---

function exactly(expected: string): Check {
  return (value, where) => {
    if (value !== expected) throw new ShapeError(`${where} must be ${JSON.stringify(expected)}, got ${JSON.stringify(value) ?? "nothing"}`);
  };
}
