// Validated-policy cache. Validation needs zod, which costs more to load than
// the rest of the hot path; the policy rarely changes, so the cache records
// that the exact text of every policy file validated (or the diagnostics it
// gave), and a hit rebuilds the entries from the texts themselves without the
// validator. A cache file can therefore only ever say "valid" or "invalid" for
// bytes it holds verbatim: emptying or editing it cannot remove a hook, and a
// damaged one is discarded, rebuilt and reported. The file name is a cheap
// FNV-1a digest (no node:crypto on the hot path); a hit needs the stored texts
// to equal the current ones.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Notice } from "../contract/types.ts";
import type { CatalogResult, Diagnostic, StorageFile } from "../engine/catalog.ts";
import { rebuildCatalog } from "../engine/catalog-trusted.ts";
import { writeFileAtomic } from "../fs-atomic.ts";
import { loadValidator } from "./validator.lazy.ts";

/** Bumped whenever validation or the rebuild changes meaning. */
const CACHE_VERSION = 2;
const PRUNE_AFTER_MS = 7 * 24 * 3600 * 1000;

interface CacheEntry {
  version: number;
  key: string;
  valid: boolean;
  diagnostics?: Diagnostic[];
}

export type CachedCatalog = CatalogResult & { notice?: Notice };

/** Everything the result depends on, as one string. */
function keyOf(files: readonly StorageFile[]): string {
  return files.map((f) => `${f.storage}\u0000${f.path ?? ""}\u0000${f.text ?? "\u0001missing"}`).join("\u0000\u0000");
}

/** 32-bit FNV-1a over UTF-16 code units, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export async function loadCatalogCached(files: readonly StorageFile[], stateDir: string): Promise<CachedCatalog> {
  if (files.every((f) => f.text === undefined)) return { ok: true, entries: [] };
  const dir = join(stateDir, "catalog-cache");
  const key = keyOf(files);
  const path = join(dir, `${fnv1a(key)}-${key.length}.json`);
  let damaged: string | undefined;
  let text: string | undefined;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    // a plain miss
  }
  if (text !== undefined) {
    const hit = readEntry(text, key);
    if (typeof hit !== "string") {
      try {
        return hit.valid ? rebuildCatalog(files) : { ok: false, diagnostics: hit.diagnostics ?? [] };
      } catch (error) {
        damaged = `it vouched for a policy that does not rebuild (${(error as Error).message})`;
      }
    } else if (hit !== "") damaged = hit; // "" is an older cache version: replaced silently
  }
  const { loadCatalog } = await loadValidator();
  const result = loadCatalog(files);
  try {
    const entry: CacheEntry = result.ok ? { version: CACHE_VERSION, key, valid: true } : { version: CACHE_VERSION, key, valid: false, diagnostics: result.diagnostics };
    writeFileAtomic(path, JSON.stringify(entry), 0o600);
    prune(dir, path);
  } catch {
    // a read-only state dir only costs the next call a re-validation
  }
  if (damaged === undefined) return result;
  return { ...result, notice: { message: `hookit: the validated-policy cache ${path} was damaged (${damaged}); hookit validated the policy again and rebuilt it.`, severity: "warning" } };
}

/** The entry for `key`, or why the file cannot be one (an older version is not damage). */
function readEntry(text: string, key: string): CacheEntry | string {
  let entry: Partial<CacheEntry>;
  try {
    entry = JSON.parse(text) as Partial<CacheEntry>;
  } catch {
    return "not valid JSON";
  }
  if (entry === null || typeof entry !== "object") return "not an object";
  if (entry.version !== CACHE_VERSION) return typeof entry.version === "number" && entry.version < CACHE_VERSION ? "" : "unknown version";
  if (entry.key !== key) return "its policy text does not match the policy files";
  if (typeof entry.valid !== "boolean") return "no verdict";
  if (!entry.valid && !Array.isArray(entry.diagnostics)) return "no diagnostics";
  return entry as CacheEntry;
}

function prune(dir: string, keep: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (file !== keep && now - statSync(file).mtimeMs > PRUNE_AFTER_MS) rmSync(file, { force: true });
  }
}
