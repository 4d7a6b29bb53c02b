// hookit as Copilot CLI's plugin (`copilot plugin marketplace add <package folder>`, then `copilot
// plugin install hookit@hookit`), as Copilot records it, for `hookit doctor`. Observed on 1.0.102
// (test/e2e/copilot-plugin.e2e.test.ts): `<COPILOT_HOME>/settings.json` gets
// `"enabledPlugins": {"hookit@<market>": true}` (`copilot plugin disable` writes false) and
// `"extraKnownMarketplaces": {"<market>": {"source": {"source": "directory", "path": <folder>}}}`.
// The repository's `.github/copilot/settings.json` (and the local one beside it) switch the plugin
// off with `"enabledPlugins": {"hookit@hookit": false}`, whatever the user's file says (observed).
// A plugin from a local marketplace is loaded live from that folder, nothing copied, so the folder
// must still hold the manifest that names Copilot's hooks: without it Copilot runs the folder's
// hooks/hooks.json, Claude Code's (scripts/plugins/copilot.mjs). A plugin installed from a git URL
// (`copilot plugin install <url>`, observed from a local git server) is copied instead, to
// `<COPILOT_HOME>/installed-plugins/_direct/<slug>/`, and recorded in `<COPILOT_HOME>/config.json`
// (JSONC) as `"installedPlugins": [{"name", "marketplace": "", "cache_path", "enabled", …}]`;
// `copilot plugin disable hookit` sets its `enabled` to false. A copy of the git repository holds no
// dist/ (it is built, not committed), so its hooks fail closed on every tool call.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddOnState, FileAddOn } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";
import { homeDir } from "../../install/locate.ts";
import type { Env } from "../../base/paths.ts";
import { readJsonObject } from "../shared/install-read-json.ts";

const PLUGIN_ID = /^hookit@(.+)$/;
/** The hooks file the package's root plugin.json names, as it spells it (scripts/plugins/copilot.mjs). */
const HOOKS = "dist/copilot-plugin/hooks.json";

/** `$COPILOT_HOME` replaces `~/.copilot` (1.0.102 writes its settings.json there then). */
const copilotHome = (env: Env) => env.COPILOT_HOME || join(homeDir(env), ".copilot");

/** The folder a local marketplace's plugin is loaded from; undefined for any other source. */
function liveFolder(settings: Record<string, unknown>, market: string): string | undefined {
  const markets = isRecord(settings.extraKnownMarketplaces) ? settings.extraKnownMarketplaces : {};
  const entry = markets[market];
  const source = isRecord(entry) && isRecord(entry.source) ? entry.source : {};
  return source.source === "directory" && typeof source.path === "string" ? source.path : undefined;
}

/** Whether the folder's manifest (the first Copilot reads) names hookit's Copilot hooks and those hooks' hookit is there. */
function holdsHooks(folder: string): boolean {
  // Copilot reads `.plugin/plugin.json` before the root one (observed): one there replaces hookit's.
  if (existsSync(join(folder, ".plugin", "plugin.json"))) return false;
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(folder, "plugin.json"), "utf8"));
    return isRecord(manifest) && manifest.hooks === HOOKS && existsSync(join(folder, HOOKS)) && existsSync(join(folder, "dist", "bin.cjs"));
  } catch {
    return false;
  }
}

const enabledPlugins = (settings: Record<string, unknown>) => (isRecord(settings.enabledPlugins) ? settings.enabledPlugins : {});

/** The repository's or local settings file that switches `id` off, if one does. */
function repositorySwitch(projectDir: string, id: string): string | undefined {
  return ["settings.json", "settings.local.json"]
    .map((name) => join(projectDir, ".github", "copilot", name))
    .find((file) => enabledPlugins(readJsonObject(file))[id] === false);
}

/** hookit's entries among the plugins Copilot copied (config.json's installedPlugins). */
function copiedStates(env: Env): AddOnState[] {
  const file = join(copilotHome(env), "config.json");
  const installed = readJsonObject(file).installedPlugins;
  const states: AddOnState[] = [];
  for (const entry of Array.isArray(installed) ? installed : []) {
    if (!isRecord(entry) || entry.name !== "hookit") continue;
    const id = typeof entry.marketplace === "string" && entry.marketplace !== "" ? `hookit@${entry.marketplace}` : "hookit";
    const copy = typeof entry.cache_path === "string" ? entry.cache_path : "";
    if (entry.enabled !== true)
      states.push({ id, loaded: false, why: `is disabled in ${file} (installedPlugins)`, fix: `copilot plugin enable ${id}` });
    else if (copy === "" || !holdsHooks(copy))
      states.push({
        id,
        loaded: false,
        why: `was copied to ${copy || "no folder"}, which holds no plugin.json naming ${HOOKS} and the hookit it runs (a copy of the git repository has no dist/)`,
        fix: `copilot plugin uninstall ${id}, then install it from the hookit-cli package folder: copilot plugin marketplace add <folder>, copilot plugin install hookit@hookit`,
      });
    else states.push({ id, loaded: true, from: `${copy}; enabled in ${file}` });
  }
  return states;
}

function readStates({ projectDir, env }: { projectDir: string; env: Env }): AddOnState[] {
  const file = join(copilotHome(env), "settings.json");
  const settings = readJsonObject(file);
  const states: AddOnState[] = [];
  for (const [id, enabled] of Object.entries(enabledPlugins(settings))) {
    const market = PLUGIN_ID.exec(id)?.[1];
    if (!market) continue;
    const folder = liveFolder(settings, market);
    const repository = repositorySwitch(projectDir, id);
    if (repository)
      states.push({
        id,
        loaded: false,
        why: `is switched off for this project by ${repository} ("enabledPlugins": {"${id}": false})`,
        fix: `remove "${id}" from enabledPlugins in ${repository}`,
      });
    else if (enabled !== true)
      states.push({
        id,
        loaded: false,
        why: `is switched off in ${file} ("enabledPlugins": {"${id}": ${String(enabled)}})`,
        fix: `copilot plugin enable ${id}`,
      });
    else if (folder !== undefined && !holdsHooks(folder))
      states.push({
        id,
        loaded: false,
        why: `is loaded live from ${folder}, which holds no plugin.json naming ${HOOKS} and the hookit it runs (Copilot then runs the folder's hooks/hooks.json, Claude Code's)`,
        fix: `reinstall hookit-cli there, or copilot plugin marketplace remove ${market} and add the hookit-cli package folder again`,
      });
    else states.push({ id, loaded: true, from: `${folder ?? `marketplace ${market}`}; enabled in ${file}` });
  }
  return [...states, ...copiedStates(env)];
}

export const copilotPlugin: FileAddOn = { kind: "plugin", read: readStates };
