// What backs each capability cell. The real-CLI suite (`npm run test:e2e`, test/e2e/)
// runs these features on every agent whose CLI runs here; everything else rests on
// the captured fixtures (or, for Cursor, the documentation's examples).
import type { CapabilityRow } from "./types.ts";

export const E2E_FEATURES: ReadonlySet<string> = new Set(["tool_call", "tool_result", "agent_end"]);

/** Fills `verified`: the real CLI version for features the e2e suite proves, else `fallback`. */
export function withEvidence(
  rows: readonly Omit<CapabilityRow, "verified">[],
  realCli: string | undefined,
  fallback = "fixtures",
): CapabilityRow[] {
  return rows.map((row) => ({
    ...row,
    verified: realCli && E2E_FEATURES.has(row.feature) ? `real CLI ${realCli} (npm run test:e2e)` : fallback,
  }));
}
