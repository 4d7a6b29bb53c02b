// The managed layer as policy files: `/etc/hookit/hookit.json` (or the root-owned
// stand-in HOOKIT_SYSTEM_ROOT names), read before the user's own files. Its
// hooks run first and no later layer can replace, disable or drop them
// (docs/configuration.md, "The managed layer").
import type { StorageFile } from "../engine/catalog.ts";
import type { Env } from "../base/paths.ts";
import { managedPolicyPath, systemRoot } from "../base/managed-paths.ts";
import { readIfExists } from "../base/read-if-exists.ts";

export interface ManagedLayer {
  /** The managed policy file, when one is installed. */
  file?: StorageFile;
  /** For the user: a refused HOOKIT_SYSTEM_ROOT. */
  notices: string[];
}

export function managedLayer(env: Env): ManagedLayer {
  const { root, refused } = systemRoot(env);
  const notices = refused ? [`hookit: ${refused}; the managed policy is read from ${managedPolicyPath("/")}.`] : [];
  const path = managedPolicyPath(root);
  const text = readIfExists(path); // unreadable throws: a broken policy (fail closed), never "no managed layer"
  if (text === undefined) return { notices };
  return { file: { storage: "managed", path, text, locked: true }, notices };
}

/** Whether a managed policy is installed (HOOKIT=0 then turns off only the user's own layers). */
export function hasManagedLayer(env: Env): boolean {
  try {
    return managedLayer(env).file !== undefined;
  } catch {
    return true; // there, but unreadable: still not the user's to switch off
  }
}
