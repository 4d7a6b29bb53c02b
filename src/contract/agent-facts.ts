// What hookit knows about an agent besides its adapter and install target: the names users also
// call it by and the releases it was verified with. Each agent keeps them in its folder's
// `facts.ts`; the generated `src/agents/facts.ts` collects them, so the hot path reads the
// aliases without loading any agent's adapter.

/** The releases the real-CLI suite passed on (and whose tool list is in test/fixtures/tool-lists/). */
export interface VerifiedRange {
  /** The command the agent installs on PATH. */
  bin: string;
  oldest: string;
  newest: string;
}

export interface AgentFacts {
  /** Other spellings of the agent's id that every command accepts (`claude-code`, `droid`). */
  aliases?: readonly string[];
  /** Absent for an agent no real CLI run backs (it is verified against its documentation). */
  verified?: VerifiedRange;
}
