// Lazy adapter registry: the hot path loads only the adapter it was asked for.
import { LOADERS } from "./_loaders.ts";
import type { Adapter } from "./types.ts";

export const ADAPTERS = LOADERS;

export type HookAgentId = keyof typeof ADAPTERS;

/** Every agent hookit can install into: the hook adapters plus Pi and OpenCode (in-process). */
export const AGENT_IDS = ["pi", "claude", "codex", "gemini", "cursor", "copilot", "kimi", "antigravity", "factory", "opencode"] as const;
export type AgentId = (typeof AGENT_IDS)[number];

/** Agents hookit runs inside of (an extension or plugin module they load): no hook command, no adapter. */
export const IN_PROCESS_AGENTS = ["pi", "opencode"] as const satisfies readonly AgentId[];
export type InProcessAgentId = (typeof IN_PROCESS_AGENTS)[number];

export function isInProcessAgent(name: string): name is InProcessAgentId {
  return (IN_PROCESS_AGENTS as readonly string[]).includes(name);
}

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
