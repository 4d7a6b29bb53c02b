// Secret redaction for what hookit writes down (the decision log, decision export). The
// secrets are the built-in list (src/base/secrets.ts) that the starter policy's `redact-secrets`
// hook withholds from the model through the `hookit.secrets` fact, so what hookit hides from
// the model it also never keeps on disk.
import type { Env } from "../base/paths.ts";
import { redactDeep } from "../base/secrets.ts";

export const REDACTED = "[REDACTED]";

const mark = () => REDACTED;

/** Every string inside `value` with its secrets replaced (`value` itself when none could be); `found` says whether anything was. */
export function redactSecrets<T>(value: T): { value: T; found: boolean } {
  const redacted = redactDeep(value, mark);
  return { value: redacted.value, found: redacted.kinds.length > 0 };
}

/** `HOOKIT_LOG_INPUT=0` keeps tool input out of the decision log altogether. */
export function inputLoggingOff(env: Env): boolean {
  return env.HOOKIT_LOG_INPUT === "0";
}
