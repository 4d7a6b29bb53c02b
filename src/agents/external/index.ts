// External adapters (docs/adapters.md): the adapter for an agent hookit does
// not ship, found by name at run time. `hookit hook` imports this module only
// for a name that is not built in, so the built-in hot path never pays for it.
import { stateDir as defaultStateDir, type Env } from "../../base/paths.ts";
import { ADAPTERS, AGENT_IDS } from "../registry.ts";
import type { Adapter } from "../../contract/types.ts";
import { ExternalAdapterError, ShapeError } from "./_check.ts";
import { brokenAdapter, errorText } from "./checked.ts";
import { findExternalAdapter } from "./discover.ts";
import { infoCache } from "./info-cache.ts";
import { importModuleAdapter } from "./module.ts";
import { processAdapter, processCaller } from "./process.ts";
import { readInfo } from "./protocol.ts";

export { EXECUTABLE_PREFIX, EXTERNAL_NAME_RE, findExternalAdapter } from "./discover.ts";
export { PROTOCOL_VERSION, type ExternalInfo } from "./protocol.ts";

export type ExternalLoad = { ok: true; adapter: Adapter; form: "module" | "process"; source: string } | { ok: false; reason: string };

export interface ExternalOptions {
  /** Per protocol call; default `CALL_TIMEOUT_MS`. */
  timeoutMs?: number;
}

/** Finds and loads the adapter for `name`. Never throws: a problem is `{ok: false, reason}`, a ready-made message. */
export async function loadExternalAdapter(name: string, env: Env, options: ExternalOptions = {}): Promise<ExternalLoad> {
  const hookAgents = Object.keys(ADAPTERS);
  const found = findExternalAdapter(
    name,
    env,
    hookAgents,
    AGENT_IDS.filter((id) => !hookAgents.includes(id)),
  );
  if (!found.ok) return found;
  const broken = brokenAdapter(name, found.source);
  try {
    if (found.form === "module") {
      return { ok: true, adapter: await importModuleAdapter(found.path, name, broken), form: found.form, source: found.source };
    }
    // Loaded here, not at the top: the hook runner only spawns processes when a shell hook runs.
    const { spawnSync } = await import("node:child_process");
    const call = processCaller(found.path, broken, { spawnSync, env, ...options });
    const cache = infoCache(defaultStateDir(env), name, found.path);
    let info = cache.read();
    if (info === undefined) {
      const answer = call("info");
      try {
        info = readInfo(answer, name);
      } catch (error) {
        if (error instanceof ShapeError) throw broken(`its info answer is invalid: ${error.message}`);
        throw error;
      }
      cache.write(info);
    }
    return { ok: true, adapter: processAdapter(info, call, broken), form: found.form, source: found.source };
  } catch (error) {
    if (error instanceof ExternalAdapterError) return { ok: false, reason: error.message };
    return { ok: false, reason: broken(errorText(error)).message };
  }
}
