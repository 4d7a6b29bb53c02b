// The validated-policy cache can only vouch for exact policy texts: the hooks
// that run are rebuilt from the texts, so no edit of the cache removes one.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadCatalog, type StorageFile } from "../../src/engine/catalog.ts";
import { rebuildCatalog } from "../../src/engine/catalog-trusted.ts";
import { CACHE_VERSION, loadCatalogCached } from "../../src/policy/catalog-cache.ts";
import { STARTER_POLICY } from "../../src/base/starter-policy.ts";

const hook = (event: string, extra: Record<string, unknown> = {}) => ({ description: `${event} hook`, event, default: true, ...extra });
const GLOBAL = {
  local: {
    guard: hook("tool_call", { filter: { toolName: "bash", command: ["rm -rf", "\\bgit push\\b"] }, shell: "false", timeout: 2000 }),
    quiet: hook("tool_result", { default: false, when: 'test -n "$X"', shell: "true" }),
    nudge: hook("agent_end", { action: { type: "message", message: "run the tests", delivery: "followUp", outcome: "pass" } }),
    bundle: { description: "both", preset: ["local/quiet", "local/guard"], default: true },
  },
};
const PROJECT = { local: { guard: hook("tool_call", { shell: "exit 3" }), extra: hook("turn_end", { shell: "true" }) } };

const files = (): StorageFile[] => [
  { storage: "global", path: "/g/hookit.json", text: JSON.stringify(GLOBAL) },
  { storage: "project", path: "/p/.hookit/hookit.json", text: JSON.stringify(PROJECT, null, 2) },
];

describe("rebuildCatalog", () => {
  test("builds the same entries, in the same order, as the validator", () => {
    for (const set of [files(), [{ storage: "global" as const, path: "/g", text: JSON.stringify(STARTER_POLICY) }]]) {
      const validated = loadCatalog(set);
      expect(validated.ok ? "valid" : JSON.stringify(validated.diagnostics)).toBe("valid");
      expect(rebuildCatalog(set)).toEqual(validated);
    }
  });
});

describe("loadCatalogCached", () => {
  const cacheFile = (state: string) => join(state, "catalog-cache", readdirSync(join(state, "catalog-cache"))[0] as string);

  test("a cache emptied or edited by anyone never turns into fewer hooks; it is rebuilt and reported", async () => {
    const state = mkdtempSync(join(tmpdir(), "hookit-cache-"));
    const first = await loadCatalogCached(files(), state);
    expect(first.ok && first.entries.length).toBe(5);
    for (const tampered of [
      "",
      "{}",
      JSON.stringify({ version: CACHE_VERSION, key: "x", valid: true }),
      JSON.stringify({ version: CACHE_VERSION, entries: [] }),
    ]) {
      writeFileSync(cacheFile(state), tampered);
      const again = await loadCatalogCached(files(), state);
      expect(again.ok && again.entries.length).toBe(5);
      expect(again.notice?.message).toMatch(/validated-policy cache .* was damaged/);
      // Rebuilt: the next call is a clean hit.
      expect((await loadCatalogCached(files(), state)).notice).toBeUndefined();
    }
  });

  test("the old format that stored entries is not trusted: an entry list in the file has no effect", async () => {
    const state = mkdtempSync(join(tmpdir(), "hookit-cache-"));
    await loadCatalogCached(files(), state);
    const entry = JSON.parse(readFileSync(cacheFile(state), "utf8")) as Record<string, unknown>;
    writeFileSync(cacheFile(state), JSON.stringify({ ...entry, result: { ok: true, entries: [] } }));
    const again = await loadCatalogCached(files(), state);
    expect(again.ok && again.entries.length).toBe(5);
  });

  test("an edit that keeps the length is judged on its own text, and is not taken for damage", async () => {
    const state = mkdtempSync(join(tmpdir(), "hookit-cache-"));
    const text = (event: string) => JSON.stringify({ local: { x: { description: "", event, shell: "true", default: true } } });
    const at = (event: string): StorageFile[] => [{ storage: "global", path: "/g", text: text(event) }];
    expect(text("turn_end").length).toBe(text("turn_nop").length);
    const valid = await loadCatalogCached(at("turn_end"), state);
    expect(valid.ok).toBe(true);
    // Same file, same length, one word changed: the old text's verdict must not apply.
    const edited = await loadCatalogCached(at("turn_nop"), state);
    expect(edited.ok).toBe(false);
    expect(edited.notice).toBeUndefined();
    expect((await loadCatalogCached(at("turn_end"), state)).ok).toBe(true);
    expect(readdirSync(join(state, "catalog-cache"))).toHaveLength(1);
  });

  test("an invalid policy stays invalid from the cache", async () => {
    const state = mkdtempSync(join(tmpdir(), "hookit-cache-"));
    const broken: StorageFile[] = [{ storage: "global", path: "/g", text: '{"local":{"x":{"event":"nope"}}}' }];
    const first = await loadCatalogCached(broken, state);
    const second = await loadCatalogCached(broken, state);
    expect(first.ok).toBe(false);
    expect(second).toEqual(first);
  });
});
