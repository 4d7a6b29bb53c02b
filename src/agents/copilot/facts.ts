// GitHub Copilot CLI: its other names and the releases it was verified with (src/contract/agent-facts.ts).
import type { AgentFacts } from "../../contract/agent-facts.ts";

export default {
  aliases: ["copilot-cli"],
  verified: { bin: "copilot", oldest: "1.0.92", newest: "1.0.102" },
} as const satisfies AgentFacts;
