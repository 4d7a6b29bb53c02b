// The dotenv files under a directory that a recursive reader would open:
// `grep -r`, `rg --hidden` (less what git ignores), `tar c`, `cp -r`, `find … -exec`. A recursive read
// is one fact for the directory; listing every file it opens would cost a walk
// of the tree on every call and say nothing a guard needs, so only the files
// named like secrets are listed. The walk is breadth-first and bounded; it
// skips `.git` and `node_modules` (their size, not their content, is the
// reason), and past its bound says so in `unresolved`.
import { type Dirent, readdirSync, realpathSync } from "node:fs";
import { basename, join } from "node:path";
import { gitIgnored } from "./ignored.ts";
import { isDirectory } from "./paths.ts";

/** `.env`, `.env.<anything>` and editor leftovers (`.env~`), any letter case: what the starter policy's guard then judges. */
const SECRET_NAME = /^\.env(?:[.~\s].*)?$/is;
const SKIPPED_DIRS = new Set([".git", "node_modules"]);
const MAX_DIRS = 2000;
const MAX_FOUND = 64;

export interface TreeFilter {
  /** Whether a file (by its name, and its path from the walked directory) is opened. Default: every file. */
  file?: (name: string, relative: string) => boolean;
  /** Whether a subdirectory is entered. Default: every one. */
  dir?: (name: string, relative: string) => boolean;
  /** Symbolic links are followed (`grep -R`, `find -L`, `cp -L`). */
  follow?: boolean;
  /** How deep below the directory files are opened (`find -maxdepth`); 1 = its own entries. */
  maxDepth?: number;
  /** Files git ignores are not opened (ripgrep and the search tools built on it; ignored.ts). */
  gitIgnore?: boolean;
}

export interface Secrets {
  /** Absolute paths, through the walked directory as given. */
  paths: string[];
  /** The walk stopped at its bound: there may be more. */
  truncated: boolean;
}

/** The secret-named files under `dir` (absolute) that the filter lets through. */
export function secretsUnder(dir: string, filter: TreeFilter = {}): Secrets {
  const paths: string[] = [];
  let queue: Array<[string, string, number]> = [[dir, "", 1]];
  let dirs = 0;
  while (queue.length > 0) {
    const next: Array<[string, string, number]> = [];
    for (const [absolute, relative, depth] of queue) {
      if (++dirs > MAX_DIRS) return { paths, truncated: true };
      let entries: Dirent[];
      try {
        // Sorted, so the facts come out in the same order on every file system.
        entries = readdirSync(absolute, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      } catch {
        continue;
      }
      for (const entry of entries) {
        const name = entry.name;
        const rel = relative === "" ? name : `${relative}/${name}`;
        const link = entry.isSymbolicLink();
        if (link && !filter.follow) continue;
        if (entry.isDirectory() || (link && isDirectory(join(absolute, name)))) {
          if (!SKIPPED_DIRS.has(name) && (filter.maxDepth === undefined || depth < filter.maxDepth) && (filter.dir?.(name, rel) ?? true))
            next.push([join(absolute, name), rel, depth + 1]);
          continue;
        }
        // A followed link to a file is opened as its target: `grep -R` through `notes.txt` → `.env` reads the secret.
        const opened = link ? basename(target(join(absolute, name))) : name;
        if (!(SECRET_NAME.test(name) || SECRET_NAME.test(opened)) || !(filter.file?.(name, rel) ?? true)) continue;
        if (filter.gitIgnore && gitIgnored(join(absolute, name))) continue;
        paths.push(join(absolute, name));
        if (paths.length >= MAX_FOUND) return { paths, truncated: true };
      }
    }
    queue = next;
  }
  return { paths, truncated: false };
}

function target(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
