// hookit as Codex CLI's plugin (`codex plugin marketplace add <package folder>`, then `codex plugin
// add hookit@hookit`), as Codex records it, for `hookit doctor`. Observed on 0.171.0
// (test/e2e/codex-plugin.e2e.test.ts): `$CODEX_HOME/config.toml` gets `[plugins."hookit@<market>"]
// enabled = true`, the plugin is copied to `$CODEX_HOME/plugins/cache/<market>/hookit/<version>/`, and
// plugins load only while `[features] plugins` is not false.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import type { AddOnState, FileAddOn } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";
import type { Env } from "../../base/paths.ts";
import { codexHome } from "./home.ts";

const PLUGIN_ID = /^hookit@(.+)$/;

function readConfig(file: string): Record<string, unknown> {
  try {
    const config = parseToml(readFileSync(file, "utf8"));
    return isRecord(config) ? config : {};
  } catch {
    return {};
  }
}

/** Whether a cached version of the plugin holds its hooks and the hookit they run. */
function cachedCopy(env: Env, market: string): string | undefined {
  const dir = join(codexHome(env), "plugins", "cache", market, "hookit");
  const versions = existsSync(dir) ? readdirSync(dir) : [];
  return versions
    .map((version) => join(dir, version))
    .find((copy) => existsSync(join(copy, ".codex-plugin", "hooks.json")) && existsSync(join(copy, "dist", "bin.cjs")));
}

function readStates({ env }: { projectDir: string; env: Env }): AddOnState[] {
  const file = join(codexHome(env), "config.toml");
  const config = readConfig(file);
  const plugins = isRecord(config.plugins) ? config.plugins : {};
  const features = isRecord(config.features) ? config.features : {};
  const states: AddOnState[] = [];
  for (const [id, entry] of Object.entries(plugins)) {
    const market = PLUGIN_ID.exec(id)?.[1];
    if (!market || !isRecord(entry)) continue;
    const copy = cachedCopy(env, market);
    if (entry.enabled !== true)
      states.push({
        id,
        loaded: false,
        why: `is switched off in ${file} (enabled = ${String(entry.enabled)})`,
        fix: `set enabled = true under [plugins."${id}"] in ${file}`,
      });
    else if (features.plugins === false)
      states.push({
        id,
        loaded: false,
        why: `is enabled, but ${file} switches plugins off ([features] plugins = false)`,
        fix: `remove plugins = false under [features] in ${file}`,
      });
    else if (!copy)
      states.push({
        id,
        loaded: false,
        why: `has no installed copy holding its hooks and hookit under ${join(codexHome(env), "plugins", "cache", market)}`,
        fix: `codex plugin remove ${id}, then codex plugin add ${id}`,
      });
    else states.push({ id, loaded: true, from: `${copy}; enabled in ${file}` });
  }
  return states;
}

export const codexPlugin: FileAddOn = { kind: "plugin", read: readStates };
