// Codex CLI: its other names and the releases it was verified with (src/contract/agent-facts.ts).
import type { AgentFacts } from "../../contract/agent-facts.ts";

export default {
  aliases: ["codex-cli"],
  verified: { bin: "codex", oldest: "0.169.0", newest: "0.171.0" },
} as const satisfies AgentFacts;
