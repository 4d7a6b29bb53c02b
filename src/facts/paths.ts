// Paths as the kernel will see them: absolute, `..` and symlinks resolved for
// the part that exists, and where they lie — the project, the system temp
// directory, a device, or outside.
import { existsSync, realpathSync, statSync } from "node:fs";
import { systemTempDir } from "../base/temp-dir.ts";
import { absolutePath, baseName, joinPath, parentDir } from "../base/path-join.ts";

export type Location = "project" | "project-root" | "temp" | "device" | "outside" | "unknown";

export interface Places {
  /** The project directory, real path. */
  project: string;
  /** Home, real path: never counted as temp, even when it lives under /tmp (tests, sandboxes). */
  home: string;
  temps: string[];
  /** The project's parent, unless that is a temp directory itself: its other children are not scratch space. */
  neighbourhood?: string;
}

let lastPlaces: { key: string; value: Places } | undefined;

export function places(projectDir: string, home: string, env: Readonly<Record<string, string | undefined>>): Places {
  const key = `${projectDir}\0${home}\0${env.TMPDIR ?? ""}`;
  if (lastPlaces?.key === key) return lastPlaces.value;
  const value = computePlaces(projectDir, home, env);
  lastPlaces = { key, value };
  return value;
}

function computePlaces(projectDir: string, home: string, env: Readonly<Record<string, string | undefined>>): Places {
  const temps = new Set<string>();
  for (const dir of [env.TMPDIR, systemTempDir(), "/tmp", "/var/tmp"]) {
    if (!dir?.startsWith("/") || dir === "/") continue;
    temps.add(absolutePath(dir));
    temps.add(realPath(dir));
  }
  const project = realPath(projectDir);
  const parent = parentDir(project);
  const neighbourhood = parent !== "/" && !temps.has(parent) ? parent : undefined;
  return { project, home: realPath(home), temps: [...temps], ...(neighbourhood && { neighbourhood }) };
}

const cache = new Map<string, string>();

/**
 * Forgets every real path and place found so far. Each derivation starts with
 * it: in a long-lived process (Pi, OpenCode) the agent may have swapped a file
 * for a symlink since the last call, and a cached answer would follow the old one.
 */
export function forgetPaths(): void {
  cache.clear();
  lastPlaces = undefined;
}

/** The real path of the longest existing prefix, with the rest appended lexically. */
export function realPath(path: string): string {
  const hit = cache.get(path);
  if (hit !== undefined) return hit;
  const result = realPathWith(absolutePath(path), realPath);
  if (cache.size > 4096) cache.clear();
  cache.set(path, result);
  return result;
}

/**
 * The real path of an absolute, normalized path: symlinks resolved for the part
 * that exists, the rest appended lexically. `parentReal` resolves the parent, so
 * each caller keeps its own cache (self-protection forgets its own after every check).
 */
export function realPathWith(absolute: string, parentReal: (path: string) => string): string {
  // existsSync first: a missing path is common (files a command creates), and a thrown ENOENT costs far more.
  if (existsSync(absolute)) {
    try {
      return realpathSync.native(absolute);
    } catch {
      /* a broken link or a race: treat as missing */
    }
  }
  const parent = parentDir(absolute);
  return parent === absolute ? absolute : joinPath(parentReal(parent), baseName(absolute));
}

/**
 * An absolute path as the kernel walks it: `..` steps out of the real folder it follows, so
 * `linkdir/../x` is next to where the link points, not next to the link (`normalPath` would say
 * the latter). Only for a path that has a `..` segment; any other is its own answer.
 */
export function physicalPath(absolute: string): string {
  if (!/(^|\/)\.\.(\/|$)/.test(absolute)) return absolute;
  let current = "/";
  for (const segment of absolute.split("/")) {
    if (segment === "" || segment === ".") continue;
    current = segment === ".." ? parentDir(realPath(current)) : joinPath(current, segment);
  }
  return current;
}

/** For a delete: the link itself goes, not what it points to (unless written with a trailing slash). */
export function realPathNoFollow(path: string): string {
  if (path.endsWith("/") && path.length > 1) return realPath(path);
  const absolute = absolutePath(path);
  const parent = parentDir(absolute);
  return parent === absolute ? absolute : joinPath(realPath(parent), baseName(absolute));
}

const within = (path: string, dir: string): boolean => path === dir || path.startsWith(dir === "/" ? "/" : dir + "/");

const DEVICES = ["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/zero", "/dev/random", "/dev/urandom"];
const isDevice = (path: string) =>
  DEVICES.includes(path) || within(path, "/dev/fd") || within(path, "/proc/self/fd") || within(path, "/dev/pts");

/** Where a path lies; `lexical` is the absolute path as written (a device is judged by its name). */
export function locate(real: string, at: Places, lexical = real): Location {
  if (real === at.project) return "project-root";
  if (within(real, at.project)) return "project";
  if (isDevice(lexical) || isDevice(real)) return "device";
  if (within(real, at.home) || within(at.home, real) || within(at.project, real)) return "outside";
  if (at.neighbourhood && within(real, at.neighbourhood)) return "outside";
  for (const temp of at.temps) if (within(real, temp)) return "temp";
  return "outside";
}

/** Whether `path` is a folder (following links); a missing or unreadable one is not. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A command word's last path part, as the program it names: `/bin/rm` and `rm/` are `rm`. */
export function programBase(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === "/") end--;
  const trimmed = text.slice(0, end);
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}
