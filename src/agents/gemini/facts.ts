// Gemini CLI: its other names and the releases it was verified with (src/contract/agent-facts.ts).
import type { AgentFacts } from "../../contract/agent-facts.ts";

export default {
  aliases: ["gemini-cli"],
  verified: { bin: "gemini", oldest: "0.60.0", newest: "0.61.0" },
} as const satisfies AgentFacts;
