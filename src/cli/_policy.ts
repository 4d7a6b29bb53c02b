// Loading the effective policy for the cold commands (validate, check, doctor).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadCatalog, type CatalogResult, type Diagnostic, type StorageFile } from "../engine/catalog.ts";
import type { Env } from "../base/paths.ts";
import type { PolicyFiles } from "../policy/policy.ts";
import { resolveTrustedPolicyFiles } from "../policy/trust.ts";
import { policyDetails } from "./_policy-detail.ts";

export interface LoadedPolicy extends PolicyFiles {
  catalog: CatalogResult;
}

export function loadEffectivePolicy(cwd: string, env: Env = process.env): LoadedPolicy {
  const files = resolveTrustedPolicyFiles(cwd, env);
  return { ...files, catalog: loadCatalog(files.files) };
}

/** One explicit file, validated as project storage (the stricter of the two). */
function loadSingleFile(path: string): { file: StorageFile; catalog: CatalogResult } {
  const absolute = resolve(path);
  const file: StorageFile = { storage: "project", path: absolute, text: readFileSync(absolute, "utf8") };
  return { file, catalog: loadCatalog([file]) };
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file ?? (d.storage ? `${d.storage} storage` : "catalog");
  return `${where}: ${d.message}`;
}

/**
 * HooKit's diagnostics as bullets, each with hookit's detail of its file under it (line:column,
 * key, expected type, did you mean): what `hookit validate` shows, for every command that refuses
 * an invalid policy. A file's detail is listed once, under its first diagnostic.
 */
export function diagnosticLines(diagnostics: readonly Diagnostic[], files: readonly StorageFile[]): string {
  const detailed = new Set<string>();
  return diagnostics
    .flatMap((d) => {
      const source = files.find((f) => f.path !== undefined && f.path === d.file);
      const path = source?.path;
      const detail = path && source.text !== undefined && !detailed.has(path) ? policyDetails(path, source.text) : [];
      if (path && detail.length > 0) detailed.add(path);
      return [`  • ${formatDiagnostic(d)}`, ...detail.map((line) => `      ${line}`)];
    })
    .join("\n");
}
