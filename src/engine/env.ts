// The environment of every `when` / `shell` run (hookit-semantics §5.3).
import type { SessionMetadata } from "./types.ts";

/** The variable each session metadata field reaches the hooks as (absent when the agent does not say). */
const METADATA_VARIABLES: Readonly<Record<string, keyof SessionMetadata>> = {
  PI_SESSION_ID: "sessionId",
  PI_SESSION_FILE: "sessionFile",
  PI_SESSION_NAME: "sessionName",
  PI_SESSION_LEAF_ID: "sessionLeafId",
  PI_PROVIDER: "provider",
  PI_MODEL: "model",
  PI_REASONING_LEVEL: "reasoningLevel",
  PI_MODE: "mode",
  PI_PROJECT_TRUSTED: "projectTrusted",
  PI_CONTEXT_TOKENS: "contextTokens",
  PI_CONTEXT_WINDOW: "contextWindow",
  PI_CONTEXT_PERCENT: "contextPercent",
};

/**
 * Keys hookit owns. They are stripped from the inherited environment before
 * the event's values are laid over it, so a stale or spoofed parent value can
 * never reach a hook. `PI_HOOK_RUN_ID` is a legacy name: only ever stripped.
 */
export const MANAGED_KEYS: readonly string[] = [
  ...Object.keys(METADATA_VARIABLES),
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
  for (const [key, field] of Object.entries(METADATA_VARIABLES)) put(env, key, metadata[field]);
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
