// Lazy adapter registry: the hot path loads only the adapter it was asked for.
import { LOADERS } from "./loaders.lazy.ts";
import type { Adapter } from "../contract/types.ts";

export const ADAPTERS = LOADERS;

export type HookAgentId = keyof typeof ADAPTERS;

export { AGENT_IDS, IN_PROCESS_AGENTS, isInProcessAgent, type AgentId, type InProcessAgentId } from "../contract/agent-ids.ts";

export const ALIASES: Record<string, HookAgentId> = {
  "claude-code": "claude",
  "codex-cli": "codex",
  "gemini-cli": "gemini",
  "copilot-cli": "copilot",
  droid: "factory",
  "kimi-code": "kimi",
  agy: "antigravity",
};

/** Every command spells agents the same way: case and surrounding spaces do not matter. */
export function resolveHookAgent(name: string): HookAgentId | undefined {
  const key = name.trim().toLowerCase();
  if (Object.hasOwn(ADAPTERS, key)) return key as HookAgentId;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
}

export async function loadAdapter(id: HookAgentId): Promise<Adapter> {
  return (await ADAPTERS[id]()).default;
}
