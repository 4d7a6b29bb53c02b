// Kimi Code CLI: its other names and the releases it was verified with (src/contract/agent-facts.ts).
import type { AgentFacts } from "../../contract/agent-facts.ts";

export default {
  aliases: ["kimi-code"],
  // Kimi Code (`@moonshot-ai/kimi-code`), the pin of test/e2e/clis.json. The Python kimi-cli, also
  // started as `kimi`, is read from its documentation only.
  verified: { bin: "kimi", oldest: "2.1.0", newest: "2.1.0" },
} as const satisfies AgentFacts;
