// Finding the policy files for a working directory (design: "Policy files").
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { StorageFile } from "../engine/catalog.ts";
import { globalPolicyPath, PROJECT_POLICY, type Env } from "../paths.ts";

export interface PolicyFiles {
  files: StorageFile[];
  /** The project root (where `.hookit/` is, else the git work tree, else cwd): shells run here. */
  projectDir: string;
  /** A project policy that exists but was not loaded because it is not trusted. */
  untrusted?: string;
}

/** Decides whether a project policy file (absolute path, exact bytes) may run. */
export type TrustCheck = (path: string, text: string) => boolean;

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return undefined;
    throw error;
  }
}

/**
 * Walks up from `cwd` looking for `.hookit/hookit.json`, stopping at the
 * enclosing git work tree's root (a policy above the repository is not the
 * project's). Outside any work tree only `cwd` itself is checked.
 */
export function findProject(cwd: string): { root: string; policy?: string } {
  const { stop, found } = projectPolicies(cwd);
  return found[0] ?? { root: stop };
}

/** The enclosing git work tree (a directory holding `.git`, a folder or a file), else `cwd` itself. */
export function workTreeRoot(cwd: string): string {
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/** Every project policy from `cwd` up to the work tree's root, nearest first. */
function projectPolicies(cwd: string): { stop: string; found: { root: string; policy: string }[] } {
  const start = resolve(cwd);
  const stop = workTreeRoot(start);
  const found: { root: string; policy: string }[] = [];
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, PROJECT_POLICY);
    if (existsSync(candidate)) found.push({ root: dir, policy: candidate });
    if (dir === stop || dirname(dir) === dir) break;
  }
  return { stop, found };
}

export function resolvePolicyFiles(cwd: string, env: Env, trusted: TrustCheck): PolicyFiles {
  const explicit = env.HOOKIT_CONFIG;
  const project = projectPolicies(cwd);
  const projectDir = project.found[0]?.root ?? project.stop;
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
  // would switch the project's guards off without anyone trusting anything.
  for (const candidate of project.found) {
    const text = readIfExists(candidate.policy);
    if (text === undefined) continue;
    if (trusted(candidate.policy, text)) {
      files.push({ storage: "project", path: candidate.policy, text });
      out.projectDir = candidate.root;
      break;
    }
    out.untrusted ??= candidate.policy;
  }
  return out;
}
