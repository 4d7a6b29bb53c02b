// The policy the OpenCode plugin enforces, re-read on every event so an edit
// applies to the next tool call, as with the command-hook agents. OpenCode has
// no project trust of its own, so the project file runs only while hookit's
// trust store holds its exact bytes (`hookit trust`, `hookit install --project`).
import { enabledHookSet } from "../../engine/enabled.ts";
import type { Hook } from "../../engine/types.ts";
import type { Env } from "../../base/paths.ts";
import { loadPolicyCatalog, type PolicyCatalog } from "../../policy/policy-catalog.ts";
import { trustReader } from "../../policy/trust.ts";

export interface CurrentPolicy extends PolicyCatalog {
  /** The Enabled Hook Set (defaults mode: every `default: true` entry). */
  hooks: readonly Hook[];
}

/** Returns a reader of the current policy; unchanged files cost a read, not a validation. */
export function createPolicySource(directory: string, env: Env): () => CurrentPolicy {
  let last: CurrentPolicy | undefined;
  return () => {
    const trust = trustReader(env);
    const catalog = loadPolicyCatalog(directory, env, trust.trusted, last, trust.lastTrusted);
    const hooks = last && catalog.entries === last.entries ? last.hooks : enabledHookSet(catalog.entries);
    last = { ...catalog, hooks };
    return last;
  };
}
