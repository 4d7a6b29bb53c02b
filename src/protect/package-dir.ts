// Where the running hookit package is installed, so self-protection keeps tool
// calls away from it (every registered hook runs that copy) and the telemetry
// kick can start the shipper from it.
import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { joinPath } from "../base/path-join.ts";

/**
 * The package around a hot-path bundle, from the bundle's own folder (`__dirname` in
 * dist/hook.cjs): `<root>/dist` → `<root>`. Node resolved that folder through every link
 * when it loaded bin.cjs (`node_modules/.bin/hookit`, `npx`, a global prefix's bin link,
 * pnpm's folder links), so it is the real package, where `process.argv[1]` is only the
 * spelling the agent ran (often a link in another folder). Free: no file is read.
 */
export function packageDirOfBundle(bundleDir: string | undefined): string | undefined {
  return bundleDir && basename(bundleDir) === "dist" ? dirname(bundleDir) : undefined;
}

/**
 * For the in-process hosts (Pi, OpenCode), whose bundles know only their own module URL
 * (Node's loader has resolved its links too): the nearest folder above it whose
 * package.json declares the `hookit` bin — the bin, not the package name, which a rename
 * (or a fork) changes.
 */
export function packageDirOf(moduleUrl: string): string | undefined {
  let dir: string;
  try {
    dir = dirname(fileURLToPath(moduleUrl));
  } catch {
    return undefined;
  }
  for (let depth = 0; depth < 5; depth++, dir = dirname(dir)) {
    if (declaresHookitBin(joinPath(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) break;
  }
  return undefined;
}

function declaresHookitBin(packageJson: string): boolean {
  try {
    const bin = (JSON.parse(readFileSync(packageJson, "utf8")) as { bin?: unknown }).bin;
    return typeof bin === "object" && bin !== null && typeof (bin as Record<string, unknown>).hookit === "string";
  } catch {
    return false; // no package.json here
  }
}
