// hookit as droid's plugin (`droid plugin marketplace add <package folder>`, then `droid plugin
// install hookit@<folder name>`), as droid records it, for `hookit doctor`. Observed on 0.225.2
// (test/e2e/factory-plugin.e2e.test.ts): `~/.factory/settings.json` gets `"enabledPlugins":
// {"hookit@<market>": true}`; the plugin folder is copied to
// `~/.factory/plugins/cache/<market>-<hash>/hookit-<hash>/<install time>/`, the path recorded as
// `installPath` in `~/.factory/plugins/installed_plugins/<…>.json` (with `pluginId`). `false` there,
// or in the project's `.factory/settings.json` or `settings.local.json` (whatever the user's says),
// and droid runs none of the plugin's hooks (observed). droid 0.225.2 has no `plugin enable`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddOnState, FileAddOn } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";
import type { Env } from "../../base/paths.ts";
import { factoryDir } from "./home.ts";
import { readJsonObject } from "../shared/install-read-json.ts";

const PLUGIN_ID = /^hookit@.+$/;

const enabledPlugins = (file: string) => {
  const settings = readJsonObject(file);
  return isRecord(settings.enabledPlugins) ? settings.enabledPlugins : {};
};

/** The folder droid copied `id` to, from its install records. */
function installPath(env: Env, id: string): string | undefined {
  const records = join(factoryDir(env), "plugins", "installed_plugins");
  for (const name of existsSync(records) ? readdirSync(records) : []) {
    const record = readJsonObject(join(records, name));
    const entry = isRecord(record.entry) ? record.entry : {};
    if (record.pluginId === id && typeof entry.installPath === "string") return entry.installPath;
  }
  return undefined;
}

/** Why the copy does not run hookit's droid hooks, if it does not. */
function copyProblem(copy: string): string | undefined {
  let hooks = "";
  try {
    hooks = readFileSync(join(copy, "hooks", "hooks.json"), "utf8");
  } catch {
    return `was copied to ${copy}, which holds no hooks/hooks.json`;
  }
  // The package root added before it listed droid's own folder: Claude Code's plugin, copied whole.
  if (!hooks.includes("--agent factory"))
    return `was copied to ${copy}, whose hooks/hooks.json does not run hookit hook --agent factory (a copy of the package root runs Claude Code's, --agent claude)`;
  if (!existsSync(join(copy, "dist", "bin.cjs"))) return `was copied to ${copy}, which holds no copy of the hookit its hooks run`;
  return undefined;
}

function readStates({ projectDir, env }: { projectDir: string; env: Env }): AddOnState[] {
  const file = join(factoryDir(env), "settings.json");
  const project = ["settings.json", "settings.local.json"].map((name) => join(projectDir, ".factory", name));
  const states: AddOnState[] = [];
  for (const [id, enabled] of Object.entries(enabledPlugins(file))) {
    if (!PLUGIN_ID.test(id)) continue;
    const switchedOff = [file, ...project].find((layer) => enabledPlugins(layer)[id] === false);
    const copy = installPath(env, id);
    const problem = copy === undefined ? undefined : copyProblem(copy);
    if (switchedOff)
      states.push({
        id,
        loaded: false,
        why: `is switched off in ${switchedOff} ("enabledPlugins": {"${id}": false})`,
        fix: `set "enabledPlugins": {"${id}": true} in ${switchedOff}`,
      });
    else if (enabled !== true)
      states.push({ id, loaded: false, why: `is not enabled in ${file}`, fix: `set "enabledPlugins": {"${id}": true} in ${file}` });
    else if (copy === undefined)
      states.push({
        id,
        loaded: false,
        why: `has no install record under ${join(factoryDir(env), "plugins", "installed_plugins")}`,
        fix: `droid plugin install ${id}`,
      });
    else if (problem)
      states.push({
        id,
        loaded: false,
        why: problem,
        fix: `droid plugin uninstall ${id}, then add the hookit-cli package folder again (droid plugin marketplace add <folder>) and droid plugin install ${id}`,
      });
    else states.push({ id, loaded: true, from: `${copy}; enabled in ${file}` });
  }
  return states;
}

export const factoryPlugin: FileAddOn = { kind: "plugin", read: readStates };
