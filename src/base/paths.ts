// Where hookit keeps its files. Every function takes the environment so tests
// can point HOME / XDG_* at a temporary directory.
import { os } from "./os.lazy.ts";
import { sep } from "node:path";
import { joinPath } from "./path-join.ts";

export type Env = Record<string, string | undefined>;

function home(env: Env): string {
  return env.HOME || os().homedir();
}

/**
 * The variables that move what hookit enforces: XDG_CONFIG_HOME (the global policy) and
 * XDG_STATE_HOME (the trust store: an empty one leaves the project policy untrusted, so not
 * loaded). A process started with another value, such as a second agent whose hooks run hookit,
 * finds other policies or none.
 */
export const POLICY_HOMES = ["XDG_CONFIG_HOME", "XDG_STATE_HOME"] as const;

/** `$XDG_CONFIG_HOME/hookit` (default `~/.config/hookit`). */
export function configDir(env: Env = process.env): string {
  return env.XDG_CONFIG_HOME ? joinPath(env.XDG_CONFIG_HOME, "hookit") : joinPath(home(env), ".config", "hookit");
}

/** The global policy file. */
export function globalPolicyPath(env: Env = process.env): string {
  return joinPath(configDir(env), "hookit.json");
}

/** `$XDG_STATE_HOME/hookit` (default `~/.local/state/hookit`): trust store, sessions, decision log. */
export function stateDir(env: Env = process.env): string {
  return env.XDG_STATE_HOME ? joinPath(env.XDG_STATE_HOME, "hookit") : joinPath(home(env), ".local", "state", "hookit");
}

/** Project policy path relative to a project root. */
export const PROJECT_POLICY = `.hookit${sep}hookit.json`;
