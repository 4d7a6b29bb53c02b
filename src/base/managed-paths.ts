// Where the managed (system) layer lives, and whether a path is out of the
// user's reach. The managed policy is `/etc/hookit/hookit.json`; the copy of
// hookit its hooks run is under `/usr/local/lib/hookit/<version>/`. Both are
// fixed: anything the user's environment could name, an agent running as the
// user could point at a folder it controls. The one override, HOOKIT_SYSTEM_ROOT
// (a folder standing in for `/`, for tests and image builds), is honoured only
// when the folder and every folder above it are root's and writable by no one
// else, which an agent running as the user cannot arrange.
import { lstatSync, realpathSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { joinPath } from "./path-join.ts";
import type { Env } from "./paths.ts";

const SYSTEM_ROOT_VARIABLE = "HOOKIT_SYSTEM_ROOT";

/** The system root in use, and why an override was refused (for a notice). */
export interface SystemRoot {
  root: string;
  refused?: string;
}

export function systemRoot(env: Env = process.env): SystemRoot {
  const asked = env[SYSTEM_ROOT_VARIABLE];
  if (!asked) return { root: "/" };
  const problem = ownershipProblem(resolve(asked), "directory");
  if (problem === undefined) return { root: resolve(asked) };
  return { root: "/", refused: `${SYSTEM_ROOT_VARIABLE}=${asked} was ignored: ${problem}` };
}

/** `<root>/etc/hookit`: the managed policy's folder. */
export function managedDir(root: string): string {
  return joinPath(root, "etc", "hookit");
}

export function managedPolicyPath(root: string): string {
  return joinPath(managedDir(root), "hookit.json");
}

/** `<root>/usr/local/lib/hookit`: one folder per installed hookit version. */
export function systemLibDir(root: string): string {
  return joinPath(root, "usr", "local", "lib", "hookit");
}

/**
 * Why `path` could be changed by someone other than root, or undefined when it
 * cannot: it (after symlinks) and every folder above it must be owned by uid 0
 * and not group/other-writable. A root-owned sticky folder (like /tmp) is
 * accepted above the path, since no one else may rename or delete root's
 * entries in it. `kind` says what `path` itself must be.
 */
export function ownershipProblem(path: string, kind: "file" | "directory"): string | undefined {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    return `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  const self = lstatSync(real);
  if (kind === "file" ? !self.isFile() : !self.isDirectory()) return `${real} is not a ${kind}`;
  for (let current = real, first = true; ; current = dirname(current), first = false) {
    const stat = first ? self : lstatSync(current);
    if (stat.uid !== 0) return `${current} is owned by uid ${stat.uid}, not root`;
    const shared = (stat.mode & 0o022) !== 0;
    const sticky = (stat.mode & 0o1000) !== 0 && stat.isDirectory();
    if (shared && (first || !sticky))
      return `${current} is writable by ${stat.mode & 0o002 ? "everyone" : "its group"} (mode ${(stat.mode & 0o7777).toString(8)})`;
    if (dirname(current) === current) return undefined;
  }
}

/**
 * Why the managed hooks cannot run `node` for every user, or undefined when they can: the
 * binary and every folder above it root's and writable by no one else (a user who could swap it
 * would run the managed guard's node), and the binary runnable, its folders searchable, by all.
 */
export function sharedNodeProblem(node: string): string | undefined {
  const owned = ownershipProblem(node, "file");
  if (owned) return owned;
  for (let current = realpathSync(node), first = true; ; current = dirname(current), first = false) {
    if ((lstatSync(current).mode & 0o001) === 0)
      return first ? `${current} is not executable by other users` : `${current} cannot be entered by other users`;
    if (dirname(current) === current) return undefined;
  }
}

/** Each agent's own managed/system configuration that hookit registers in, relative to the system root. */
export const AGENT_SYSTEM_FILES = {
  // Claude Code's managed settings (Linux); its `allowManagedHooksOnly` lives here too.
  claude: ["etc", "claude-code", "managed-settings.json"].join(sep),
  // Codex treats the system config layer as managed: hooks.json beside /etc/codex/config.toml runs untrusted-review-free.
  codex: ["etc", "codex", "hooks.json"].join(sep),
  // Gemini CLI's system settings, which override user and project settings.
  gemini: ["etc", "gemini-cli", "settings.json"].join(sep),
} as const;

/** What self-protection guards of the managed layer: hookit's own system files and the agents' managed configs. */
export function systemPlaces(root: string): Array<{ path: string; what: string }> {
  return [
    { path: managedDir(root), what: "the managed hookit policy" },
    { path: systemLibDir(root), what: "the system hookit copy the managed hooks run" },
    { path: joinPath(root, AGENT_SYSTEM_FILES.claude), what: "Claude Code's managed settings" },
    { path: joinPath(root, "etc", "claude-code", "managed-settings.d"), what: "Claude Code's managed settings" },
    { path: joinPath(root, AGENT_SYSTEM_FILES.codex), what: "Codex's managed hooks" },
    { path: joinPath(root, "etc", "codex", "requirements.toml"), what: "Codex's managed requirements" },
    { path: joinPath(root, "etc", "codex", "config.toml"), what: "Codex's system config" },
    { path: joinPath(root, AGENT_SYSTEM_FILES.gemini), what: "Gemini CLI's system settings" },
  ];
}
