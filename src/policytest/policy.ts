// Which policy `hookit test` and `hookit replay` run: the files as they are on
// disk, trusted or not — the point is to try an edit before trusting it. Shells
// of an untrusted edit only ever run in the sandbox.
import { resolve } from "node:path";
import { loadCatalog, type Diagnostic, type StorageFile } from "../engine/catalog.ts";
import { enabledHookSet } from "../engine/enabled.ts";
import type { Hook } from "../engine/types.ts";
import type { Env } from "../base/paths.ts";
import { resolvePolicyFiles } from "../policy/policy.ts";
import { isTrusted } from "../policy/trust.ts";

export interface Candidate {
  files: StorageFile[];
  /** Where the project is (its working tree is what the sandbox copies). */
  projectDir: string;
  /** One line per file: its path and whether it is in force as it stands. */
  described: string[];
}

export type LoadedCandidate = Candidate & ({ ok: true; hooks: readonly Hook[] } | { ok: false; diagnostics: readonly Diagnostic[] });

/**
 * `explicit`: that one file (like `HOOKIT_CONFIG`). Otherwise every policy file
 * that applies here as it is on disk; `projectOnly` leaves the global policy
 * out when there is a project policy (tests pin the project file, the same on
 * every machine and in CI).
 */
export function candidatePolicy(
  cwd: string,
  env: Env,
  options: { explicit?: string; projectOnly?: boolean; projectText?: string } = {},
): Candidate {
  const onDisk = resolvePolicyFiles(cwd, options.explicit ? { ...env, HOOKIT_CONFIG: resolve(options.explicit) } : env, () => true);
  if (options.explicit && onDisk.files.find((f) => !f.locked)?.text === undefined)
    throw new Error(`no policy file at ${resolve(options.explicit)}`);
  let files = onDisk.files.filter((f) => f.text !== undefined);
  const project = files.find((f) => f.storage === "project");
  if (project && options.projectText !== undefined) project.text = options.projectText;
  if (options.projectOnly && project) files = [project];
  const described = files.map((f) => {
    if (f.storage !== "project" || options.explicit) return `${f.path ?? f.storage}`;
    const trusted = f.path !== undefined && isTrusted(f.path, f.text ?? "", env);
    return `${f.path ?? f.storage}${trusted ? "" : " (not trusted yet: tried here, in force only after hookit trust)"}`;
  });
  return { files, projectDir: onDisk.projectDir, described };
}

export function loadCandidate(candidate: Candidate): LoadedCandidate {
  const catalog = loadCatalog(candidate.files);
  return catalog.ok
    ? { ...candidate, ok: true, hooks: enabledHookSet(catalog.entries) }
    : { ...candidate, ok: false, diagnostics: catalog.diagnostics };
}
