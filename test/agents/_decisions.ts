// Any decision hookit could hand an adapter, for the property tests of respond(): each field
// present or not, short texts (empty and blank ones included), notices of every severity.
import fc from "fast-check";
import type { Decision } from "../../src/contract/types.ts";

const text = fc.string({ maxLength: 20 });

export const anyDecision: fc.Arbitrary<Decision> = fc.record(
  {
    block: text,
    continueWith: text,
    stopAgent: text,
    patch: fc.record({ reason: text, text }),
    notices: fc.array(fc.record({ message: text, severity: fc.constantFrom("info" as const, "warning" as const, "error" as const) })),
  },
  { requiredKeys: ["notices"] },
);
