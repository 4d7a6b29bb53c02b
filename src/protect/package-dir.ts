// Where the running hookit package is installed, for the in-process hosts (Pi,
// OpenCode), whose bundles know only their own file: the nearest folder above
// it whose package.json names hookit's package. Self-protection keeps tool calls away
// from it, since every registered hook runs that copy.
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { joinPath } from "../path-join.ts";
import ownPackage from "../../package.json" with { type: "json" };

export function packageDirOf(moduleUrl: string): string | undefined {
  let dir: string;
  try {
    dir = dirname(fileURLToPath(moduleUrl));
  } catch {
    return undefined;
  }
  for (let depth = 0; depth < 5; depth++, dir = dirname(dir)) {
    try {
      if ((JSON.parse(readFileSync(joinPath(dir, "package.json"), "utf8")) as { name?: unknown }).name === ownPackage.name) return dir;
    } catch {
      // no package.json here
    }
    if (dirname(dir) === dir) break;
  }
  return undefined;
}
