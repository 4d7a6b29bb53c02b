// Turns an external adapter (a process or a user's module) into an Adapter
// hookit can trust: every answer is checked, and anything outside the protocol
// becomes an ExternalAdapterError, which the runner answers without the
// adapter (docs/adapters.md, "When an adapter is missing or broken").
import { PayloadError, type Adapter, type Decision, type Invocation, type InvocationKind, type Reply } from "../../contract/types.ts";
import { ExternalAdapterError, ShapeError } from "./_check.ts";
import { readInvocation } from "./invocation.ts";
import { INVOCATION_KINDS, readReply, type ExternalInfo } from "./protocol.ts";

/** The adapter's own answers, unchecked. `parse` throws PayloadError for a payload it cannot read. */
export interface UncheckedAdapter {
  kindOf(nativeEvent: string): unknown;
  parse(nativeEvent: string, payload: unknown): unknown;
  respond(invocation: Invocation, decision: Decision): unknown;
}

/** Builds the error for a broken adapter; `problem` says what it did wrong. */
export type Broken = (problem: string) => ExternalAdapterError;

export function brokenAdapter(name: string, source: string): Broken {
  return (problem) =>
    new ExternalAdapterError(
      `hookit: the external adapter "${name}" (${source}) is broken: ${problem}. ` +
        "Fix or remove it; the protocol is in hookit's docs/adapters.md.",
    );
}

export function checkedAdapter(
  info: ExternalInfo,
  unchecked: UncheckedAdapter,
  broken: Broken,
): Adapter & Pick<ExternalInfo, "capabilities"> {
  const kindOf = (nativeEvent: string): InvocationKind | undefined => {
    const kind = unchecked.kindOf(nativeEvent);
    if (kind === undefined || (INVOCATION_KINDS as readonly unknown[]).includes(kind)) return kind as InvocationKind | undefined;
    throw broken(`kindOf(${JSON.stringify(nativeEvent)}) returned ${JSON.stringify(kind)}, not an invocation kind`);
  };
  const answer = <T>(call: string, read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (error instanceof ShapeError) throw broken(`its ${call} answer is invalid: ${error.message}`);
      throw error;
    }
  };
  return {
    id: info.id,
    title: info.title,
    specVersion: 1,
    verifiedWith: info.verifiedWith,
    timeoutUnit: info.timeoutUnit,
    registrations: info.registrations,
    // An external adapter's own table (docs/adapters.md): built-in agents keep theirs in capabilities.ts.
    capabilities: info.capabilities,
    kindOf,
    parse(nativeEvent: string, payload: unknown): Invocation {
      const kind = kindOf(nativeEvent);
      if (kind === undefined) throw new PayloadError(`the ${info.title} adapter does not know the event "${nativeEvent}"`);
      const value = unchecked.parse(nativeEvent, payload);
      return answer("normalize", () => readInvocation(value, { agent: info.id, nativeEvent, kind }));
    },
    respond(invocation: Invocation, decision: Decision): Reply {
      const value = unchecked.respond(invocation, decision);
      return answer("respond", () => readReply(value));
    },
  };
}

/** Whatever was thrown, as one line for a message. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0]?.trim() || (error instanceof Error ? error.name : "unknown error");
}
