// Antigravity CLI: its other names and the releases it was verified with (src/contract/agent-facts.ts).
import type { AgentFacts } from "../../contract/agent-facts.ts";

export default {
  // Verified against its documentation only: no range for doctor to check.
  aliases: ["agy"],
} as const satisfies AgentFacts;
