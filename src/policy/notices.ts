// User-facing texts of the hot path that are hookit's own (not HooKit's).
import { crypto } from "../base/crypto.lazy.ts";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Notice } from "../contract/types.ts";
import type { Diagnostic } from "../engine/catalog.ts";
import { writeFileAtomic } from "../base/fs-atomic.ts";

/** A broken policy must not silently turn a guard off: name the file, the problem, the fix. */
export function policyProblem(diagnostics: readonly Diagnostic[]): string {
  const first = diagnostics[0];
  const where = first?.file ?? `${first?.storage ?? "hookit"} policy`;
  const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : "";
  return `hookit: the policy ${where} is invalid, so no hook runs: ${first?.message ?? "unknown problem"}${more}. Fix it and check with \`hookit validate\`.`;
}

/**
 * Whether this is the first time `what` is told about this version of a file
 * (`content` undefined: the file is gone). Remembered as an empty marker file
 * named by the digest, so parallel hook processes agree.
 */
function firstTime(stateDir: string, kind: string, path: string, content: () => Buffer | string): boolean {
  let digest: string;
  try {
    digest = crypto().createHash("sha256").update(`${path}\u0000`).update(content()).digest("hex");
  } catch {
    return false;
  }
  const marker = join(stateDir, kind, digest);
  if (existsSync(marker)) return false;
  try {
    writeFileAtomic(marker, "");
  } catch {
    // cannot remember: saying it again next time is better than never
  }
  return true;
}

/** Tells the user once per file version that a project policy is waiting for `hookit trust`. */
export function untrustedNotice(policyPath: string, stateDir: string): Notice[] {
  if (!firstTime(stateDir, "untrusted-notified", policyPath, () => readFileSync(policyPath))) return [];
  const dir = dirname(dirname(policyPath));
  return [
    {
      message: `hookit: the project policy ${policyPath} is not trusted, so it was not loaded (the global policy still runs). Review it, then run \`hookit trust\` in ${dir}.`,
      severity: "warning",
    },
  ];
}

/**
 * Tells the user, once per version of the file, that an edited (or deleted)
 * project policy is waiting: hookit keeps enforcing the version they trusted.
 */
export function pendingNotice(pending: { path: string; deleted: boolean }, stateDir: string): Notice[] {
  const content = () => (pending.deleted ? "\u0001deleted" : readFileSync(pending.path));
  if (!firstTime(stateDir, "pending-notified", pending.path, content)) return [];
  const dir = dirname(dirname(pending.path));
  const message = pending.deleted
    ? `hookit: the project policy ${pending.path} was deleted since you trusted it; hookit keeps enforcing the trusted version. If you deleted it on purpose, run \`hookit trust --revoke\` in ${dir}.`
    : `hookit: the project policy ${pending.path} changed since you trusted it; hookit keeps enforcing the trusted version until you review the change and run \`hookit trust\` in ${dir}.`;
  return [{ message, severity: "warning" }];
}
