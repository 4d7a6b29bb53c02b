// The adapter contract (_contract.ts) over every built-in command-hook adapter,
// with its captured fixtures, and over the example external adapter in both
// forms: through the process protocol (`hookit-agent-example` found on PATH)
// and in-process (the ES module named in settings.json).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { loadExternalAdapter } from "../../src/agents/external/index.ts";
import { ADAPTERS, loadAdapter, type HookAgentId } from "../../src/agents/registry.ts";
import { fileSandbox, ROOT } from "../_sandbox.ts";
import { loadFixtures, testAdapterContract } from "./_contract.ts";

const EXAMPLE = join(ROOT, "examples/hookit-agent-example");

for (const id of Object.keys(ADAPTERS) as HookAgentId[]) {
  testAdapterContract(await loadAdapter(id), loadFixtures(join(ROOT, "test/fixtures", id)));
}

/** A sandbox with the example adapter's folder on PATH, where the process form is found. */
const exampleBox = () => fileSandbox({ path: `${EXAMPLE}:${process.env.PATH ?? "/usr/bin:/bin"}` });
const processEnv = exampleBox().env;
const moduleBox = exampleBox();
const inProcessEnv = moduleBox.env;
mkdirSync(moduleBox.configDir, { recursive: true });
writeFileSync(join(moduleBox.configDir, "settings.json"), JSON.stringify({ adapters: { example: join(EXAMPLE, "adapter.mjs") } }));

const viaProcess = await loadExternalAdapter("example", processEnv);
const inProcess = await loadExternalAdapter("example", inProcessEnv);

test("the example adapter loads in both forms", () => {
  expect(viaProcess).toMatchObject({ ok: true, form: "process", source: join(EXAMPLE, "hookit-agent-example") });
  expect(inProcess).toMatchObject({ ok: true, form: "module", source: join(EXAMPLE, "adapter.mjs") });
});

const exampleFixtures = loadFixtures(join(EXAMPLE, "fixtures"));
if (viaProcess.ok) testAdapterContract(viaProcess.adapter, exampleFixtures);
if (inProcess.ok) testAdapterContract(inProcess.adapter, exampleFixtures);
