/** Catalog entries, outcomes and effects are immutable snapshots (HooKit freezes them too). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    const keys = Object.keys(value);
    for (const key of keys) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
