// Reading normalized events (Pi's field names) for `hookit check`, `hookit explain` and the policy tests.
import type { ContentBlock, NormalizedEvent } from "../engine/types.ts";
import { nearest } from "../base/nearest.ts";
import { isRecord } from "../base/is-record.ts";

/** Parses stdin: one event object, an array of them, or one object per line. */
export function parseEventStream(text: string): NormalizedEvent[] {
  const trimmed = text.trim();
  if (trimmed === "")
    throw new Error('no event on stdin; pipe one in, e.g. {"event":"tool_call","toolName":"bash","input":{"command":"ls"}}');
  let values: unknown[];
  try {
    const whole: unknown = JSON.parse(trimmed);
    values = Array.isArray(whole) ? whole : [whole];
  } catch {
    values = trimmed
      .split(/\r?\n/)
      .filter((l) => l.trim() !== "")
      .map((line, i) => {
        try {
          return JSON.parse(line) as unknown;
        } catch (error) {
          throw new Error(`stdin line ${i + 1} is not JSON: ${(error as Error).message}`);
        }
      });
  }
  return values.map((v, i) => toEvent(v, values.length > 1 ? `event ${i + 1}` : "the event"));
}

// The keys each event takes (docs/troubleshooting.md, "hookit check"). Another key was
// silently ignored before: `result` instead of `content` checked an empty result and passed.
const COMMON = ["event", "agent"];
const KEYS: Record<string, string[]> = {
  tool_call: [...COMMON, "toolName", "toolCallId", "input", "nativeToolName"],
  tool_result: [...COMMON, "toolName", "toolCallId", "input", "content", "isError", "details", "nativeToolName"],
  turn_end: [...COMMON, "turnIndex"],
  agent_end: COMMON,
  agent_settled: COMMON,
  session_before_switch: [...COMMON, "reason", "targetSessionFile"],
  session_before_fork: [...COMMON, "entryId", "position"],
};

function toEvent(value: unknown, where: string): NormalizedEvent {
  if (!isRecord(value)) throw new Error(`${where} must be a JSON object`);
  const allowed = typeof value.event === "string" ? KEYS[value.event] : undefined;
  for (const key of allowed ? Object.keys(value) : []) {
    if (allowed!.includes(key)) continue;
    const near = nearest(key, allowed!) ?? (key === "result" || key === "output" ? "content" : undefined);
    throw new Error(
      `${where}: a ${value.event} event has no "${key}" key${near ? ` (did you mean "${near}"?)` : ""}; it takes ${allowed!.join(", ")}`,
    );
  }
  const str = (key: string, fallback?: string): string => {
    const v = value[key];
    if (typeof v === "string") return v;
    if (v === undefined && fallback !== undefined) return fallback;
    throw new Error(`${where}: "${key}" must be a string`);
  };
  const input = (): Record<string, unknown> => {
    const v = value.input ?? {};
    if (!isRecord(v)) throw new Error(`${where}: "input" must be an object`);
    return v;
  };
  const agent = typeof value.agent === "string" ? { agent: value.agent } : {};
  const native = typeof value.nativeToolName === "string" ? { nativeToolName: value.nativeToolName } : {};
  switch (value.event) {
    case "tool_call":
      return {
        event: "tool_call",
        toolName: str("toolName"),
        toolCallId: str("toolCallId", "call-1"),
        input: input(),
        ...agent,
        ...native,
      };
    case "tool_result":
      return {
        event: "tool_result",
        toolName: str("toolName"),
        toolCallId: str("toolCallId", "call-1"),
        input: input(),
        content: content(value.content, where),
        isError: value.isError === true,
        ...(value.details !== undefined && { details: value.details }),
        ...agent,
        ...native,
      };
    case "turn_end": {
      const turnIndex = value.turnIndex ?? 0;
      if (typeof turnIndex !== "number") throw new Error(`${where}: "turnIndex" must be a number`);
      return { event: "turn_end", turnIndex, ...agent };
    }
    case "agent_end":
    case "agent_settled":
      return { event: value.event, ...agent };
    case "session_before_switch": {
      const reason = str("reason", "new");
      if (reason !== "new" && reason !== "resume") throw new Error(`${where}: "reason" must be "new" or "resume"`);
      const target = typeof value.targetSessionFile === "string" ? { targetSessionFile: value.targetSessionFile } : {};
      return { event: "session_before_switch", reason, ...target, ...agent };
    }
    case "session_before_fork": {
      const position = str("position", "before");
      if (position !== "before" && position !== "at") throw new Error(`${where}: "position" must be "before" or "at"`);
      return { event: "session_before_fork", entryId: str("entryId", ""), position, ...agent };
    }
    default:
      throw new Error(
        `${where}: "event" must be one of tool_call, tool_result, turn_end, agent_end, agent_settled, session_before_switch, session_before_fork`,
      );
  }
}

function content(value: unknown, where: string): ContentBlock[] {
  if (value === undefined) return [];
  if (typeof value === "string") return [{ type: "text", text: value }];
  if (Array.isArray(value) && value.every((b) => isRecord(b) && typeof b.type === "string")) return value as ContentBlock[];
  throw new Error(`${where}: "content" must be a string or an array of content blocks`);
}
