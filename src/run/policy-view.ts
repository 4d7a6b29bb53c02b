// The policy of a spawn-per-event host (`hookit hook`, `hookit check`): the
// files on disk for a directory, trusted by hookit's trust store, validated
// through the cache. Every call reads the files afresh, so an edit applies to
// the next tool call.
import { enabledHookSet } from "../engine/enabled.ts";
import type { StorageFile } from "../engine/catalog.ts";
import { errorDetail } from "../engine/texts.ts";
import type { Hook } from "../engine/types.ts";
import { stateDir, type Env } from "../base/paths.ts";
import { loadCatalogCached } from "../policy/catalog-cache.ts";
import type { PolicyProvider, PolicyView } from "./judge.ts";
import { pendingNotice, policyProblem, untrustedNotice } from "../policy/notices.ts";
import type { PolicyFiles } from "../policy/policy.ts";
import { resolveTrustedPolicyFiles } from "../policy/trust.ts";

export function diskPolicy(env: Env): PolicyProvider {
  return async (cwd: string): Promise<PolicyView> => {
    const dir = stateDir(env);
    let policy: PolicyFiles;
    try {
      policy = resolveTrustedPolicyFiles(cwd, env);
    } catch (error) {
      // An unreadable file (permissions, a directory…) is a broken policy, not "no policy".
      return { projectDir: cwd, hooks: [], notices: [], projectTrusted: false, problem: policyProblem([{ message: errorDetail(error) }]) };
    }
    // A policy source that cannot be enforced fails closed (docs/teams/sources.md).
    if (policy.problem !== undefined)
      return { projectDir: policy.projectDir, hooks: [], notices: [], projectTrusted: false, problem: policy.problem };
    // A policy the user named but that is not there is not "no hooks": fail closed, say why.
    const named = policy.files.find((file) => !file.locked && file.storage === "global");
    if (env.HOOKIT_CONFIG && named && named.text === undefined) {
      const problem = `hookit: HOOKIT_CONFIG names ${named.path}, which does not exist, so hookit cannot tell what to enforce. Create that file or unset HOOKIT_CONFIG.`;
      return { projectDir: policy.projectDir, hooks: [], notices: [], projectTrusted: false, problem };
    }
    const notices = [
      ...(policy.layerNotices ?? []).map((message) => ({ message, severity: "warning" as const })),
      ...(policy.untrusted ? untrustedNotice(policy.untrusted, dir) : []),
      ...(policy.pending ? pendingNotice(policy.pending, dir) : []),
    ];
    const projectTrusted = policy.untrusted === undefined;
    const catalog = await loadCatalogCached(policy.files, dir);
    if (catalog.notice) notices.push(catalog.notice);
    if (!catalog.ok) {
      // A broken file of the user's must not switch the managed guards off: they still run where a problem does not block anyway.
      const hooks = await managedHooksAlone(policy.files, dir);
      return { projectDir: policy.projectDir, hooks, notices, projectTrusted, problem: policyProblem(catalog.diagnostics) };
    }
    return { projectDir: policy.projectDir, hooks: enabledHookSet(catalog.entries), notices, projectTrusted };
  };
}

/** The managed layer's hooks on their own, when it is valid by itself. */
async function managedHooksAlone(files: readonly StorageFile[], dir: string): Promise<readonly Hook[]> {
  const managed = files.filter((file) => file.storage === "managed");
  if (managed.length === 0 || managed.length === files.length) return [];
  const catalog = await loadCatalogCached(managed, dir);
  return catalog.ok ? enabledHookSet(catalog.entries) : [];
}
