// The environment of every `when` / `shell` run (hookit-semantics §5.3).
import type { SessionMetadata } from "./types.ts";

/**
 * Keys hookit owns. They are stripped from the inherited environment before
 * the event's values are laid over it, so a stale or spoofed parent value can
 * never reach a hook. `PI_HOOK_RUN_ID` is a legacy name: only ever stripped.
 */
export const MANAGED_KEYS: readonly string[] = [
  "PI_SESSION_ID",
  "PI_SESSION_FILE",
  "PI_SESSION_NAME",
  "PI_SESSION_LEAF_ID",
  "PI_PROVIDER",
  "PI_MODEL",
  "PI_REASONING_LEVEL",
  "PI_MODE",
  "PI_PROJECT_TRUSTED",
  "PI_CONTEXT_TOKENS",
  "PI_CONTEXT_WINDOW",
  "PI_CONTEXT_PERCENT",
  "PI_HOOK_REF",
  "PI_HOOK_EVENT",
  "PI_HOOK_INVOCATION_ID",
  "PI_HOOK_RUN_ID",
  "PI_EVENT",
  "PI_EVENT_PAYLOAD",
  "PI_TOOL_NAME",
  "PI_TOOL_CALL_ID",
  "PI_TOOL_INPUT",
  "PI_TOOL_RESULT",
  "PI_TOOL_IS_ERROR",
  "PI_CWD",
  "HOOKIT_AGENT",
  "HOOKIT_NATIVE_EVENT",
  "HOOKIT_NATIVE_TOOL_NAME",
  "HOOKIT_NATIVE_TOOL_INPUT",
  "HOOKIT_COMMANDS",
  "HOOKIT_PATHS",
  "HOOKIT_UNRESOLVED",
  "HOOKIT_DISCARDS",
  "HOOKIT_PACKS",
];
const MANAGED = new Set(MANAGED_KEYS);

type Env = Record<string, string>;

function put(env: Env, key: string, value: unknown): void {
  if (typeof value === "string" && value !== "") env[key] = value;
  else if (typeof value === "number" && Number.isFinite(value)) env[key] = String(value);
  else if (typeof value === "boolean") env[key] = value ? "true" : "false";
}

/** Session metadata as `PI_*` variables; unavailable keys are absent, never placeholders. */
export function metadataEnv(metadata: SessionMetadata | undefined): Env {
  const env: Env = {};
  if (!metadata) return env;
  put(env, "PI_SESSION_ID", metadata.sessionId);
  put(env, "PI_SESSION_FILE", metadata.sessionFile);
  put(env, "PI_SESSION_NAME", metadata.sessionName);
  put(env, "PI_SESSION_LEAF_ID", metadata.sessionLeafId);
  put(env, "PI_PROVIDER", metadata.provider);
  put(env, "PI_MODEL", metadata.model);
  put(env, "PI_REASONING_LEVEL", metadata.reasoningLevel);
  put(env, "PI_MODE", metadata.mode);
  put(env, "PI_PROJECT_TRUSTED", metadata.projectTrusted);
  put(env, "PI_CONTEXT_TOKENS", metadata.contextTokens);
  put(env, "PI_CONTEXT_WINDOW", metadata.contextWindow);
  put(env, "PI_CONTEXT_PERCENT", metadata.contextPercent);
  return env;
}

/** Inherited env minus managed keys, then the event's keys, then identity, then PWD. */
export function composeEnv(inherited: Record<string, string | undefined>, eventEnv: Env, identity: Env, cwd: string): Env {
  const env: Env = {};
  for (const key of Object.keys(inherited)) {
    const value = inherited[key];
    if (value !== undefined && !MANAGED.has(key)) env[key] = value;
  }
  Object.assign(env, eventEnv, identity);
  env.PWD = cwd;
  return env;
}

export { put as putEnv };
