// The policy layers that come before the user's global and project files
// (docs/teams/sources.md): each policy source's stored copy, locked so a later
// file cannot override or disable its hooks. They join the policy, after the
// managed layer, in `organizationLayers` (src/policy/policy.ts).
import { crypto } from "../base/crypto.lazy.ts";
import { closeSync, openSync, readFileSync } from "node:fs";
import type { StorageFile } from "../engine/catalog.ts";
import type { Env } from "../base/paths.ts";
import { copyStamp, readSources, sourceCopyPath, type SourceRecord } from "./store.ts";

export interface LockedLayers {
  files: StorageFile[];
  /**
   * Set when a layer cannot be used (a copy missing, changed or unreadable):
   * then hookit fails closed, because running without its guards would be
   * the quiet way to switch them off.
   */
  problem?: string;
}

export function lockedLayers(env: Env): LockedLayers {
  let sources: SourceRecord[];
  try {
    sources = readSources(env);
  } catch (error) {
    return { files: [], problem: `hookit: ${(error as Error).message}, so hookit cannot tell which organization policy to enforce.` };
  }
  const files: StorageFile[] = [];
  for (const source of sources) {
    const copy = storedCopy(source, env);
    if (typeof copy !== "string") return { files: [], problem: unusableSource(source, copy.why) };
    files.push({ storage: "global", path: sourceCopyPath(source, env), text: copy, locked: true });
  }
  return { files };
}

/**
 * The source's stored policy text when it is there and is the pinned one; else
 * why not. A copy whose inode, size and change time are the ones recorded when
 * it was hashed is taken as it is (node:crypto costs a hook process more CPU
 * than everything else a source adds); any other copy is hashed again.
 */
export function storedCopy(source: SourceRecord, env: Env): string | { why: string } {
  let text: string;
  let stamp: string;
  try {
    const fd = openSync(sourceCopyPath(source, env), "r");
    try {
      stamp = copyStamp(fd);
      text = readFileSync(fd, "utf8");
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      why: code === "ENOENT" ? "its stored copy is missing" : `its stored copy cannot be read (${code ?? (error as Error).message})`,
    };
  }
  if (stamp === source.stamp) return text;
  if (crypto().createHash("sha256").update(text).digest("hex") !== source.sha256) {
    return { why: "its stored copy does not match the pinned content hash (it was changed after it was fetched)" };
  }
  return text;
}

function unusableSource(source: SourceRecord, why: string): string {
  return `hookit: the policy source "${source.name}" (${source.url} at ${source.commit.slice(0, 12)}) cannot be enforced: ${why}. hookit blocks tool calls rather than run without its guards. Run \`hookit source update ${source.name}\` in a terminal to fetch it again.`;
}
