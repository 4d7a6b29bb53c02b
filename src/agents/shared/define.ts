// defineAdapter derives what every built-in adapter would otherwise write out the same way: kindOf
// from its event table and lifecycle list, and each capability row's `verified` cell from the one
// `verifiedWith` (or, for an agent no real CLI run backs, its `evidence`).
import { SPEC_VERSION, type Adapter, type CapabilityRow, type InvocationKind } from "../../contract/types.ts";
import { withEvidence } from "./evidence.ts";
import { kindLookup } from "./payload.ts";

/** Capability rows as an adapter writes them: defineAdapter fills in `verified`. */
export type CapabilityRows = Omit<CapabilityRow, "verified">[];

export interface AdapterDefinition extends Omit<Adapter, "specVersion" | "kindOf" | "capabilities"> {
  /** The native events hookit handles, with their kinds, spelled as the agent sends them. */
  kinds: Readonly<Record<string, InvocationKind>>;
  /** More native events hookit may receive and answers with a plain allow. */
  lifecycle?: readonly string[];
  capabilities: CapabilityRows;
  /** Set when `verifiedWith` is not a CLI version the e2e suite runs: what backs every row instead. */
  evidence?: string;
}

export function defineAdapter({ kinds, lifecycle, capabilities, evidence, ...adapter }: AdapterDefinition): Adapter {
  return {
    ...adapter,
    specVersion: SPEC_VERSION,
    kindOf: kindLookup({ ...kinds }, lifecycle),
    capabilities: withEvidence(capabilities, evidence === undefined ? adapter.verifiedWith : undefined, evidence),
  };
}
