// The tool table of every agent page is generated from the adapters' tool tables and the
// captured tool lists (scripts/gen-docs.mjs), so a tool hookit maps, declares or newly meets in a
// CLI release cannot be missing from the docs. Read from src/, so a stale dist/ cannot hide a change.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { describeClass } from "../../src/agents/shared/tool-classes.ts";
import { VERIFIED_RANGES } from "../../src/doctor/versions.ts";
import { TOOL_TABLES } from "../agents/tool-tables.ts";

const ROOT = join(import.meta.dirname, "../..");

interface GenDocs {
  TOOLS_START: string;
  TOOLS_END: string;
  HOOK_AGENTS: string[];
  renderTools(title: string, rows: unknown[], captures: unknown[], range?: unknown): string;
  replaceRegion(markdown: string, body: string, open: string, close: string): string;
  loadCaptures(root: string): Record<string, unknown[]>;
  pagePath(root: string, id: string): string;
}
const gen = (await import(pathToFileURL(join(ROOT, "scripts/gen-docs.mjs")).href)) as GenDocs;
const captures = gen.loadCaptures(ROOT);

describe.each([...gen.HOOK_AGENTS, "pi", "opencode"])("docs/agents/%s.md", (id) => {
  test("its tool table is what `node scripts/gen-docs.mjs` generates from the adapter's table", () => {
    const page = readFileSync(gen.pagePath(ROOT, id), "utf8");
    expect(page.split(gen.TOOLS_START)).toHaveLength(2);
    const title = /^# (.+)$/m.exec(page)?.[1] ?? id;
    const rows = (TOOL_TABLES[id] ?? []).map(describeClass);
    expect(rows.length).toBeGreaterThan(0);
    const region = page.slice(page.indexOf(gen.TOOLS_START), page.indexOf(gen.TOOLS_END));
    for (const row of rows) expect(region).toContain(`| \`${row.native}\` |`);
    // On failure: run `npm run build && node scripts/gen-docs.mjs`.
    expect(region).toContain(
      gen
        .renderTools(title.replace(/ \(.*\)$/, ""), rows, captures[id] ?? [], VERIFIED_RANGES[id as keyof typeof VERIFIED_RANGES])
        .split("\n")
        .slice(2)
        .join("\n"),
    );
  });
});
