// Human output of the cold commands goes to stderr (stdout stays for data:
// JSON, diffs, schemas), through consola.
import { createConsola } from "consola";

export const logger = createConsola({ stdout: process.stderr, stderr: process.stderr });

/** A command failed in a way the user can fix: say so, no stack trace. */
export function fail(message: string, exitCode = 1): void {
  logger.error(message);
  process.exitCode = exitCode;
}
