// Validated-policy cache. Validation needs zod, which costs more to load than
// the rest of the hot path; the policy rarely changes, so the validated result
// is stored with the exact text of every policy file and reused while every
// byte is the same. Only a miss loads the validator. The file name is a cheap
// FNV-1a digest (no node:crypto on the hot path); a hit is decided by comparing
// the stored texts, so a digest collision can only cost a re-validation.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { CatalogResult, StorageFile } from "../engine/catalog.ts";
import { writeFileAtomic } from "../fs-atomic.ts";
import { loadValidator } from "./_validator.ts";

const CACHE_VERSION = 1;
const PRUNE_AFTER_MS = 7 * 24 * 3600 * 1000;

interface CacheEntry {
  version: number;
  key: string;
  result: CatalogResult;
}

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

export async function loadCatalogCached(files: readonly StorageFile[], stateDir: string): Promise<CatalogResult> {
  if (files.every((f) => f.text === undefined)) return { ok: true, entries: [] };
  const dir = join(stateDir, "catalog-cache");
  const key = keyOf(files);
  const path = join(dir, `${fnv1a(key)}-${key.length}.json`);
  try {
    const entry = JSON.parse(readFileSync(path, "utf8")) as CacheEntry;
    if (entry.version === CACHE_VERSION && entry.key === key) return entry.result;
  } catch {
    // miss (or a damaged entry): validate and store
  }
  const { loadCatalog } = await loadValidator();
  const result = loadCatalog(files);
  try {
    writeFileAtomic(path, JSON.stringify({ version: CACHE_VERSION, key, result } satisfies CacheEntry), 0o600);
    prune(dir, path);
  } catch {
    // a read-only state dir only costs the next call a re-validation
  }
  return result;
}

function prune(dir: string, keep: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (file !== keep && now - statSync(file).mtimeMs > PRUNE_AFTER_MS) rmSync(file, { force: true });
  }
}
