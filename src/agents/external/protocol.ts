// The external adapter protocol, version 1 (docs/adapters.md). One call per
// process, JSON on stdin and stdout:
//   info                                              → ExternalInfo
//   normalize  {protocol, nativeEvent, payload}       → Invocation | {error}
//   respond    {protocol, invocation, decision}       → Reply
// This file reads the `info` and `respond` answers; invocation.ts reads `normalize`'s.
import type { Adapter, CapabilityRow, Reply } from "../../contract/types.ts";
import { arrayOf, integer, isRecord, nonEmptyString, object, oneOf, optional, required, ShapeError, string, type Check } from "./_check.ts";

export const PROTOCOL_VERSION = 1;
export const INVOCATION_KINDS = ["tool_call", "tool_result", "stop", "turn_end", "lifecycle"] as const;

/** What `info` answers: the static half of an Adapter, and the adapter's capability table. */
export type ExternalInfo = Pick<Adapter, "id" | "title" | "verifiedWith" | "timeoutUnit" | "registrations"> & {
  protocol: typeof PROTOCOL_VERSION;
  capabilities: CapabilityRow[];
};

interface NormalizeRequest {
  protocol: typeof PROTOCOL_VERSION;
  nativeEvent: string;
  payload: unknown;
}

/** The `respond` request carries the invocation `normalize` returned, so adapter-private `native` facts come back. */
interface RespondRequest {
  protocol: typeof PROTOCOL_VERSION;
  invocation: unknown;
  decision: unknown;
}

const infoShape = (name: string): Check =>
  object({
    protocol: required(protocolNumber),
    id: required(expectedId(name)),
    title: required(nonEmptyString),
    verifiedWith: required(string),
    timeoutUnit: required(oneOf(["s", "ms"])),
    registrations: required(
      arrayOf(
        object({
          native: required(nonEmptyString),
          kind: required(oneOf(INVOCATION_KINDS)),
          matcher: optional(string),
        }),
      ),
    ),
    capabilities: required(
      arrayOf(
        object({
          feature: required(nonEmptyString),
          native: required(string),
          support: required(oneOf(["native", "approximate", "impossible"])),
          notes: required(string),
          verified: optional(string),
        }),
      ),
    ),
  });

/** Checks an `info` answer for the adapter found under `name`. Throws ShapeError. */
export function readInfo(value: unknown, name: string): ExternalInfo {
  infoShape(name)(value, "");
  const info = value as ExternalInfo;
  const seen = new Set<string>();
  for (const registration of info.registrations) {
    // One native event, one kind: the kind decides how hookit evaluates it.
    if (seen.has(registration.native)) throw new ShapeError(`registrations lists "${registration.native}" twice`);
    seen.add(registration.native);
  }
  return info;
}

const replyShape = object({
  stdout: required(string),
  stderr: required(string),
  exitCode: required(integer(0, 255)),
});

/** Checks a `respond` answer. Throws ShapeError. */
export function readReply(value: unknown): Reply {
  replyShape(value, "");
  const { stdout, stderr, exitCode } = value as Reply;
  return { stdout, stderr, exitCode };
}

/**
 * `normalize`'s answer for a payload the adapter cannot read: `{"error": "<message>"}`,
 * exactly. Returns the message, or undefined when the answer is not an error answer.
 */
export function readNormalizeError(value: unknown): string | undefined {
  if (!isRecord(value) || !Object.hasOwn(value, "error")) return undefined;
  object({ error: required(nonEmptyString) })(value, "");
  return value.error as string;
}

// --- internal ---

function protocolNumber(value: unknown, where: string): void {
  if (value !== PROTOCOL_VERSION) {
    throw new ShapeError(`${where} is ${JSON.stringify(value) ?? "missing"}, but this hookit speaks protocol ${PROTOCOL_VERSION}`);
  }
}

function expectedId(name: string): Check {
  return (value, where) => {
    nonEmptyString(value, where);
    // The id keys session state and the decision log; it must be the name the agent calls hookit with.
    if (value !== name) throw new ShapeError(`${where} is ${JSON.stringify(value)}, but the adapter was found as "${name}"`);
  };
}
