// Factory droid: its other names and the releases it was verified with (src/contract/agent-facts.ts).
import type { AgentFacts } from "../../contract/agent-facts.ts";

export default {
  aliases: ["droid"],
  verified: { bin: "droid", oldest: "0.215.0", newest: "0.225.2" },
} as const satisfies AgentFacts;
