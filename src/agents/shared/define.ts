// defineAdapter derives what every built-in adapter would otherwise write out the same way: kindOf
// from the events it registers, its other known events and its lifecycle list, and the opening of
// parse() from where its payload keeps the common facts (opening.ts). The capability table is not
// part of it: each agent's capabilities.ts holds it, for doctor and the docs only
// (src/agents/capabilities.ts).
import { SPEC_VERSION, type Adapter, type HookRegistration, type InvocationKind, type Invocation } from "../../contract/types.ts";
import { openPayload, type Opened, type PayloadShape } from "./opening.ts";
import { exactKindLookup, kindLookup } from "./payload.ts";

export interface AdapterDefinition extends Omit<Adapter, "specVersion" | "kindOf" | "parse"> {
  /**
   * Native events hookit handles but does not register (another spelling, a second source), with
   * their kinds, spelled as the agent sends them; each registered event is known with its kind.
   */
  kinds?: Readonly<Record<string, InvocationKind>>;
  /** More native events hookit may receive and answers with a plain allow. */
  lifecycle?: readonly string[];
  /** Where the payload keeps what every invocation carries. */
  payload: PayloadShape;
  /** The agent's own part of parse(), from the opened payload: its tool calls, results and stops. */
  read(opened: Opened): Invocation;
}

export function defineAdapter({ kinds, lifecycle, payload, read, ...adapter }: AdapterDefinition): Adapter {
  const table = { ...kindsOf(adapter.registrations), ...kinds };
  // parse() reads only exact event names; kindOf also calls a misspelt pre-tool event a tool_call, so it blocks.
  const exactKind = exactKindLookup(table, lifecycle);
  return {
    ...adapter,
    specVersion: SPEC_VERSION,
    kindOf: kindLookup(table, lifecycle),
    parse: (nativeEvent, raw) => read(openPayload(adapter.id, payload, exactKind, nativeEvent, raw)),
  };
}

/** Each registered event's kind, keyed by its native name. */
export function kindsOf(registrations: readonly HookRegistration[]): Record<string, InvocationKind> {
  return Object.fromEntries(registrations.map(({ native, kind }) => [native, kind]));
}

interface ClaudeStyleHookOptions {
  /** PostToolUseFailure as well: where Claude Code and Kimi send a tool that failed instead of PostToolUse. */
  failures?: boolean;
  /** The tool events carry matcher "*" (the default); false where no matcher already matches every tool (Kimi). */
  everyTool?: boolean;
  /** The agent's own registrations, between the tool events and Stop. */
  beforeStop?: readonly HookRegistration[];
}

/**
 * Claude Code's hooks as the agents that copy its hook protocol register them: every tool before
 * and after it runs, and Stop (Codex and droid take just these three). The list is written once;
 * each call returns a new list, as an adapter's registrations are its own.
 */
export function claudeStyleHooks({ failures = false, everyTool = true, beforeStop = [] }: ClaudeStyleHookOptions = {}): HookRegistration[] {
  const tool = (native: string, kind: InvocationKind): HookRegistration => (everyTool ? { native, kind, matcher: "*" } : { native, kind });
  return [
    tool("PreToolUse", "tool_call"),
    tool("PostToolUse", "tool_result"),
    ...(failures ? [tool("PostToolUseFailure", "tool_result")] : []),
    ...beforeStop,
    { native: "Stop", kind: "stop" },
  ];
}
