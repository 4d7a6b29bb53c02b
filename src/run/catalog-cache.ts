// Validated-policy cache. Validation needs zod, which costs more to load than
// the rest of the hot path; the policy rarely changes, so the validated result
// is stored under a digest of the exact bytes of every policy file and reused
// until any byte changes. Only a miss loads the validator.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { CatalogResult, StorageFile } from "../engine/catalog.ts";
import { writeFileAtomic } from "../fs-atomic.ts";
import { loadValidator } from "./_validator.ts";

const CACHE_VERSION = 1;
const PRUNE_AFTER_MS = 7 * 24 * 3600 * 1000;

export function catalogKey(files: readonly StorageFile[]): string {
  const hash = createHash("sha256").update(`hookit-catalog-v${CACHE_VERSION}`);
  for (const f of files) hash.update(`\u0000${f.storage}\u0000${f.path ?? ""}\u0000${f.text ?? "\u0001missing"}`);
  return hash.digest("hex");
}

export async function loadCatalogCached(files: readonly StorageFile[], stateDir: string): Promise<CatalogResult> {
  if (files.every((f) => f.text === undefined)) return { ok: true, entries: [] };
  const dir = join(stateDir, "catalog-cache");
  const path = join(dir, `${catalogKey(files)}.json`);
  try {
    return JSON.parse(readFileSync(path, "utf8")) as CatalogResult;
  } catch {
    // miss (or a damaged entry): validate and store
  }
  const { loadCatalog } = await loadValidator();
  const result = loadCatalog(files);
  try {
    writeFileAtomic(path, JSON.stringify(result), 0o600);
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
