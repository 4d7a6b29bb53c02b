// Where things are: HOME, hookit's own package, the project, and which agents
// this machine has. Everything takes `env` so tests run in a temporary HOME.
import { readFileSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Env } from "../base/paths.ts";
import type { Detection } from "./types.ts";
import { isExecutableFile } from "../base/exec-path.ts";
import { isDirectory } from "../facts/paths.ts";
import { workTreeRoot } from "../policy/policy.ts";
import ownPackage from "../../package.json" with { type: "json" };

/** The enclosing git work tree of `cwd`, else `cwd` itself: the default project directory. */
export const findProjectDir = workTreeRoot;

export function homeDir(env: Env): string {
  return env.HOME || homedir();
}

/**
 * hookit's package root: the nearest directory above `from` whose package.json
 * carries hookit's package name (package.json's own `name`). Works from `src/install/` and from the esbuild bundle in `dist/`.
 */
export function findPackageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    try {
      const pkg: unknown = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (typeof pkg === "object" && pkg !== null && (pkg as { name?: unknown }).name === ownPackage.name) return dir;
    } catch {
      // no package.json here, or not JSON: keep walking up
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** An agent is present when one of its executables is on PATH or one of its directories exists. */
export function isDetected(detect: Detection, env: Env): boolean {
  const home = homeDir(env);
  const dirs = [
    ...detect.homeDirs.map((dir) => join(home, dir)),
    ...(detect.envDirs ?? []).flatMap((name) => (env[name] ? [env[name]] : [])),
  ];
  if (dirs.some(isDirectory)) return true;
  return detect.bins.some((bin) => onPath(bin, env) !== undefined);
}

/** The first executable named `name` on `env.PATH`, as the shell would find it; undefined when none. */
export function onPath(name: string, env: Env): string | undefined {
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  return dirs.map((dir) => join(dir, name)).find(isExecutableFile);
}

/** `path` with every link resolved, or undefined when it does not exist. */
export function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
