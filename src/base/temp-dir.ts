import { os } from "./os.lazy.ts";

/**
 * `os.tmpdir()` without loading node:os where it is this simple (POSIX): the
 * first of TMPDIR, TMP and TEMP, else /tmp, without a trailing slash.
 */
export function systemTempDir(): string {
  if (process.platform === "win32") return os().tmpdir();
  const dir = process.env.TMPDIR || process.env.TMP || process.env.TEMP || "/tmp";
  return dir.length > 1 && dir.endsWith("/") ? dir.slice(0, -1) : dir;
}
