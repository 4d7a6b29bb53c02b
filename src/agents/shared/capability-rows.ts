// Capability rows that state one fact in the same words on several agents, written once so their
// docs pages cannot drift apart on it. A row whose wording differs on an agent, even by a word,
// stays in that agent's capabilities.ts: the docs print each table as it is written.
import type { CapabilityRows } from "./evidence.ts";

type Row = CapabilityRows[number];

// Each feature below has two wordings, depending on the agent; the rest of its row is the same.
const hookResultRow = (notes: string): Row => ({ feature: "hook_result", native: "", support: "native", notes });
const beforeForkRow = (notes: string): Row => ({ feature: "session_before_fork", native: "", support: "impossible", notes });

/** hookit runs hook_result itself, after its own hooks: no agent is asked. */
export const HOOK_RESULT_INSIDE_HOOKIT: Row = hookResultRow("Evaluated inside hookit after each hook; no harness event involved.");

/** hook_result as the pages of the agents that name what the agent would receive word it. */
export const hookResultInProcess = (agent: string): Row =>
  hookResultRow(`Evaluated in-process by hookit after each native event; never changes what ${agent} receives.`);

/** agent_settled on the agents with a Stop hook that another Stop hook can still overrule. */
export const SETTLED_WHEN_STOP_PASSES: Row = {
  feature: "agent_settled",
  native: "Stop",
  support: "approximate",
  notes: "Synthesized when hookit lets Stop through; another Stop hook may still continue the agent.",
};

/** session_before_fork where only SessionStart's `source: fork` tells of a fork (Claude Code, and Codex CLI after it). */
export const FORK_SEEN_AFTERWARDS: Row = beforeForkRow(
  "No hook runs before a fork; SessionStart (source fork) only reports it afterwards.",
);

/** session_before_fork on an agent with no fork at all. */
export const noForkEvent = (agent: string): Row => beforeForkRow(`${agent} has no fork event.`);

// What the agents with one channel for every delivery mode do with a message's mode.
const MODES_MEAN_NEXT_REQUEST =
  "steer, followUp and nextTurn all mean the same here: with the next model request (at a stop only steer/followUp start the extra turn).";

/** The messages row of an agent with one channel for every mode: `channels` says where a message goes, the modes sentence follows. */
export const messagesRow = (native: string, support: Row["support"], channels: string): Row => ({
  feature: "messages",
  native,
  support,
  notes: `${channels} ${MODES_MEAN_NEXT_REQUEST}`,
});
