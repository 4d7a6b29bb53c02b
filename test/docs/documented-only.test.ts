// The capability section of the Antigravity page is what scripts/gen-docs.mjs renders from its
// capabilities.ts and adapter (read from src/, so a stale dist/ cannot hide a change). Every cell says
// it is documented only: that CLI does not run here. (Kimi Code was here until it ran: kimi.e2e.test.ts.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";
import { CAPABILITIES } from "../../src/agents/capabilities.ts";
import { loadAdapter } from "../../src/agents/registry.ts";

const ROOT = join(import.meta.dirname, "../..");
const gen = (await import(pathToFileURL(join(ROOT, "scripts/gen-docs.mjs")).href)) as {
  renderCapabilities(page: unknown): string;
  replaceRegion(markdown: string, body: string): string;
  pagePath(root: string, id: string): string;
};

test.each(["antigravity"] as const)("docs/agents/%s.md has the generated, documented-only capability table", async (id) => {
  const page = readFileSync(gen.pagePath(ROOT, id), "utf8");
  // On failure: npm run build && node scripts/gen-docs.mjs
  const data = { ...(await loadAdapter(id)), capabilities: CAPABILITIES[id] };
  expect(page).toBe(gen.replaceRegion(page, gen.renderCapabilities(data)));
  const region = page.slice(page.indexOf("<!-- capabilities:start -->"), page.indexOf("<!-- capabilities:end -->"));
  const rows = region.split("\n").filter((line) => /^\| (`\w+`|actions|user notices) \|/.test(line));
  expect(rows).toHaveLength(10);
  for (const row of rows) expect(row.endsWith("| documented, not verified on the real CLI |")).toBe(true);
});
