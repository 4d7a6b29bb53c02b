// Human output of the cold commands: the report on stdout, problems on stderr
// (consola sends warn and error to its stderr stream).
import { createConsola } from "consola";

export const logger = createConsola({ stdout: process.stdout, stderr: process.stderr });

/** Context and progress around a report (what is being tested, replayed…): stderr, so stdout stays the report. */
export const note = createConsola({ stdout: process.stderr, stderr: process.stderr });

/** A command failed in a way the user can fix: say so, no stack trace. */
export function fail(message: string, exitCode = 1): void {
  logger.error(message);
  process.exitCode = exitCode;
}
