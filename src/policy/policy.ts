// Finding the policy files for a working directory (design: "Policy files").
import { existsSync } from "node:fs";
import { resolve, sep } from "node:path";
import { absolutePath, joinPath, parentDir } from "../base/path-join.ts";
import type { StorageFile } from "../engine/catalog.ts";
import { managedLayer } from "./managed-layer.ts";
import { globalPolicyPath, PROJECT_POLICY, type Env } from "../base/paths.ts";
import { readIfExists } from "../base/read-if-exists.ts";
import { gitWorkTree } from "../base/work-tree.ts";
import { lockedLayers } from "../sources/layer.ts";

export interface PolicyFiles {
  files: StorageFile[];
  /** The project root (where `.hookit/` is, else the git work tree, else cwd): shells run here. */
  projectDir: string;
  /** A project policy that exists but was not loaded because it is not trusted. */
  untrusted?: string;
  /**
   * A project policy that changed (or was deleted) since it was trusted: its
   * last trusted text is what runs until the user trusts the new one.
   */
  pending?: { path: string; deleted: boolean };
  /** A policy source that cannot be enforced: hookit fails closed and says why (docs/teams/sources.md). */
  problem?: string;
  /** For the user, about the layers above their own (a refused system-root override). */
  layerNotices?: string[];
}

/** The last trusted text of a project policy path, if hookit kept one. */
export type LastTrusted = (path: string) => string | undefined;

/** Decides whether a project policy file (absolute path, exact bytes) may run. */
export type TrustCheck = (path: string, text: string) => boolean;

/**
 * Walks up from `cwd` looking for `.hookit/hookit.json`, stopping at the
 * enclosing git work tree's root (a policy above the repository is not the
 * project's). Outside any work tree the walk stops at HOME (or the filesystem
 * root when cwd is not under HOME), so a subdirectory finds its project's policy.
 */
export function findProject(cwd: string): { root: string; policy?: string } {
  // With no policy found, the project is the work tree (or cwd itself), never HOME or /.
  return projectPolicies(cwd)[0] ?? { root: workTreeRoot(cwd) };
}

/** The enclosing git work tree (a directory holding `.git`, a folder or a file), else `cwd` itself. */
export function workTreeRoot(cwd: string): string {
  return gitWorkTree(cwd) ?? absolutePath(cwd);
}

/** Every project policy from `cwd` up to the work tree's root, nearest first. */
function projectPolicies(cwd: string, env: Env = process.env): { root: string; policy: string }[] {
  const found: { root: string; policy: string }[] = [];
  for (const dir of searchedDirs(absolutePath(cwd), env)) {
    const candidate = joinPath(dir, PROJECT_POLICY);
    if (existsSync(candidate)) found.push({ root: dir, policy: candidate });
  }
  return found;
}

/** The folders a project policy may sit in for `start` (absolute): from it up to walkStop's, nearest first. */
function searchedDirs(start: string, env: Env): string[] {
  const stop = walkStop(start, env);
  const dirs: string[] = [];
  for (let dir = start; ; dir = parentDir(dir)) {
    dirs.push(dir);
    if (dir === stop || parentDir(dir) === dir) break;
  }
  return dirs;
}

/** The work tree's root; outside one, HOME when `start` is inside it, else the filesystem root. */
function walkStop(start: string, env: Env): string {
  const tree = workTreeRoot(start);
  if (tree !== start || existsSync(joinPath(start, ".git"))) return tree;
  const home = env.HOME ? absolutePath(env.HOME) : undefined;
  if (home && (start === home || start.startsWith(home.endsWith(sep) ? home : home + sep))) return home;
  let dir = start;
  while (parentDir(dir) !== dir) dir = parentDir(dir);
  return dir;
}

/**
 * The layers above the user's own, read first and never overridden by a later
 * file: the managed policy, then each policy source in the order it was added.
 * Every such layer joins here, so the rules that protect them (catalog merge,
 * HOOKIT=0, HOOKIT_CONFIG) hold for all of them. HOOKIT=0 is the user's switch:
 * it drops what the user set up (a source is added with `hookit source add`),
 * never the managed layer.
 */
function organizationLayers(env: Env): { files: StorageFile[]; notices: string[]; problem?: string } {
  const managed = managedLayer(env);
  const files = managed.file ? [managed.file] : [];
  if (env.HOOKIT === "0") return { files, notices: managed.notices };
  const sources = lockedLayers(env);
  files.push(...sources.files);
  return { files, notices: managed.notices, ...(sources.problem !== undefined && { problem: sources.problem }) };
}

export function resolvePolicyFiles(cwd: string, env: Env, trusted: TrustCheck, lastTrusted?: LastTrusted): PolicyFiles {
  const layers = organizationLayers(env);
  const own = userPolicyFiles(cwd, env, trusted, lastTrusted);
  const files = env.HOOKIT === "0" ? layers.files : [...layers.files, ...own.files];
  return {
    ...own,
    files,
    ...(layers.problem !== undefined && { problem: layers.problem }),
    ...(layers.notices.length > 0 && { layerNotices: layers.notices }),
  };
}

/** The user's own policy files: the global one (or HOOKIT_CONFIG's) and the trusted project one. */
function userPolicyFiles(cwd: string, env: Env, trusted: TrustCheck, lastTrusted?: LastTrusted): PolicyFiles {
  const explicit = env.HOOKIT_CONFIG;
  const start = absolutePath(cwd);
  const dirs = searchedDirs(start, env);
  const nearest = dirs.find((dir) => existsSync(joinPath(dir, PROJECT_POLICY)));
  const projectDir = nearest ?? workTreeRoot(start);
  if (explicit) {
    // The user named the file: it is theirs, so it is trusted like the global one.
    const path = resolve(cwd, explicit);
    return { files: [{ storage: "global", path, text: readIfExists(path) }], projectDir };
  }
  const globalPath = globalPolicyPath(env);
  const files: StorageFile[] = [{ storage: "global", path: globalPath, text: readIfExists(globalPath) }];
  const out: PolicyFiles = { files, projectDir };
  // The nearest trusted policy is the project's. An untrusted one nearer to cwd
  // (dropped there by an agent or a vendored package) must not shadow it: that
  // would switch the project's guards off without anyone trusting anything. A
  // trusted policy that was edited or deleted keeps its trusted text running.
  for (const dir of dirs) {
    const candidate = joinPath(dir, PROJECT_POLICY);
    const text = readIfExists(candidate);
    if (text !== undefined && trusted(candidate, text)) {
      files.push({ storage: "project", path: candidate, text });
      out.projectDir = dir;
      break;
    }
    const previous = lastTrusted?.(candidate);
    if (previous !== undefined) {
      files.push({ storage: "project", path: candidate, text: previous });
      out.projectDir = dir;
      out.pending = { path: candidate, deleted: text === undefined };
      break;
    }
    if (text !== undefined) out.untrusted ??= candidate;
  }
  return out;
}
