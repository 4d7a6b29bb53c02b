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
  const start = resolve(cwd);
  let gitRoot: string | undefined;
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) {
      gitRoot = dir;
      break;
    }
    if (dirname(dir) === dir) break;
  }
  const stop = gitRoot ?? start;
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, PROJECT_POLICY);
    if (existsSync(candidate)) return { root: dir, policy: candidate };
    if (dir === stop || dirname(dir) === dir) break;
  }
  return { root: stop };
}

export function resolvePolicyFiles(cwd: string, env: Env, trusted: TrustCheck): PolicyFiles {
  const explicit = env.HOOKIT_CONFIG;
  const project = findProject(cwd);
  if (explicit) {
    // The user named the file: it is theirs, so it is trusted like the global one.
    const path = resolve(cwd, explicit);
    return { files: [{ storage: "global", path, text: readIfExists(path) }], projectDir: project.root };
  }
  const globalPath = globalPolicyPath(env);
  const files: StorageFile[] = [{ storage: "global", path: globalPath, text: readIfExists(globalPath) }];
  const out: PolicyFiles = { files, projectDir: project.root };
  if (project.policy) {
    const text = readIfExists(project.policy);
    if (text !== undefined) {
      if (trusted(project.policy, text)) files.push({ storage: "project", path: project.policy, text });
      else out.untrusted = project.policy;
    }
  }
  return out;
}
