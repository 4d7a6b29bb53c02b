// Pi: its other names and the releases it was verified with (src/contract/agent-facts.ts).
import type { AgentFacts } from "../../contract/agent-facts.ts";

export default {
  verified: { bin: "pi", oldest: "1.5.2", newest: "1.6.0" },
} as const satisfies AgentFacts;
