// The adapter contract (_contract.ts) over every built-in command-hook adapter,
// with its captured fixtures, and over the example external adapter in both
// forms: through the process protocol (`hookit-agent-example` found on PATH)
// and in-process (the ES module named in settings.json).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { loadExternalAdapter } from "../../src/agents/external/index.ts";
import { ADAPTERS, loadAdapter, type HookAgentId } from "../../src/agents/registry.ts";
import { loadFixtures, testAdapterContract } from "./_contract.ts";

const ROOT = join(import.meta.dirname, "../..");
const EXAMPLE = join(ROOT, "examples/hookit-agent-example");

for (const id of Object.keys(ADAPTERS) as HookAgentId[]) {
  testAdapterContract(await loadAdapter(id), loadFixtures(join(ROOT, "test/fixtures", id)));
}

const sandbox = mkdtempSync(join(tmpdir(), "hookit-contract-"));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));
const env = (name: string) => ({
  PATH: `${EXAMPLE}:${process.env.PATH ?? "/usr/bin:/bin"}`,
  HOME: join(sandbox, name, "home"),
  XDG_CONFIG_HOME: join(sandbox, name, "config"),
  XDG_STATE_HOME: join(sandbox, name, "state"),
});

const processEnv = env("process");
const inProcessEnv = env("module");
mkdirSync(join(inProcessEnv.XDG_CONFIG_HOME, "hookit"), { recursive: true });
writeFileSync(
  join(inProcessEnv.XDG_CONFIG_HOME, "hookit/settings.json"),
  JSON.stringify({ adapters: { example: join(EXAMPLE, "adapter.mjs") } }),
);

const viaProcess = await loadExternalAdapter("example", processEnv);
const inProcess = await loadExternalAdapter("example", inProcessEnv);

test("the example adapter loads in both forms", () => {
  expect(viaProcess).toMatchObject({ ok: true, form: "process", source: join(EXAMPLE, "hookit-agent-example") });
  expect(inProcess).toMatchObject({ ok: true, form: "module", source: join(EXAMPLE, "adapter.mjs") });
});

const exampleFixtures = loadFixtures(join(EXAMPLE, "fixtures"));
if (viaProcess.ok) testAdapterContract(viaProcess.adapter, exampleFixtures);
if (inProcess.ok) testAdapterContract(inProcess.adapter, exampleFixtures);
