// What backs each capability cell. The real-CLI suite (`npm run test:e2e`, test/e2e/)
// runs these features on every agent whose CLI runs here; everything else rests on
// the captured fixtures (or, for Cursor, the documentation's examples).
import type { CapabilityRow } from "../../contract/types.ts";

/** Capability rows as an agent's capabilities.ts writes them: withEvidence fills in `verified`. */
export type CapabilityRows = Omit<CapabilityRow, "verified">[];

export const E2E_FEATURES: ReadonlySet<string> = new Set(["tool_call", "tool_result", "agent_end", "messages", "ask"]);

/**
 * Fills `verified`: the real CLI version for features the e2e suite proves
 * (E2E_FEATURES plus `also`, scenarios only this agent has), else `fallback`.
 */
export function withEvidence(
  rows: readonly Omit<CapabilityRow, "verified">[],
  realCli: string | undefined,
  fallback = "fixtures",
  also: readonly string[] = [],
): CapabilityRow[] {
  const proven = (feature: string) => E2E_FEATURES.has(feature) || also.includes(feature);
  return rows.map((row) => ({
    ...row,
    verified: realCli && proven(row.feature) ? `real CLI ${realCli} (npm run test:e2e)` : fallback,
  }));
}
