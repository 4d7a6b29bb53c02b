// OpenCode: its other names and the releases it was verified with (src/contract/agent-facts.ts).
import type { AgentFacts } from "../../contract/agent-facts.ts";

export default {
  verified: { bin: "opencode", oldest: "1.18.32", newest: "1.18.33" },
} as const satisfies AgentFacts;
