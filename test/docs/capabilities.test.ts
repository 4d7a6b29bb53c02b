// The capability section of every agent page is generated from each agent's
// table (its capabilities.ts) and its adapter's data (scripts/gen-docs.mjs). This fails as soon as an adapter's table,
// registrations, verified version or timeout unit changes without the page
// being regenerated, so the docs cannot drift from the code. The adapters are
// read from src/, so a stale dist/ cannot hide a change.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { CAPABILITIES } from "../../src/agents/capabilities.ts";
import { loadAdapter, type HookAgentId } from "../../src/agents/registry.ts";
import { PI_CAPABILITIES, PI_MIN_VERSION, PI_VERIFIED_WITH } from "../../src/agents/pi/capabilities.ts";
import { OPENCODE_CAPABILITIES, OPENCODE_VERIFIED_WITH } from "../../src/agents/opencode/capabilities.ts";

const ROOT = join(import.meta.dirname, "../..");

interface GenDocs {
  START: string;
  END: string;
  HOOK_AGENTS: HookAgentId[];
  renderCapabilities(page: unknown): string;
  replaceRegion(markdown: string, body: string): string;
  pagePath(root: string, id: string): string;
}
const gen = (await import(pathToFileURL(join(ROOT, "scripts/gen-docs.mjs")).href)) as GenDocs;

async function pageData(id: string): Promise<unknown> {
  if (id === "pi") return { title: "Pi", verifiedWith: PI_VERIFIED_WITH, minVersion: PI_MIN_VERSION, capabilities: PI_CAPABILITIES };
  if (id === "opencode") return { title: "OpenCode", verifiedWith: OPENCODE_VERIFIED_WITH, capabilities: OPENCODE_CAPABILITIES };
  return { ...(await loadAdapter(id as HookAgentId)), capabilities: CAPABILITIES[id as HookAgentId] };
}

describe.each([...gen.HOOK_AGENTS, "pi", "opencode"])("docs/agents/%s.md", (id) => {
  test("its capability section is what `node scripts/gen-docs.mjs` generates from the code", async () => {
    const page = readFileSync(gen.pagePath(ROOT, id), "utf8");
    expect(page.split(gen.START)).toHaveLength(2);
    expect(page.split(gen.END)).toHaveLength(2);
    const expected = gen.replaceRegion(page, gen.renderCapabilities(await pageData(id)));
    // On failure: run `npm run build && node scripts/gen-docs.mjs`.
    expect(page).toBe(expected);
  });

  test("the section names every capability row and every registered event", async () => {
    const page = readFileSync(gen.pagePath(ROOT, id), "utf8");
    const region = page.slice(page.indexOf(gen.START), page.indexOf(gen.END));
    const data = (await pageData(id)) as { capabilities: Array<{ feature: string }>; registrations?: Array<{ native: string }> };
    for (const row of data.capabilities) expect(region).toContain(`| ${row.feature.includes("_") ? `\`${row.feature}\`` : row.feature} |`);
    for (const reg of data.registrations ?? []) expect(region).toContain(`- \`${reg.native}\``);
  });
});

test("every agent the registry knows has a page with a capability section", async () => {
  const { AGENT_IDS } = await import("../../src/agents/registry.ts");
  expect([...AGENT_IDS].sort()).toEqual([...gen.HOOK_AGENTS, "pi", "opencode"].sort());
});

test("the generator refuses a page without the markers instead of losing text", () => {
  expect(() => gen.replaceRegion("# Page\n\nno markers here\n", "table")).toThrow(/no <!-- capabilities:start -->/);
});
