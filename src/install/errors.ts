// The one error the installer throws on purpose. The CLI prints its message
// (never a stack) and exits 1; anything else is a bug and is reported as such.
import { HookitError } from "../base/errors.ts";

export type InstallErrorCode =
  | "E_MALFORMED" // the target file is not JSON(C) hookit can edit
  | "E_UNSAFE_TARGET" // symlink, hard link, not a regular file, outside the project
  | "E_USAGE" // bad flags or agent names
  | "E_NOT_BUILT" // hookit's own dist files are missing
  | "E_UNSUPPORTED" // the command cannot be written safely for this harness
  | "E_NOT_ROOT"; // `--system` run by another user

export class InstallError extends HookitError {
  override name = "InstallError";
  declare readonly code: InstallErrorCode;

  constructor(code: InstallErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
