// Where the adapter for an agent name that is not built in comes from, in order:
// 1. `<config dir>/settings.json` {"adapters": {"<name>": "/abs/module.mjs"}}: in-process;
// 2. an executable `hookit-agent-<name>` on PATH;
// 3. the same executable in `<config dir>/agents/`.
// The settings live beside hookit.json, not in it, so the policy file stays pure HooKit format.
import { readFileSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { configDir, type Env } from "../../base/paths.ts";
import { isRecord } from "./_check.ts";
import { isExecutableFile } from "../../base/exec-path.ts";
import { nearest } from "../../base/nearest.ts";

/** Lowercase names only: the name becomes part of a file name and of the state keys. */
export const EXTERNAL_NAME_RE = /^[a-z0-9][a-z0-9-]*$/;
export const EXECUTABLE_PREFIX = "hookit-agent-";

export type Found =
  | { ok: true; form: "module"; path: string; source: string }
  | { ok: true; form: "process"; path: string; source: string }
  | { ok: false; reason: string };

/** `builtIn` names the command-hook agents; `inProcess` the built-in agents that never call `hookit hook` (Pi). */
export function findExternalAdapter(name: string, env: Env, builtIn: readonly string[], inProcess: readonly string[]): Found {
  if (inProcess.includes(name)) {
    return {
      ok: false,
      reason: `hookit: unknown agent "${name}" for \`hookit hook\`: ${name} runs hookit in-process (see hookit install --agent ${name}).`,
    };
  }
  if (!EXTERNAL_NAME_RE.test(name)) {
    return {
      ok: false,
      reason: `hookit: unknown agent "${name}";${nearMiss(name, builtIn)} expected a built-in agent (${builtIn.join(", ")}) or an external adapter name (lowercase letters, digits and dashes).`,
    };
  }
  const settingsFile = join(configDir(env), "settings.json");
  const settings = readAdapterSettings(settingsFile);
  if (typeof settings === "string") return { ok: false, reason: `hookit: cannot use ${settingsFile}: ${settings}.` };
  const modulePath = Object.hasOwn(settings, name) ? settings[name] : undefined;
  if (modulePath !== undefined) {
    if (!isAbsolute(modulePath)) {
      return {
        ok: false,
        reason: `hookit: ${settingsFile}: adapters.${name} must be an absolute path to an ES module, got ${JSON.stringify(modulePath)}.`,
      };
    }
    return { ok: true, form: "module", path: modulePath, source: modulePath };
  }
  const file = `${EXECUTABLE_PREFIX}${name}`;
  const agentsDir = join(configDir(env), "agents");
  for (const dir of [...searchPath(env), agentsDir]) {
    const path = join(dir, file);
    if (isExecutableFile(path)) return { ok: true, form: "process", path, source: path };
  }
  return {
    ok: false,
    reason:
      `hookit: unknown agent "${name}": it is not built in (${builtIn.join(", ")}); no executable ${file} was found on PATH or in ${agentsDir}, ` +
      `and ${settingsFile} names no adapter module for it.${nearMiss(name, builtIn)} See hookit's docs/adapters.md.`,
  };
}

// --- internal ---

/** ` Did you mean "claude" (fix the hook command's --agent)?` when a built-in name is one typo away. */
function nearMiss(name: string, builtIn: readonly string[]): string {
  const near = nearest(name, builtIn);
  return near ? ` Did you mean "${near}" (fix --agent in the hook command, or run hookit install --agent ${near})?` : "";
}

/** The `adapters` map, or a problem with the file. A missing file is an empty map. */
function readAdapterSettings(file: string): Record<string, string> | string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? {} : `it cannot be read (${(error as Error).message})`;
  }
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch (error) {
    return `it is not valid JSON (${(error as Error).message})`;
  }
  if (!isRecord(settings)) return "it must hold a JSON object";
  const adapters = settings.adapters;
  if (adapters === undefined) return {};
  if (!isRecord(adapters) || !Object.values(adapters).every((path) => typeof path === "string")) {
    return `"adapters" must map agent names to module paths, e.g. {"adapters": {"my-agent": "/path/to/adapter.mjs"}}`;
  }
  return adapters as Record<string, string>;
}

/** PATH's absolute entries only: an empty or relative entry would run a file from the project being worked on. */
function searchPath(env: Env): string[] {
  return (env.PATH ?? "").split(delimiter).filter((dir) => dir !== "" && isAbsolute(dir));
}
