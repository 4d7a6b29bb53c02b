// Decisions for the property tests of respond(). anyDecision: each field present or not, short
// texts (empty and blank ones included), notices of every severity.
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

/** Any decision without a patch: the fields a tool call, a stop and a lifecycle event read, of any text. */
export const anyUnpatchedDecision: fc.Arbitrary<Decision> = fc.record({
  block: fc.option(fc.string(), { nil: undefined }),
  continueWith: fc.option(fc.string(), { nil: undefined }),
  stopAgent: fc.option(fc.string(), { nil: undefined }),
  notices: fc.array(fc.record({ message: fc.string(), severity: fc.constantFrom("info" as const, "error" as const) })),
});
