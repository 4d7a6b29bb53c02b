// Validated-policy cache. Validation needs zod, which costs more to load than
// the rest of the hot path; the policy rarely changes, so the cache records
// that the exact text of every policy file validated (or the diagnostics it
// gave), and a hit rebuilds the entries from the texts themselves without the
// validator. A cache file can therefore only ever say "valid" or "invalid" for
// bytes it holds verbatim: emptying or editing it cannot remove a hook, and a
// damaged one is discarded, rebuilt and reported. A hit needs the stored texts
// to equal the current ones; the file's name only says where to look (see nameOf).
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Notice } from "../contract/types.ts";
import type { CatalogResult, Diagnostic, StorageFile } from "../engine/catalog.ts";
import { rebuildCatalog } from "../engine/catalog-trusted.ts";
import { writeFileAtomic } from "../base/fs-atomic.ts";
import { loadValidator } from "./validator.lazy.ts";
import { joinPath } from "../base/path-join.ts";

/** Bumped whenever validation, the rebuild or the entry's shape changes meaning. */
export const CACHE_VERSION = 3;
const PRUNE_AFTER_MS = 7 * 24 * 3600 * 1000;

interface CacheEntry {
  version: number;
  /** Which files the entry is for (nameOf); the key is what they held. */
  id: string;
  key: string;
  valid: boolean;
  diagnostics?: Diagnostic[];
}

export type CachedCatalog = CatalogResult & { notice?: Notice };

/** Everything the result depends on, as one string. */
function keyOf(files: readonly StorageFile[]): string {
  return files
    .map((f) => `${f.storage}${f.locked ? "\u0002locked" : ""}\u0000${f.path ?? ""}\u0000${f.text ?? "\u0001missing"}`)
    .join("\u0000\u0000");
}

/**
 * What the cache file is named after: where the files are and how long their texts are, not
 * the texts. A digest of the texts cost about 3 ms of every cold call (an interpreted loop over
 * each character; node:crypto costs more to load), and the name needs no more: the entry holds
 * the texts, so an edit of the same length finds the entry of the old text, sees that its key
 * differs and replaces it, as any edit replaces the entry of its file.
 */
function idOf(files: readonly StorageFile[]): string {
  return files.map((f) => `${f.storage}\u0000${f.path ?? ""}\u0000${f.text?.length ?? -1}`).join("\u0000\u0000");
}

/** 32-bit FNV-1a over UTF-16 code units, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export async function loadCatalogCached(files: readonly StorageFile[], stateDir: string): Promise<CachedCatalog> {
  if (files.every((f) => f.text === undefined)) return { ok: true, entries: [] };
  const dir = joinPath(stateDir, "catalog-cache");
  const key = keyOf(files);
  const id = idOf(files);
  const path = joinPath(dir, `${fnv1a(id)}-${key.length}.json`);
  let damaged: string | undefined;
  let text: string | undefined;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    // a plain miss
  }
  if (text !== undefined) {
    const hit = readEntry(text, id, key);
    if (typeof hit !== "string") {
      try {
        return hit.valid ? rebuildCatalog(files) : { ok: false, diagnostics: hit.diagnostics ?? [] };
      } catch (error) {
        damaged = `it vouched for a policy that does not rebuild (${(error as Error).message})`;
      }
    } else if (hit !== "") damaged = hit; // "" is an older cache version or text: replaced silently
  }
  const { loadCatalog } = await loadValidator();
  const result = loadCatalog(files);
  try {
    const entry: CacheEntry = result.ok
      ? { version: CACHE_VERSION, id, key, valid: true }
      : { version: CACHE_VERSION, id, key, valid: false, diagnostics: result.diagnostics };
    writeFileAtomic(path, JSON.stringify(entry), 0o600);
    prune(dir, path);
  } catch {
    // a read-only state dir only costs the next call a re-validation
  }
  if (damaged === undefined) return result;
  return {
    ...result,
    notice: {
      message: `hookit: the validated-policy cache ${path} was damaged (${damaged}); hookit validated the policy again and rebuilt it.`,
      severity: "warning",
    },
  };
}

/** The entry for `key`, or why the file cannot be one (an older version or text is not damage). */
function readEntry(text: string, id: string, key: string): CacheEntry | string {
  let entry: Partial<CacheEntry>;
  try {
    entry = JSON.parse(text) as Partial<CacheEntry>;
  } catch {
    return "not valid JSON";
  }
  if (entry === null || typeof entry !== "object") return "not an object";
  if (entry.version !== CACHE_VERSION) return typeof entry.version === "number" && entry.version < CACHE_VERSION ? "" : "unknown version";
  if (entry.key !== key) return entry.id === id && typeof entry.key === "string" ? "" : "its policy text does not match the policy files";
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
