// Secret redaction for what hookit writes down (the decision log). The
// patterns are the starter policy's `redact-secrets` hook's, so what hookit
// hides from the model it also never keeps on disk
// (test/cli/log-input.test.ts keeps the two in step).
import type { Env } from "../paths.ts";

/** AWS access key, PEM private key header, GitHub token, OpenAI-style key (POSIX ERE and JS alike). */
export const SECRET_PATTERN_SOURCES = [
  "AKIA[0-9A-Z]{16}",
  "-----BEGIN [A-Z ]*PRIVATE KEY-----",
  "gh[pousr]_[A-Za-z0-9]{36}",
  "sk-[A-Za-z0-9_-]{20,}",
] as const;

/** The patterns as one alternation, the form the starter policy's grep -E uses. */
export const SECRET_PATTERN = SECRET_PATTERN_SOURCES.join("|");

export const REDACTED = "[REDACTED]";

// A PEM key is hidden from its header to its footer (or the end of the text), not just the header.
const PEM = "-----BEGIN [A-Z ]*PRIVATE KEY-----(?:[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----|[\\s\\S]*$)";
const SECRETS = new RegExp(SECRET_PATTERN_SOURCES.map((s) => (s.startsWith("-----BEGIN") ? PEM : s)).join("|"), "g");

/**
 * Whether a string could hold one of the secrets: the fixed part of each pattern.
 * Most strings hold none, and a plain search is much cheaper than the first run
 * of the big expression on every hook call (V8 compiles a RegExp on first use).
 */
const mayHoldSecret = (text: string) =>
  text.includes("AKIA") || text.includes("PRIVATE KEY") || text.includes("sk-") || (text.includes("gh") && /gh[pousr]_/.test(text));

/** Whether some string inside `value` could hold a secret (on most calls none does); a deep value is walked in full. */
function mayHoldAnySecret(value: unknown, depth: number): boolean {
  if (typeof value === "string") return mayHoldSecret(value);
  if (value === null || typeof value !== "object") return false;
  if (depth > 64) return true;
  const inner: unknown[] = Array.isArray(value) ? value : Object.values(value);
  for (let i = 0; i < inner.length; i++) if (mayHoldAnySecret(inner[i], depth + 1)) return true;
  return false;
}

/** Every string inside `value` with its secrets replaced (`value` itself when none could be); `found` says whether anything was. */
export function redactSecrets<T>(value: T): { value: T; found: boolean } {
  if (!mayHoldAnySecret(value, 0)) return { value, found: false }; // nothing to copy
  let found = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      if (!mayHoldSecret(v)) return v;
      SECRETS.lastIndex = 0;
      if (!SECRETS.test(v)) return v;
      found = true;
      return v.replace(SECRETS, REDACTED);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(v)) out[key] = walk(inner);
      return out;
    }
    return v;
  };
  return { value: walk(value) as T, found };
}

/** `HOOKIT_LOG_INPUT=0` keeps tool input out of the decision log altogether. */
export function inputLoggingOff(env: Env): boolean {
  return env.HOOKIT_LOG_INPUT === "0";
}
