// Long property runs over hostile payloads, in-process (fast enough for tens of
// thousands of cases): every adapter's parse/respond, and the whole hookReply
// under a policy that blocks everything with the `false` shortcut and one that
// spawns a real shell per hook. FUZZ_RUNS scales the counts, FUZZ_SEED replays.
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { checkParse, checkRespond, decisionArb } from "./_adapters.ts";
import { checkCase, createWorld, expectNothingExecuted, type PolicyKind, type World } from "./_check.ts";
import { stdinOf } from "./_apply.ts";
import { caseArb, loadSeeds, type Case, type Seed } from "./_mutations.ts";

const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const SIZES = { huge: 1024 * 1024, deep: 100_000 };
const counts: Record<string, number> = {};
let seeds: Seed[];

beforeAll(async () => {
  seeds = await loadSeeds("/home/user/project");
});
afterAll(() => {
  console.log(
    `[fuzz] payloads (seed ${SEED}): ${Object.entries(counts)
      .map(([k, v]) => `${k}: ${v} cases`)
      .join(", ")}`,
  );
});

test("adapters: parse reads or rejects cleanly, respond answers any decision validly", () => {
  let runs = 0;
  let readable = 0;
  fc.assert(
    fc.property(
      caseArb(seeds, SIZES).chain((c) => fc.tuple(fc.constant(c), decisionArb(c.seed.kind))),
      ([c, decision]) => {
        runs += 1;
        let value: unknown;
        try {
          value = JSON.parse(stdinOf(c));
        } catch {
          return;
        }
        const invocation = checkParse(c, value);
        if (!invocation) return;
        readable += 1;
        checkRespond(c, invocation, decision);
      },
    ),
    { numRuns: Math.round(20_000 * SCALE), seed: SEED },
  );
  counts["adapter parse/respond"] = runs;
  expect(readable).toBeGreaterThan(runs / 10);
});

test("hookReply: one valid answer, guards hold, unreadable pre-tool calls are blocked", async () => {
  const worlds: Record<PolicyKind, World> = { "block-all": createWorld("block-all"), "bash-only": createWorld("bash-only") };
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(caseArb(seeds, SIZES), fc.constantFrom<PolicyKind>("block-all", "bash-only"), async (c, kind) => {
      runs += 1;
      await checkCase(c, worlds[kind], stdinOf(c));
    }),
    { numRuns: Math.round(6_000 * SCALE), seed: SEED },
  );
  for (const world of Object.values(worlds)) expectNothingExecuted(world);
  counts.hookReply = runs;
}, 600_000);

test("hookReply: 10 MiB in every top-level field and in the tool's own fields", async () => {
  const worlds: Record<PolicyKind, World> = { "block-all": createWorld("block-all"), "bash-only": createWorld("bash-only") };
  const huge = "x".repeat(10 * 1024 * 1024);
  let runs = 0;
  for (const seed of seeds) {
    const targets = [...Object.keys(seed.payload).map((key) => [key]), ...seed.identity];
    for (const path of targets) {
      const payload = structuredClone(seed.payload) as Record<string, unknown>;
      let at: Record<string, unknown> | undefined = payload;
      for (const key of path.slice(0, -1)) {
        const next: unknown = at?.[key];
        at = isObject(next) ? (next as Record<string, unknown>) : undefined;
      }
      if (!at) continue;
      at[String(path[path.length - 1])] = huge;
      const c: Case = { seed, mutations: [] };
      for (const kind of ["block-all", "bash-only"] as const) {
        runs += 1;
        await checkCase(c, worlds[kind], JSON.stringify(payload));
      }
    }
  }
  counts["hookReply 10 MiB"] = runs;
}, 600_000);

function isObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
