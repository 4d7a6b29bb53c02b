// The starter policy's tests (src/base/starter-tests.ts) against the starter policy,
// in-process: every case passes, and every guard that is on by default has a
// case that fails through it — a new starter guard without a test fails here.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { enabledHookSet, loadCatalog } from "../../src/engine/index.ts";
import { readCaseFile, type TestCase } from "../../src/policytest/cases.ts";
import { runCase } from "../../src/policytest/runner.ts";
import { createSandbox } from "../../src/policytest/sandbox.ts";
import { STARTER_POLICY, starterPolicyText } from "../../src/base/starter-policy.ts";
import { STARTER_TESTS, starterTestsText } from "../../src/base/starter-tests.ts";

const dir = mkdtempSync(join(tmpdir(), "hookit-starter-tests-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function starterCases(): TestCase[] {
  const path = join(dir, "starter-policy.json");
  writeFileSync(path, starterTestsText());
  const read = readCaseFile(path);
  if ("error" in read) throw new Error(read.error);
  return read.cases;
}

test("every starter case passes against the starter policy", async () => {
  const catalog = loadCatalog([{ storage: "project", path: join(dir, "hookit.json"), text: starterPolicyText() }]);
  if (!catalog.ok) throw new Error(JSON.stringify(catalog.diagnostics));
  const sandbox = createSandbox(dir, { PATH: process.env.PATH });
  try {
    for (const testCase of starterCases()) {
      const result = await runCase(testCase, enabledHookSet(catalog.entries), { cwd: sandbox.project, env: sandbox.env });
      expect(result.diff, testCase.name).toEqual([]);
    }
  } finally {
    sandbox.dispose();
  }
});

test("every guard the starter policy turns on has a case that fails through it", () => {
  const tested = new Set(STARTER_TESTS.cases.flatMap((c) => ("hooks" in c.expect ? (c.expect.hooks as string[]) : [])));
  const on = Object.entries(STARTER_POLICY.local)
    .filter(([, hook]) => hook.default)
    .map(([name]) => `local/${name}`);
  expect(on.filter((ref) => !tested.has(ref))).toEqual([]);
});

test("the starter tests also pin what must pass, not only what is blocked", () => {
  const passes = STARTER_TESTS.cases.filter((c) => c.expect.outcome === "pass");
  expect(passes.length).toBeGreaterThanOrEqual(5);
});
