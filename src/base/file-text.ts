// The text of a file a command names for its program to read (a patch, an SQL script), read
// while judging the line: only a regular file, only up to `max` bytes.
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";

/** `file`'s text from `cwd` (an unknown `cwd` knows only absolute paths); undefined when it is not a readable regular file of at most `max` bytes. */
export function boundedFileText(file: string, cwd: string | null, max: number): string | undefined {
  if (cwd === null && !isAbsolute(file)) return undefined;
  const path = isAbsolute(file) ? file : join(cwd as string, file);
  try {
    const stat = statSync(path);
    return stat.isFile() && stat.size <= max ? readFileSync(path, "utf8") : undefined;
  } catch {
    return undefined;
  }
}
