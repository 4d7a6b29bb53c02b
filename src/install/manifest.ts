// What `hookit install` wrote, kept in the state directory, so `hookit doctor` can
// tell "never installed here" from "installed, then hookit's entries were removed"
// (by hand, by another tool, or by the agent itself). Uninstall forgets the entry.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentId } from "../contract/agent-ids.ts";
import { writeFileAtomic } from "../base/fs-atomic.ts";
import { stateDir, type Env } from "../base/paths.ts";

export interface InstallRecord {
  agent: AgentId;
  scope: "project" | "global";
  /** Absolute path of the config file install wrote hookit's entries into. */
  file: string;
}

function manifestPath(env: Env): string {
  return join(stateDir(env), "installs.json");
}

export function readManifest(env: Env): InstallRecord[] {
  try {
    const data: unknown = JSON.parse(readFileSync(manifestPath(env), "utf8"));
    if (!Array.isArray(data)) return [];
    return data.filter(
      (r): r is InstallRecord =>
        r !== null &&
        typeof r === "object" &&
        typeof r.agent === "string" &&
        typeof r.file === "string" &&
        (r.scope === "project" || r.scope === "global"),
    );
  } catch {
    return []; // no store yet (or a damaged one): nothing is known to be installed
  }
}

/** Adds (`installed`) or drops the records, one per agent and file. */
export function recordInstalls(env: Env, records: readonly InstallRecord[], installed: boolean): void {
  if (records.length === 0) return;
  const same = (a: InstallRecord, b: InstallRecord) => a.agent === b.agent && a.file === b.file;
  const kept = readManifest(env).filter((old) => !records.some((r) => same(old, r)));
  const next = installed ? [...kept, ...records] : kept;
  try {
    writeFileAtomic(manifestPath(env), JSON.stringify(next, null, 2) + "\n", 0o600);
  } catch {
    // The install itself succeeded; doctor just knows less. Never fail the command over it.
  }
}
