// Lazy adapter registry: the hot path loads only the adapter it was asked for.
import { LOADERS } from "./loaders.lazy.ts";
import type { Adapter } from "../contract/types.ts";
import { HOOK_AGENT_IDS } from "../contract/agent-ids.ts";
import { FACTS } from "./facts.ts";

export const ADAPTERS = LOADERS;

export type HookAgentId = keyof typeof ADAPTERS;

export { AGENT_IDS, isInProcessAgent, type AgentId } from "../contract/agent-ids.ts";

/** Other names of the hook agents (each agent's facts.ts), e.g. `claude-code` for `claude`. */
export const ALIASES: Record<string, HookAgentId> = Object.fromEntries(
  HOOK_AGENT_IDS.flatMap((id) => (FACTS[id]?.aliases ?? []).map((alias) => [alias, id])),
);

/** Every command spells agents the same way: case and surrounding spaces do not matter. */
export function resolveHookAgent(name: string): HookAgentId | undefined {
  const key = name.trim().toLowerCase();
  if (Object.hasOwn(ADAPTERS, key)) return key as HookAgentId;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
}

export async function loadAdapter(id: HookAgentId): Promise<Adapter> {
  return (await ADAPTERS[id]()).default;
}
