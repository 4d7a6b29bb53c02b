// hookit as Kimi Code's plugin (`/plugins install <package folder>` in Kimi's TUI), as Kimi records
// it, for `hookit doctor`. Observed on 2.1.0 (test/e2e/kimi-plugin.e2e.test.ts): Kimi copies the
// folder to `$KIMI_CODE_HOME/plugins/managed/<id>/` and lists it in
// `$KIMI_CODE_HOME/plugins/installed.json` as `{"plugins": [{"id", "enabled", "root", …}]}`; the
// hooks of `kimi.plugin.json` in that copy run while `enabled` is true. Plugins are per user only.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddOnState, FileAddOn } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";
import type { Env } from "../../base/paths.ts";
import { kimiHome } from "./home.ts";

const PLUGIN_ID = "hookit";

function installedPlugins(file: string): Record<string, unknown>[] {
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    return isRecord(value) && Array.isArray(value.plugins) ? value.plugins.filter(isRecord) : [];
  } catch {
    return [];
  }
}

/** Why the copy Kimi runs does not run hookit's Kimi hooks, if it does not. */
function copyProblem(root: string): string | undefined {
  let manifest = "";
  try {
    manifest = readFileSync(join(root, "kimi.plugin.json"), "utf8");
  } catch {
    return `was copied to ${root}, which holds no kimi.plugin.json`;
  }
  if (!manifest.includes("--agent kimi")) return `was copied to ${root}, whose kimi.plugin.json does not run hookit hook --agent kimi`;
  if (!existsSync(join(root, "dist", "bin.cjs"))) return `was copied to ${root}, which holds no copy of the hookit its hooks run`;
  return undefined;
}

function readStates({ env }: { env: Env }): AddOnState[] {
  const file = join(kimiHome(env), "plugins", "installed.json");
  const entry = installedPlugins(file).find((plugin) => plugin.id === PLUGIN_ID);
  if (entry === undefined) return [];
  const root = typeof entry.root === "string" ? entry.root : join(kimiHome(env), "plugins", "managed", PLUGIN_ID);
  const reinstall = `/plugins remove ${PLUGIN_ID}, then /plugins install <the hookit-cli package folder>, in Kimi's terminal UI`;
  if (entry.enabled !== true)
    return [
      {
        id: PLUGIN_ID,
        loaded: false,
        why: `is disabled in ${file}`,
        fix: `/plugins enable ${PLUGIN_ID} in Kimi's terminal UI, then /reload`,
      },
    ];
  const problem = copyProblem(root);
  if (problem) return [{ id: PLUGIN_ID, loaded: false, why: problem, fix: reinstall }];
  return [{ id: PLUGIN_ID, loaded: true, from: `${root}; enabled in ${file}` }];
}

export const kimiPlugin: FileAddOn = { kind: "plugin", read: readStates };
