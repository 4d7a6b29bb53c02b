// What `hookit install --system` wrote, kept beside the managed policy
// (`/etc/hookit/install.json`, root's like the rest): the hookit copy the hooks
// run, whether install created the policy (and its digest then), and the agents
// registered. Uninstall reads it to undo exactly that; doctor to tell a
// registration that was removed from one that never was.
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentId } from "../agents/registry.ts";
import { writeFileAtomic } from "../base/fs-atomic.ts";
import { managedDir } from "../base/managed-paths.ts";

export interface SystemRecord {
  version: string;
  /** The root-owned hookit copy the managed hooks run. */
  packageDir: string;
  /** sha256 of the policy install wrote, when install created it (uninstall removes it only while unchanged). */
  createdPolicy?: string;
  agents: AgentId[];
}

export function recordPath(root: string): string {
  return join(managedDir(root), "install.json");
}

export function readSystemRecord(root: string): SystemRecord | undefined {
  try {
    const data = JSON.parse(readFileSync(recordPath(root), "utf8")) as Partial<SystemRecord>;
    if (typeof data.version !== "string" || typeof data.packageDir !== "string" || !Array.isArray(data.agents)) return undefined;
    return {
      version: data.version,
      packageDir: data.packageDir,
      agents: data.agents,
      ...(typeof data.createdPolicy === "string" && { createdPolicy: data.createdPolicy }),
    };
  } catch {
    return undefined;
  }
}

export function writeSystemRecord(root: string, record: SystemRecord): void {
  writeReadable(recordPath(root), JSON.stringify(record, null, 2) + "\n");
}

/** A root-owned file every user may read (0644 whatever the umask). */
export function writeReadable(path: string, text: string): void {
  writeFileAtomic(path, text, 0o644);
  chmodSync(path, 0o644);
}
