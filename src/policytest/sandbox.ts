// The throwaway place `hookit test` and `hookit replay` run hook shells in: a
// temporary HOME with its own XDG folders and TMPDIR, and a copy of the
// project's working tree, so a hook that writes an audit log, a state file or
// a project file touches the copy, never the real project or the user's home.
// (A convenience boundary, not a security one: the shells still run as the user.)
import { spawnSync } from "node:child_process";
import {
  constants,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Env } from "../base/paths.ts";

export interface Sandbox {
  root: string;
  /** The working-tree copy: shells run here and `PI_CWD` points here. */
  project: string;
  /** The environment for shells: the caller's, with HOME, XDG_* and TMPDIR inside the sandbox. */
  env: Env;
  dispose(): void;
}

/** Folders never copied when the project is not a git work tree (or git is missing). */
const SKIPPED = new Set([".git", "node_modules"]);

export function createSandbox(projectDir: string, baseEnv: Env): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "hookit-sandbox-"));
  const home = join(root, "home");
  const project = join(root, "project");
  const dirs = { XDG_CONFIG_HOME: ".config", XDG_STATE_HOME: ".local/state", XDG_CACHE_HOME: ".cache", XDG_DATA_HOME: ".local/share" };
  const env: Env = { ...baseEnv, HOME: home, TMPDIR: join(root, "tmp"), PWD: project };
  for (const [key, rel] of Object.entries(dirs)) env[key] = join(home, rel);
  for (const dir of [home, project, env.TMPDIR as string, ...Object.keys(dirs).map((k) => env[k] as string)])
    mkdirSync(dir, { recursive: true });
  // Variables that point an agent's hooks at the real project are dropped.
  delete env.CLAUDE_PROJECT_DIR;
  delete env.GEMINI_PROJECT_DIR;
  delete env.HOOKIT_CONFIG;
  copyWorkingTree(projectDir, project);
  return { root, project, env, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Runs `work` in a new sandbox of `projectDir` and removes the sandbox afterwards, whether `work`
 * returned or threw: what `hookit test`, `replay` and `explain` each wrapped in try/finally.
 */
export async function inSandbox<T>(projectDir: string, baseEnv: Env, work: (sandbox: Sandbox) => Promise<T>): Promise<T> {
  const sandbox = createSandbox(projectDir, baseEnv);
  try {
    return await work(sandbox);
  } finally {
    sandbox.dispose();
  }
}

/**
 * Tracked and untracked-but-not-ignored files in a git work tree; outside one,
 * a project folder (one with `.hookit/`) minus SKIPPED. Any other folder (a
 * home directory, with only a global policy) is not copied at all.
 */
function copyWorkingTree(from: string, to: string): void {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: from,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status === 0) {
    const made = new Set<string>();
    for (const rel of listed.stdout.split("\0")) {
      if (!rel) continue;
      const source = join(from, rel);
      const target = join(to, rel);
      let stat;
      try {
        stat = lstatSync(source);
      } catch {
        continue; // deleted in the working tree
      }
      if (!stat.isFile() && !stat.isSymbolicLink()) continue; // a submodule
      const parent = dirname(target);
      if (!made.has(parent)) mkdirSync(parent, { recursive: true });
      made.add(parent);
      // copyFileSync (a clone where the file system can) is several times faster than cpSync per file.
      if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
      else copyFileSync(source, target, constants.COPYFILE_FICLONE);
    }
    return;
  }
  if (!existsSync(join(from, ".hookit"))) return;
  for (const entry of readdirSync(from)) {
    if (SKIPPED.has(entry)) continue;
    cpSync(join(from, entry), join(to, entry), { recursive: true, verbatimSymlinks: true });
  }
}
