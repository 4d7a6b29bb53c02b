/** Catalog entries, outcomes and effects are immutable snapshots (HooKit freezes them too). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    // An indexed loop: this runs for every value of every hook on every call (docs/performance.md, "Loops").
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) deepFreeze((value as Record<string, unknown>)[keys[i]!]);
  }
  return value;
}
