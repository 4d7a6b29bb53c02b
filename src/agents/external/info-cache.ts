// `info` is static, so its answer is kept in the state directory and asked
// again only when the executable changes (path, inode, size or mtime). An
// event then costs two adapter processes (`normalize`, `respond`), not three.
// The cache is an optimization only: any problem reading or writing it means
// "ask the adapter".
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../base/fs-atomic.ts";
import { isRecord } from "./_check.ts";
import { readInfo, type ExternalInfo } from "./protocol.ts";

interface CacheEntry {
  executable: string;
  stamp: string;
  info: unknown;
}

export interface InfoCache {
  read(): ExternalInfo | undefined;
  write(info: ExternalInfo): void;
}

export function infoCache(stateDir: string, name: string, executable: string): InfoCache {
  const file = join(stateDir, "agents", `${name}.info.json`);
  const stamp = stampOf(executable);
  return {
    read() {
      if (stamp === undefined) return undefined;
      try {
        const entry = JSON.parse(readFileSync(file, "utf8")) as unknown;
        if (!isRecord(entry) || entry.executable !== executable || entry.stamp !== stamp) return undefined;
        // Checked again: the file is outside hookit's control between runs.
        return readInfo(entry.info, name);
      } catch {
        return undefined;
      }
    },
    write(info) {
      if (stamp === undefined) return;
      const entry: CacheEntry = { executable, stamp, info };
      try {
        writeFileAtomic(file, `${JSON.stringify(entry)}\n`);
      } catch {
        // Not cached: the next event asks `info` again.
      }
    },
  };
}

// --- internal ---

/** Identifies one version of the file a symlink (an npm bin link) points to. */
function stampOf(executable: string): string | undefined {
  try {
    const stat = statSync(executable);
    return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return undefined;
  }
}
