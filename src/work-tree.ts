// The git work tree a path lies in: the policy layer stops its project walk
// there, and the facts read that tree's ignore rules.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The nearest folder at or above `start` holding `.git` (a folder or a file), else undefined. */
export function gitWorkTree(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
