// hookit's one error base class. Each bundle (the hot path, the CLI, the Pi
// extension, the OpenCode plugin) carries its own copy of every class, so an
// error thrown in one bundle fails `instanceof` in another: errors are
// recognised by a registered symbol (the same in every bundle and realm) and a
// code, never by their `name` string.
const MARK = Symbol.for("hookit.error");

export type ErrorCode =
  | "E_PAYLOAD" // an agent's payload hookit cannot read
  | "E_PATCH_SYNTAX" // an apply_patch text hookit cannot read
  | "E_EXTERNAL_ADAPTER" // an external adapter that cannot be used
  | "E_SHAPE" // an external adapter's answer outside the protocol
  | "E_MALFORMED" // an install target that is not JSON(C) hookit can edit
  | "E_UNSAFE_TARGET" // symlink, hard link, not a regular file, outside the project
  | "E_USAGE" // bad flags or agent names
  | "E_NOT_BUILT" // hookit's own dist files are missing
  | "E_UNSUPPORTED" // the command cannot be written safely for this harness
  | "E_NOT_ROOT" // `--system` run by another user
  | "E_GIT" // a git command for a policy source failed
  | "E_SOURCE" // an organization policy source that cannot be used
  | "E_STATE"; // a file of hookit's own state that cannot be read

export class HookitError extends Error {
  readonly code: ErrorCode;
  readonly [MARK] = true;

  /** `options.cause`: the error this one explains (a JSON parse, a failed read), kept for the log and the debugger. */
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Whether `error` is a hookit error (from any bundle), optionally of one of `codes`. */
export function isHookitError(error: unknown, ...codes: ErrorCode[]): error is HookitError {
  if (typeof error !== "object" || error === null || (error as Record<symbol, unknown>)[MARK] !== true) return false;
  return codes.length === 0 || codes.includes((error as HookitError).code);
}
