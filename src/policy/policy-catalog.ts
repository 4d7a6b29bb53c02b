// The policy an in-process host runs: the files found for a directory and the
// Hook Catalog read from them. Shared by the Pi extension and the OpenCode
// plugin; each host brings its own answer to "may the project file run?" (Pi:
// Pi's project trust; OpenCode: hookit's trust store).
import { loadCatalog, type Diagnostic, type StorageFile } from "../engine/catalog.ts";
import { errorDetail } from "../engine/texts.ts";
import type { CatalogEntry } from "../engine/types.ts";
import type { Env } from "../base/paths.ts";
import { resolvePolicyFiles, type LastTrusted, type TrustCheck } from "./policy.ts";

export interface PolicyCatalog {
  files: readonly StorageFile[];
  /** Where shells run and `PI_CWD` points. */
  projectDir: string;
  /** A project policy that exists but was left unread because it is not trusted. */
  untrusted?: string;
  /** An edited or deleted project policy whose last trusted text runs instead. */
  pending?: { path: string; deleted: boolean };
  /** Set when the catalog is broken: then no hook runs (HooKit's rule). */
  diagnostics?: readonly Diagnostic[];
  /** A policy source that cannot be enforced: every tool call is blocked with this reason (docs/teams/sources.md). */
  problem?: string;
  entries: readonly CatalogEntry[];
}

/**
 * Reads the policy files for `cwd` and validates them. With `previous`, files
 * whose every byte is unchanged reuse its validation, so a host that re-reads
 * the policy on every event pays for validation only after an edit.
 */
export function loadPolicyCatalog(
  cwd: string,
  env: Env,
  trusted: TrustCheck,
  previous?: PolicyCatalog,
  lastTrusted?: LastTrusted,
): PolicyCatalog {
  let resolved: ReturnType<typeof resolvePolicyFiles>;
  try {
    resolved = resolvePolicyFiles(cwd, env, trusted, lastTrusted);
  } catch (error) {
    // An unreadable file (permissions, a directory…) is a broken catalog, not "no policy".
    return { files: [], projectDir: cwd, diagnostics: [{ message: errorDetail(error) }], entries: [] };
  }
  // A policy source that cannot be enforced is a broken catalog: no hook runs and guards fail closed.
  if (resolved.problem !== undefined) {
    return {
      files: resolved.files,
      projectDir: resolved.projectDir,
      diagnostics: [{ message: resolved.problem }],
      problem: resolved.problem,
      entries: [],
    };
  }
  const base = {
    files: resolved.files,
    projectDir: resolved.projectDir,
    ...(resolved.untrusted && { untrusted: resolved.untrusted }),
    ...(resolved.pending && { pending: resolved.pending }),
  };
  if (previous && sameFiles(previous.files, resolved.files)) {
    return previous.diagnostics ? { ...base, diagnostics: previous.diagnostics, entries: [] } : { ...base, entries: previous.entries };
  }
  const catalog = loadCatalog(resolved.files);
  return catalog.ok ? { ...base, entries: catalog.entries } : { ...base, diagnostics: catalog.diagnostics, entries: [] };
}

// --- internal ---

function sameFiles(a: readonly StorageFile[], b: readonly StorageFile[]): boolean {
  return (
    a.length === b.length &&
    a.every((file, i) => {
      const other = b[i];
      return other !== undefined && file.storage === other.storage && file.path === other.path && file.text === other.text;
    })
  );
}
