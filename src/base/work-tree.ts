// The git work tree a path lies in: the policy layer stops its project walk
// there, and the facts read that tree's ignore rules.
import { existsSync } from "node:fs";
import { absolutePath, joinPath, parentDir } from "./path-join.ts";

/** The nearest folder at or above `start` holding `.git` (a folder or a file), else undefined. */
export function gitWorkTree(start: string): string | undefined {
  for (let dir = absolutePath(start); ; dir = parentDir(dir)) {
    if (existsSync(joinPath(dir, ".git"))) return dir;
    if (parentDir(dir) === dir) return undefined;
  }
}
