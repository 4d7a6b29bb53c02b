// "What each agent would answer": one Decision encoded by every built-in
// adapter, for the native event each one registers for this kind of event.
import { ADAPTERS, loadAdapter, type HookAgentId } from "../agents/registry.ts";
import type { Decision, Invocation, InvocationKind, Reply } from "../contract/types.ts";
import type { NormalizedEvent } from "../engine/types.ts";

export interface AgentAnswer {
  agent: string;
  /** The agent's native event for this kind, when it has one. */
  native?: string;
  reply?: Reply;
  /** Why there is no reply. */
  note?: string;
}

function kindOfEvent(event: NormalizedEvent): InvocationKind {
  switch (event.event) {
    case "tool_call":
    case "tool_result":
    case "turn_end":
      return event.event;
    case "agent_end":
      return "stop";
    default:
      return "lifecycle";
  }
}

/** An invocation as an adapter would have parsed it, built from a normalized event. */
export function syntheticInvocation(event: NormalizedEvent, agent: string, nativeEvent: string): Invocation {
  const invocation: Invocation = { agent, nativeEvent, kind: kindOfEvent(event), events: [event] };
  if ("toolName" in event) invocation.native = { toolName: event.nativeToolName ?? event.toolName };
  return invocation;
}

export async function agentAnswers(event: NormalizedEvent, decision: Decision): Promise<AgentAnswer[]> {
  const kind = kindOfEvent(event);
  const out: AgentAnswer[] = [];
  for (const id of Object.keys(ADAPTERS) as HookAgentId[]) {
    const adapter = await loadAdapter(id);
    const native = adapter.registrations.find((r) => r.kind === kind)?.native;
    if (!native || kind === "lifecycle") {
      out.push({ agent: id, note: `${adapter.title} has no hook for ${event.event}` });
      continue;
    }
    try {
      out.push({ agent: id, native, reply: adapter.respond(syntheticInvocation(event, id, native), decision) });
    } catch (error) {
      out.push({ agent: id, native, note: `cannot be shown without a ${adapter.title} payload (${(error as Error).message})` });
    }
  }
  return out;
}
