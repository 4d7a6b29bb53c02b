// Upstream tests that exercise something hookit deliberately does differently
// (docs/migrating-from-hookit.md, "Differences, all deliberate"). Each is
// listed by its exact upstream name with the reason; the suites register them
// as skipped tests carrying the reason, and a hookit test next to them asserts
// what hookit does instead. None is dropped silently.

export interface DeliberateDifference {
  label: "deliberate difference" | "platform limit";
  /** Upstream file and describe the tests come from. */
  upstream: string;
  reason: string;
  tests: readonly string[];
}

export const CATALOG_MUTATION: DeliberateDifference = {
  label: "deliberate difference",
  upstream: "tests/hook-catalog.test.ts › Hook Catalog mutations",
  reason:
    "hookit has no /hooks panel and no catalog installer: the policy file is the user's, edited by hand, " +
    "and hookit only ever reads it (no install/update/remove/edit-local-preset/set-default/add-repository)",
  tests: [
    "installs a validated batch with repository allowlist updates in one replacement",
    "canonicalizes an omitted shell to true in snapshots and persistence",
    "independently validates mutation inputs and leaves disk unchanged on failure",
    "rejects invalid installation names without writing",
    "rejects duplicate batch identities without writing",
    "atomically rejects a batch that resolves a Preset member to a Preset",
    "rejects installing a Preset at a dangling Hook Reference",
    "re-reads before install so unrelated external edits survive",
    "preserves malformed external bytes and the previous snapshot on mutation failure",
    "validates every authorized storage before mutating the target storage",
    "updates whichever storage supplies the visible entry and preserves local default",
    "atomically rejects an update that turns a referenced Hook into a Preset",
    "uses provenance from the mandatory re-read rather than the old snapshot",
    "removes only the owning source and reveals a matching global entry",
    "atomically rejects removal when an override would reveal Preset nesting",
    "allows Hook removal to leave a dangling Preset member and later resolve it",
    "fails a stale mutation when the identity disappeared after re-read",
    "edits only local presets and preserves the effective default preference",
    "toggles default on the current owner without changing entry content",
    "adds a repository through project storage and returns the fresh allowlist",
  ],
};

/**
 * Not a hookit choice but a Linux limit both engines hit: one environment
 * string may hold at most 128 KiB (MAX_ARG_STRLEN), so a longer
 * PI_TOOL_RESULT makes the shell's execve fail with E2BIG and the hook fails
 * closed. Those upstream tests run as expected failures on Linux.
 */
export const LINUX_ENV_STRING_LIMIT: DeliberateDifference = {
  label: "platform limit",
  upstream: "tests/core-hooks/read.test.ts › Core read-result thresholds",
  reason:
    "Linux caps one environment string at 128 KiB (MAX_ARG_STRLEN): a 199,999-character PI_TOOL_RESULT cannot reach " +
    "any shell, so the hook fails closed (patch) in HooKit's engine and hookit's alike",
  tests: ["read-max-200000-chars has an inclusive boundary"],
};

export const skipTitle = (name: string, difference: DeliberateDifference) => `${name} [${difference.label}: ${difference.reason}]`;
