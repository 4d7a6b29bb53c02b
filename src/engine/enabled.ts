// The Enabled Hook Set (hookit-semantics §2.8). Kept apart from catalog.ts so
// the hot path, which reads an already-validated catalog, never loads zod.
import type { CatalogEntry, Hook } from "./types.ts";

/**
 * The Enabled Hook Set in defaults mode (or from saved keys `source\0name`):
 * catalog order, Preset members in reference order, first occurrence wins,
 * dangling references skipped.
 */
export function enabledHookSet(entries: readonly CatalogEntry[], savedKeys?: readonly string[]): readonly Hook[] {
  const saved = savedKeys ? new Set(savedKeys.filter((k) => k.includes("\u0000"))) : undefined;
  // A managed entry on by default stays on whatever was saved (the managed layer is not the user's to switch off).
  const isEnabled = (e: CatalogEntry) => (saved ? saved.has(`${e.source}\u0000${e.name}`) || (e.managed === true && e.default) : e.default);
  const byRef = new Map(entries.map((e) => [e.ref, e] as const));
  const out: Hook[] = [];
  const seen = new Set<string>();
  const add = (hook: Hook) => {
    if (!seen.has(hook.ref)) {
      seen.add(hook.ref);
      out.push(hook);
    }
  };
  for (const entry of entries) {
    if (!isEnabled(entry)) continue;
    if (entry.kind === "hook") add(entry);
    else
      for (let k = 0; k < entry.preset.length; k++) {
        const member = byRef.get(entry.preset[k]!);
        if (member?.kind === "hook") add(member);
      }
  }
  return Object.freeze(out);
}

/** The entry as part of the managed layer (a new frozen object: entries are immutable). */
export function markManaged(entry: CatalogEntry): CatalogEntry {
  return Object.freeze({ ...entry, managed: true as const });
}
