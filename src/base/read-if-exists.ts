// Reading a file that is usually absent (trust store, managed policy, source
// registry, project policies): a stat answers "missing" first, because a thrown
// ENOENT costs a hook call far more than the stat does.
import { readFileSync, statSync } from "node:fs";

/** The file's text, or undefined when it (or a folder above it) is not there; any other error is thrown. */
export function readIfExists(path: string): string | undefined {
  try {
    if (!statSync(path, { throwIfNoEntry: false })) return undefined;
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
}
