// HooKit's `HookCatalog.open(locations)` in front of hookit's `loadCatalog`:
// read the authorized files (a missing one is `{}`), load, and report
// diagnostics in HooKit's `{ storage, reason }` shape. `repositories` is the
// project file's `repos` as hookit's own file parser reads it: hookit has no
// `/hooks` panel, so it keeps no repository list of its own.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import { loadCatalog, parseStorageFile, type CatalogEntry, type StorageFile } from "../../src/engine/index.ts";

export interface CatalogStorageLocations {
  global: string;
  project?: string;
}

export interface UpstreamDiagnostic {
  storage?: "global" | "project";
  reason: string;
}

export interface HookCatalog {
  readonly entries: readonly CatalogEntry[];
  readonly repositories: readonly string[];
  refresh(): CatalogResult;
}

export type CatalogResult = { ok: true; catalog: HookCatalog } | { ok: false; diagnostics: UpstreamDiagnostic[] };

const readStorage = (storage: "global" | "project", path: string): StorageFile => ({
  storage,
  path,
  text: existsSync(path) ? readFileSync(path, "utf8") : undefined,
});

export function openCatalog(locations: CatalogStorageLocations): CatalogResult {
  const files = [readStorage("global", locations.global)];
  if (locations.project !== undefined) files.push(readStorage("project", locations.project));
  const loaded = loadCatalog(files);
  if (!loaded.ok) {
    return {
      ok: false,
      diagnostics: loaded.diagnostics.map((d) => ({ ...(d.storage && { storage: d.storage as "global" | "project" }), reason: d.message })),
    };
  }
  const project = files[1] ? parseStorageFile(files[1]) : undefined;
  const repositories = project && typeof project !== "string" ? project.repos : [];
  return {
    ok: true,
    catalog: { entries: loaded.entries, repositories, refresh: () => openCatalog(locations) },
  };
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A fresh global and project location pair, like HooKit's test helper. */
export function locations(name: string): Required<CatalogStorageLocations> {
  const root = mkdtempSync(join(tmpdir(), `hookit-catalog-${name}-`));
  roots.push(root);
  return { global: join(root, "home", "hookit.json"), project: join(root, "project", ".pi", "hookit.json") };
}

export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

export function writeRaw(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The catalog of a successful open; fails the test with the diagnostics otherwise. */
export function catalog(result: CatalogResult): HookCatalog {
  if (!result.ok) throw new Error(`catalog invalid: ${JSON.stringify(result.diagnostics)}`);
  return result.catalog;
}

export function diagnostics(result: CatalogResult): UpstreamDiagnostic[] {
  if (result.ok) throw new Error("catalog unexpectedly valid");
  return result.diagnostics;
}

export const find = (c: HookCatalog, source: string, name: string) => c.entries.find((e) => e.source === source && e.name === name);
export const refs = (c: HookCatalog) => c.entries.map((e) => `${e.source}/${e.name}`);

export const localShell = (shell = "true", extra: Record<string, unknown> = {}) => ({
  description: "Local guard",
  event: "tool_call",
  shell,
  ...extra,
});
export const remoteShell = { description: "Remote guard", event: "tool_call", shell: "false" };
