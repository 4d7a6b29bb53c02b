// Factory droid: `.factory/hooks.json` (project) or `~/.factory/hooks.json`, where
// `$FACTORY_HOME_OVERRIDE` replaces the home directory as it does for droid. The
// file IS the event map, `{"<Event>": [{matcher?, hooks: [{type, command, timeout}]}]}`,
// Claude's entries without the `"hooks"` wrapper: droid 0.225.2 runs nothing from a
// wrapped file. Timeouts in seconds. droid also reads `hooks` in settings.json, but
// per folder an event listed in hooks.json hides that event's settings.json hooks.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import adapter from "./adapter.ts";
import type { HookRegistration } from "../../contract/types.ts";
import type { Env } from "../../base/paths.ts";
import { HOOK_TIMEOUT_SECONDS, RESTART_STEP } from "../../install/common.ts";
import { parseObject, jsonValue } from "../../install/jsonc.ts";
import type { InstallTarget } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";
import { factoryDir } from "./home.ts";
import { factoryPlugin } from "./plugin.ts";
import { nestedHookTransforms } from "../shared/install-nested.ts";

const AGENT = "factory";

// Claude's nested entries, but at the top level of the file.
const hooks = nestedHookTransforms({
  agent: AGENT,
  root: [],
  handler: (_registration, command) => ({ type: "command", command, timeout: HOOK_TIMEOUT_SECONDS }),
});

const target: InstallTarget = {
  id: AGENT,
  title: "Factory droid",
  projectFile: join(".factory", "hooks.json"),
  globalFile: (env) => join(factoryDir(env), "hooks.json"),
  detect: { bins: ["droid"], homeDirs: [".factory"] },
  // `droid plugin install hookit@hookit-cli` from the package folder (test/e2e/factory-plugin.e2e.test.ts).
  addOn: factoryPlugin,
  ...hooks,
  nextSteps: (scope, env) => [
    ...shadowedSettings(scope.kind === "project" ? join(scope.dir, ".factory") : factoryDir(env), adapter.registrations),
    RESTART_STEP,
  ],
  warnings: (text) => {
    const file = jsonValue(parseObject(text, "hooks.json"));
    return isRecord(file) && file.hooksDisabled === true
      ? ['"hooksDisabled": true is set here: droid runs no hooks at all, hookit\'s included, from any settings folder.']
      : [];
  },
};

export default target;

// --- internal ---

/**
 * droid merges hooks.json over settings.json event by event within one folder, so
 * the user's settings.json hooks for an event hookit now lists stop running.
 */
function shadowedSettings(folder: string, registrations: HookRegistration[]): string[] {
  const settingsFile = join(folder, "settings.json");
  let hooks: unknown;
  try {
    const settings = jsonValue(parseObject(readFileSync(settingsFile, "utf8"), settingsFile));
    hooks = isRecord(settings) ? settings.hooks : undefined;
  } catch {
    return []; // no settings.json, or one droid could not read either
  }
  if (!isRecord(hooks)) return [];
  const hidden = [...new Set(registrations.map((r) => r.native))].filter((event) => {
    const entries = hooks[event];
    return Array.isArray(entries) && entries.length > 0;
  });
  if (hidden.length === 0) return [];
  return [
    `Move the ${hidden.join(", ")} hooks from ${settingsFile} into ${join(folder, "hooks.json")}: ` +
      "droid ignores a settings.json event that hooks.json also lists, so those hooks no longer run.",
  ];
}
