// A quick, seeded slice of the fuzz suite (test/fuzz runs the long one): mutated
// fixture payloads through every adapter and through the whole `hookReply`.
import fc from "fast-check";
import { beforeAll, expect, test } from "vitest";
import { checkParse, checkRespond, decisionArb } from "../fuzz/_adapters.ts";
import { checkCase, createWorld, expectNothingExecuted, type PolicyKind } from "../fuzz/_check.ts";
import { stdinOf } from "../fuzz/_apply.ts";
import { caseArb, loadSeeds, type Seed } from "../fuzz/_mutations.ts";

const SEED = 20261129;
const SMALL = { huge: 64 * 1024, deep: 5000 };
let seeds: Seed[];

beforeAll(async () => {
  seeds = await loadSeeds("/home/user/project");
});

test("every adapter reads or rejects 600 mutated payloads cleanly and answers any decision validly", () => {
  let read = 0;
  fc.assert(
    fc.property(
      caseArb(seeds, SMALL).chain((c) => fc.tuple(fc.constant(c), decisionArb(c.seed.kind))),
      ([c, decision]) => {
        let value: unknown;
        try {
          value = JSON.parse(stdinOf(c));
        } catch {
          return; // not JSON: hookReply's own path, covered below
        }
        const invocation = checkParse(c, value);
        if (!invocation) return;
        read += 1;
        checkRespond(c, invocation, decision);
      },
    ),
    { numRuns: 600, seed: SEED },
  );
  expect(read).toBeGreaterThan(100); // the mutations leave many payloads readable, so respond() is exercised
});

test("hookReply keeps its promises on 300 mutated payloads, under a blocking and a spawning policy", async () => {
  const worlds: Record<PolicyKind, ReturnType<typeof createWorld>> = {
    "block-all": createWorld("block-all"),
    "bash-only": createWorld("bash-only"),
  };
  const kinds: PolicyKind[] = ["block-all", "bash-only"];
  await fc.assert(
    fc.asyncProperty(caseArb(seeds, SMALL), fc.constantFrom(...kinds), async (c, kind) => {
      await checkCase(c, worlds[kind], stdinOf(c));
    }),
    { numRuns: 300, seed: SEED },
  );
  for (const world of Object.values(worlds)) expectNothingExecuted(world);
}, 30_000);
