// Rebuilding the Hook Catalog from policy texts that are known to be valid
// (the validated-policy cache says so for these exact bytes), without the
// validator: the same entries `loadCatalog` builds, in the same order. The
// cache records only *that* a text validated, never the entries themselves, so
// whatever the state directory holds, the hooks that run are the policy's own.
import type { CatalogResult, StorageFile } from "./catalog.ts";
import { markManaged } from "./enabled.ts";
import { deepFreeze } from "./freeze.ts";
import type { CatalogEntry, Hook, Preset } from "./types.ts";

const META_KEYS = new Set(["$schema", "repos"]);

export function rebuildCatalog(files: readonly StorageFile[]): CatalogResult {
  const merged = new Map<string, CatalogEntry>();
  const locked = new Set<string>();
  for (const file of files) {
    if (file.text === undefined) continue;
    const root = JSON.parse(file.text) as Record<string, Record<string, Record<string, unknown>>>;
    const sources = Object.keys(root);
    for (let s = 0; s < sources.length; s++) {
      const source = sources[s]!;
      if (META_KEYS.has(source)) continue;
      const section = root[source] as Record<string, Record<string, unknown>>;
      const names = Object.keys(section);
      for (const name of names) {
        const key = `${source}\u0000${name}`;
        if (locked.has(key)) continue; // a locked file's record stays (catalog.ts): a policy source, the managed layer
        const entry = entryOf(source, name, section[name] as Record<string, unknown>);
        merged.set(key, file.storage === "managed" ? markManaged(entry) : entry);
        if (file.locked) locked.add(key);
      }
    }
  }
  return { ok: true, entries: Object.freeze([...merged.values()]) };
}

function entryOf(source: string, name: string, raw: Record<string, unknown>): CatalogEntry {
  const ref = `${source}/${name}`;
  if (Object.hasOwn(raw, "preset")) {
    return Object.freeze({
      kind: "preset",
      source,
      name,
      ref,
      description: raw.description as string,
      preset: Object.freeze([...(raw.preset as string[])]) as string[],
      default: raw.default === true,
    } satisfies Preset);
  }
  // The validator accepted exactly these keys, so every one of them is part of the Hook. A
  // plain loop, not object rest/spread: this runs cold for every hook of every call, and the
  // interpreter's rest/spread cost about a third of the whole rebuild (bench/results.md).
  const hook: Record<string, unknown> = {};
  for (const key in raw) if (key !== "default" && key !== "shell") hook[key] = raw[key];
  hook.kind = "hook";
  hook.source = source;
  hook.name = name;
  hook.ref = ref;
  hook.shell = (raw.shell as string | undefined) ?? "true";
  hook.default = raw.default === true;
  return deepFreeze(hook as unknown as Hook);
}
