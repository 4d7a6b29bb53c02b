// Claude Code: its other names and the releases it was verified with (src/contract/agent-facts.ts).
import type { AgentFacts } from "../../contract/agent-facts.ts";

export default {
  aliases: ["claude-code"],
  verified: { bin: "claude", oldest: "2.1.197", newest: "2.1.332" },
} as const satisfies AgentFacts;
