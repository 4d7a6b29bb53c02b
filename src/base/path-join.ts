// `path.join` and `path.resolve` for the hot path's usual case: a clean
// absolute base and plain names. Node's versions normalize with a loop over
// every character, which runs interpreted in a short-lived hook process: about
// 45 k instructions a call, and a hook call made some sixty of them. Here a few
// plain searches prove the text needs no normalizing, and anything else goes to
// Node's own function, so the result is always the one path.join gives
// (test/path-join.test.ts compares both).
import { basename, dirname, join, normalize, resolve, sep } from "node:path";

const POSIX = sep === "/";

/** An absolute POSIX path that normalizing leaves as it is: no `//`, `.` or `..` parts, no trailing `/` (but `/`). */
function isCleanAbsolute(path: string): boolean {
  if (!POSIX || !path.startsWith("/")) return false;
  if (path === "/") return true;
  return (
    !path.endsWith("/") &&
    !path.includes("//") &&
    !path.includes("/./") &&
    !path.includes("/../") &&
    !path.endsWith("/.") &&
    !path.endsWith("/..")
  );
}

/** A relative POSIX path that normalizing leaves as it is (`a/b.json`, never `./a`, `a/../b` or `a/`). */
function isCleanRelative(path: string): boolean {
  return path !== "" && !path.startsWith("/") && isCleanAbsolute(`/${path}`);
}

/** `path.join(base, ...names)`. */
export function joinPath(base: string, ...names: string[]): string {
  if (!isCleanAbsolute(base)) return join(base, ...names);
  let out = base;
  for (const name of names) {
    if (!isCleanRelative(name)) return join(base, ...names);
    out = out === "/" ? `/${name}` : `${out}/${name}`;
  }
  return out;
}

/** `path.resolve(base, path)` for an absolute `base` (hookit never resolves against the process's own cwd here). */
export function resolvePath(base: string, path: string): string {
  if (isCleanAbsolute(path)) return path;
  if (isCleanRelative(path) && isCleanAbsolute(base)) return base === "/" ? `/${path}` : `${base}/${path}`;
  return resolve(base, path);
}

/** `path.resolve(path)` for a path that is already absolute (else Node's, against the process's cwd). */
export function absolutePath(path: string): string {
  return isCleanAbsolute(path) ? path : resolve(path);
}

/** `path.dirname(path)` of a clean absolute path (else Node's). */
export function parentDir(path: string): string {
  if (!isCleanAbsolute(path)) return dirname(path);
  const at = path.lastIndexOf("/");
  return at <= 0 ? "/" : path.slice(0, at);
}

/** `path.basename(path)` of a clean absolute path (else Node's). */
export function baseName(path: string): string {
  return isCleanAbsolute(path) ? path.slice(path.lastIndexOf("/") + 1) : basename(path);
}

/** `path.normalize(path)` (else Node's): a clean absolute path is its own normal form. */
export function normalPath(path: string): string {
  return isCleanAbsolute(path) ? path : normalize(path);
}
