// The same properties through the real `hookit hook` process (stdin bytes, not
// a string: invalid UTF-8 and raw NULs arrive as an agent would send them),
// and a 10 MiB payload for every captured seed. Runs a few processes at once.
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Reply } from "../../src/contract/types.ts";
import { runHook, useBuiltHookit } from "../_sandbox.ts";
import { checkReply, createWorld, expectNothingExecuted, type PolicyKind, type World } from "./_check.ts";
import { bytesOf, describeCase } from "./_apply.ts";
import { caseArb, loadSeeds, type Case, type Seed } from "./_mutations.ts";

useBuiltHookit();

const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const PARALLEL = 4;
const counts: Record<string, number> = {};
let seeds: Seed[];

beforeAll(async () => {
  seeds = await loadSeeds("/home/user/project");
});
afterAll(() => {
  console.log(
    `[fuzz] process (seed ${SEED}): ${Object.entries(counts)
      .map(([k, v]) => `${k}: ${v} cases`)
      .join(", ")}`,
  );
});

async function runCase(c: Case, world: World, stdin: Buffer): Promise<void> {
  const result = await runHook(world.box, c.seed.agent, c.seed.event, stdin);
  expect(result.signal, describeCase(c)).toBeNull();
  const reply: Reply = { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode ?? -1 };
  checkReply(c, world.kind, stdin.toString("utf8"), reply);
}

/** Runs `jobs` with at most PARALLEL at a time; the first failure fails the test. */
async function pool<T>(items: readonly T[], job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) await job(items[next++]!);
    }),
  );
}

test("random hostile payloads through the real process", async () => {
  const worlds: Record<PolicyKind, World> = { "block-all": createWorld("block-all"), "bash-only": createWorld("bash-only") };
  const sizes = { huge: 256 * 1024, deep: 100_000 };
  const cases = fc.sample(fc.tuple(caseArb(seeds, sizes), fc.constantFrom<PolicyKind>("block-all", "bash-only")), {
    numRuns: Math.round(400 * SCALE),
    seed: SEED,
  });
  await pool(cases, ([c, kind]) => runCase(c, worlds[kind], bytesOf(c)));
  for (const world of Object.values(worlds)) expectNothingExecuted(world);
  counts.random = cases.length;
}, 600_000);

test("10 MiB on stdin for every captured payload", async () => {
  const worlds: Record<PolicyKind, World> = { "block-all": createWorld("block-all"), "bash-only": createWorld("bash-only") };
  const padding = "x".repeat(10 * 1024 * 1024);
  const jobs = seeds.flatMap((seed) => (["block-all", "bash-only"] as const).map((kind) => ({ seed, kind })));
  await pool(jobs, async ({ seed, kind }) => {
    const c: Case = { seed, mutations: [] };
    await runCase(c, worlds[kind], Buffer.from(JSON.stringify({ ...seed.payload, padding })));
  });
  counts["10 MiB"] = jobs.length;
}, 600_000);
