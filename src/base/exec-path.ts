// Whether a path is a file the current user may execute (agent detection, external adapters).
import { accessSync, constants, statSync } from "node:fs";

export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
