// Every agent hookit knows, as names only: the install kit below the agents needs the
// names without loading any agent (src/agents/registry.ts loads them).
/** Every agent hookit can install into: the hook adapters plus Pi and OpenCode (in-process). */
export const AGENT_IDS = ["pi", "claude", "codex", "gemini", "cursor", "copilot", "kimi", "antigravity", "factory", "opencode"] as const;
export type AgentId = (typeof AGENT_IDS)[number];

/** Agents hookit runs inside of (an extension or plugin module they load): no hook command, no adapter. */
export const IN_PROCESS_AGENTS = ["pi", "opencode"] as const satisfies readonly AgentId[];
export type InProcessAgentId = (typeof IN_PROCESS_AGENTS)[number];

export function isInProcessAgent(name: string): name is InProcessAgentId {
  return (IN_PROCESS_AGENTS as readonly string[]).includes(name);
}
