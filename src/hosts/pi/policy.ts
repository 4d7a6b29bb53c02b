// The session's policy: which files were read, the Hook Catalog, and the
// Enabled Hook Set after HooKit's per-session saved enablement is restored
// (hookit-semantics §2.1, §2.8). Built on session start and tree navigation.
import { enabledHookSet } from "../../engine/index.ts";
import type { CatalogEntry, Hook } from "../../engine/types.ts";
import { loadPolicyCatalog, type PolicyCatalog } from "../../policy/policy-catalog.ts";
import type { Env } from "../../base/paths.ts";
import { projectTrust } from "../../agents/pi/metadata.ts";
import type { PiContext, PiSessionEntry, PiSeverity } from "../../agents/pi/pi-types.ts";

/** HooKit's session custom entry holding direct enablement. */
const CONFIG_ENTRY = "hookit-config";

/** The files, catalog and `untrusted` (a project policy Pi's trust kept out) of `loadPolicyCatalog`, plus enablement. */
export interface SessionPolicy extends PolicyCatalog {
  /** Saved direct enablement (`source\0name`), or undefined in defaults mode. */
  saved?: readonly string[];
  /** Refs of the directly enabled entries. */
  enabledRefs: readonly string[];
  /** The Enabled Hook Set, captured by every callback. */
  hooks: readonly Hook[];
}

/** Reads the policy files for `ctx.cwd`; the project file only when Pi trusts the project. */
export function loadPolicy(ctx: PiContext, env: Env, branch: readonly PiSessionEntry[] | undefined): SessionPolicy {
  const trusted = projectTrust(ctx) === true;
  const policy: SessionPolicy = { ...loadPolicyCatalog(ctx.cwd, env, () => trusted), enabledRefs: [], hooks: [] };
  return policy.diagnostics ? policy : withEnablement(policy, branch);
}

/** Re-derives enablement for a (possibly new) session branch. A broken catalog stays empty. */
export function withEnablement(policy: SessionPolicy, branch: readonly PiSessionEntry[] | undefined): SessionPolicy {
  if (policy.diagnostics) return policy;
  const known = new Set(policy.entries.map((entry) => keyOf(entry)));
  // Bare names and keys no longer in the catalog are dropped, never guessed (§2.8).
  const saved = savedEnablement(branch)?.filter((key) => known.has(key));
  const enabled = policy.entries.filter((entry) => (saved ? saved.includes(keyOf(entry)) : entry.default));
  const { saved: _old, ...rest } = policy;
  return Object.freeze({
    ...rest,
    ...(saved && { saved: Object.freeze(saved) }),
    enabledRefs: Object.freeze(enabled.map((entry) => entry.ref)),
    hooks: enabledHookSet(policy.entries, saved),
  });
}

/** The last valid `hookit-config` entry on the branch (even an empty set), else undefined. */
function savedEnablement(branch: readonly PiSessionEntry[] | undefined): string[] | undefined {
  if (!Array.isArray(branch)) return undefined;
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry?.type !== "custom" || entry.customType !== CONFIG_ENTRY) continue;
    const data = entry.data as { enabledEntries?: unknown } | null | undefined;
    const keys = data?.enabledEntries;
    if (Array.isArray(keys) && keys.every((key) => typeof key === "string")) return [...keys];
  }
  return undefined;
}

const keyOf = (entry: CatalogEntry) => `${entry.source}\u0000${entry.name}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** HooKit's session-start notification, if any. */
export function startupNotice(policy: SessionPolicy): { message: string; severity: PiSeverity } | undefined {
  if (policy.diagnostics) {
    const lines = policy.diagnostics.map((d) => `  • ${d.storage ? `${d.storage} storage` : "catalog"}: ${d.message}`);
    const header = `hookit: failed to parse ${plural(policy.diagnostics.length, "config file")}; no Hooks are enabled.`;
    return { message: [header, ...lines].join("\n"), severity: "error" };
  }
  if (policy.entries.length === 0) return undefined;
  return {
    message: `hookit: ${plural(policy.entries.length, "hook")} loaded (${policy.enabledRefs.length} enabled)`,
    severity: "info",
  };
}

/** hookit's own notice for a project policy Pi's trust kept out (told once per session). */
export function untrustedNotice(policy: SessionPolicy): string | undefined {
  if (!policy.untrusted) return undefined;
  return `hookit: project policy ${policy.untrusted} was not loaded because Pi does not trust this project; trust the project in Pi (or start pi with --approve) to enforce it.`;
}

/** HooKit's status bar text. */
export function statusText(policy: SessionPolicy): string {
  if (policy.diagnostics) return `hookit: config error (${plural(policy.diagnostics.length, "file")})`;
  return `hooks: ${policy.enabledRefs.length}/${policy.entries.length}`;
}
