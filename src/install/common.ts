// Facts shared by several targets.
import type { HookRegistration } from "../contract/types.ts";

/** hookit's own budget per hook run; every harness's default is at least this long. */
export const HOOK_TIMEOUT_SECONDS = 30;

// All six agents but Cursor read their hook configuration only at start-up.
export const RESTART_STEP = "Restart any session that is already open: it still runs without hookit.";

/** Puts `matcher` first when the registration has one (lifecycle events take none). */
export function withMatcher(registration: HookRegistration, rest: Record<string, unknown>): Record<string, unknown> {
  return registration.matcher === undefined ? rest : { matcher: registration.matcher, ...rest };
}
