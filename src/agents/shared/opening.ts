// The opening every adapter's parse() shares: is the event known, is the payload an object, and
// the facts every invocation carries (session, directory, metadata). Each adapter says where its
// payload keeps them (PayloadShape); parse() itself only reads what is the agent's own: its tools,
// results and stops. The error texts are the ones the model reads when a pre-tool call is refused.
import type { SessionMetadata } from "../../engine/types.ts";
import { PayloadError, type Invocation, type InvocationKind } from "../../contract/types.ts";
import { describe, isRecord, optionalString, readClaudeStyleStop, type Payload } from "./payload.ts";

/** Where a value sits: a top-level key, or a function that picks it out (a nested or listed value). */
export type Place = string | ((payload: Payload) => unknown);

/** The facts every invocation carries; `sessionId` also goes to the metadata, `cwd` only to the invocation. */
type CommonFact = "cwd" | "sessionId" | "sessionFile" | "model" | "reasoningLevel" | "sessionName";

export interface PayloadShape {
  /** How messages name the agent: `<name> <event> payload`, `the <name> event`. */
  name: string;
  /** Each fact's places, in the order they are tried: the first that holds a string wins. */
  fields: Partial<Record<CommonFact, readonly Place[]>>;
  /**
   * Claude-style payloads: the event name is checked before the payload's shape, and a key place
   * holding something other than a string (null counts as absent) is refused. Otherwise the
   * shape is checked first and a value of another type is ignored. Function places are always
   * read the second way: they pick what they can.
   */
  strict?: boolean;
  /** Whether the event is checked before the payload's shape (set by `strict`, or on its own). */
  eventFirst?: boolean;
}

/** What parse() continues from: the invocation skeleton, the payload object, and how messages name it. */
export interface Opened {
  invocation: Invocation;
  payload: Payload;
  where: string;
}

/** The first element of an array field (`workspace_roots`, `workspacePaths`), as a place. */
export function firstOf(key: string): Place {
  return (payload) => {
    const list = payload[key];
    return Array.isArray(list) ? list[0] : undefined;
  };
}

// The order facts are read in: with strict reading the first bad one is the one an error names.
const ORDER: readonly CommonFact[] = ["sessionId", "cwd", "sessionFile", "model", "reasoningLevel", "sessionName"];

export function openPayload(
  agent: string,
  shape: PayloadShape,
  kindOf: (nativeEvent: string) => InvocationKind | undefined,
  nativeEvent: string,
  raw: unknown,
): Opened {
  const where = `${shape.name} ${nativeEvent} payload`;
  const eventFirst = shape.eventFirst ?? shape.strict === true;
  const known = () => {
    const kind = kindOf(nativeEvent);
    if (kind === undefined) throw new PayloadError(`${where}: hookit does not know the ${shape.name} event "${nativeEvent}"`);
    return kind;
  };
  const kind = eventFirst ? known() : undefined;
  if (!isRecord(raw)) {
    // The two texts are kept as they were: a refused pre-tool call shows the model this line.
    const expected = eventFirst ? "expected a JSON object on stdin" : "expected a JSON object";
    throw new PayloadError(`${where}: ${expected}, got ${describe(raw)}`);
  }
  const invocation: Invocation = { agent, nativeEvent, kind: kind ?? known(), events: [] };
  const metadata: SessionMetadata = {};
  for (const fact of ORDER) {
    const value = readFact(shape, fact, raw, where);
    if (value === undefined) continue;
    if (fact === "cwd") invocation.cwd = value;
    else metadata[fact] = value;
    if (fact === "sessionId") invocation.sessionId = value;
  }
  invocation.metadata = metadata;
  return { invocation, payload: raw, where };
}

function readFact(shape: PayloadShape, fact: CommonFact, payload: Payload, where: string): string | undefined {
  const places = shape.fields[fact] ?? [];
  for (const place of places) {
    const value = typeof place === "function" ? place(payload) : shape.strict ? optionalString(payload, place, where) : payload[place];
    if (typeof value === "string") return value;
  }
  return undefined;
}

/**
 * The shape of Claude-style payloads (Claude Code, Codex, droid, Kimi): snake_case fields read
 * strictly, plus the agent's own `extra` facts.
 */
export function claudeStylePayload(name: string, extra: PayloadShape["fields"] = {}): PayloadShape {
  return {
    name,
    strict: true,
    fields: {
      sessionId: ["session_id"],
      cwd: ["cwd"],
      // The transcript JSONL is the closest thing these harnesses have to Pi's session file.
      sessionFile: ["transcript_path"],
      model: ["model"],
      ...extra,
    },
  };
}

/**
 * The read() of a Claude-style adapter whose events are only tool calls, tool results and Stop
 * (droid, Kimi): `addToolEvents` reads the agent's own tools; Stop is read as Claude sends it.
 */
export function claudeStyleRead(
  addToolEvents: (invocation: Invocation, payload: Payload, where: string) => void,
): (opened: Opened) => Invocation {
  return ({ invocation, payload, where }) => {
    const { kind } = invocation;
    if (kind === "tool_call" || kind === "tool_result") addToolEvents(invocation, payload, where);
    if (kind === "stop") readClaudeStyleStop(invocation, payload);
    return invocation;
  };
}

/** What an adapter reads itself when its read() comes from readByKind. */
interface OwnReads {
  /** A tool call's or result's events, and what respond() needs of it (`native`). */
  tools(opened: Opened, kind: "tool_call" | "tool_result"): Pick<Invocation, "events" | "native">;
  /** Whether this stop follows one a stop hook already continued. */
  stopHookActive(payload: Payload): boolean;
  /** Whether a turn_end event ends a turn (turnIndex 0: no agent sends a counter); if not, it is a lifecycle event. */
  endsTurn?(payload: Payload): boolean;
}

/**
 * The read() of an adapter that builds a new invocation for each kind (Copilot, Cursor, Gemini):
 * its own tool events, a stop that ends the agent, a turn end, and no events for the rest.
 */
export function readByKind(own: OwnReads): (opened: Opened) => Invocation {
  return (opened) => {
    const { invocation: base, payload } = opened;
    const { kind, agent } = base;
    if (kind === "tool_call" || kind === "tool_result") return { ...base, kind, ...own.tools(opened, kind) };
    if (kind === "stop") return { ...base, kind, stopHookActive: own.stopHookActive(payload), events: [{ event: "agent_end", agent }] };
    if (kind === "turn_end" && own.endsTurn?.(payload) === true)
      return { ...base, kind, events: [{ event: "turn_end", turnIndex: 0, agent }] };
    return { ...base, kind: "lifecycle", events: [] };
  };
}
