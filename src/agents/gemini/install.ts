// Gemini CLI: nested groups whose handlers carry a `name` (for `/hooks disable`
// and `hooksConfig.disabled`), in `.gemini/settings.json` or
// `~/.gemini/settings.json`. Timeouts in milliseconds.
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import { parseObject, jsonValue } from "../../install/jsonc.ts";
import { HOOK_TIMEOUT_SECONDS, RESTART_STEP } from "../../install/common.ts";
import type { InstallTarget, SettingsLayers } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";
import { nestedHookTransforms } from "../shared/install-nested.ts";
import { geminiExtension } from "./extension.ts";

const GEMINI_HOOK_NAME = "hookit";

const hooks = nestedHookTransforms({
  agent: "gemini",
  handler: (_registration, command) => ({ name: GEMINI_HOOK_NAME, type: "command", command, timeout: HOOK_TIMEOUT_SECONDS * 1000 }),
});

// Gemini CLI: system defaults < user < project < system settings, the system file overriding all
// (its configuration docs); `hooksConfig.disabled` names hooks to skip, from any layer.
const settingsLayers: SettingsLayers = {
  layers: [
    { name: "system", files: ({ systemRoot }) => [join(systemRoot, "etc", "gemini-cli", "system-defaults.json")] },
    { name: "user", files: ({ env }) => [join(homeDir(env), ".gemini", "settings.json")] },
    { name: "project", files: ({ projectDir }) => [join(projectDir, ".gemini", "settings.json")] },
    { name: "managed", managed: true, files: ({ systemRoot }) => [join(systemRoot, "etc", "gemini-cli", "settings.json")] },
  ],
  switches: [
    { path: ["hooksConfig", "enabled"], off: (v) => v === false, says: () => '"hooksConfig.enabled" is false: Gemini CLI runs no hooks' },
    {
      path: ["hooksConfig", "disabled"],
      off: (v) => Array.isArray(v) && v.includes(GEMINI_HOOK_NAME),
      says: () => `"hooksConfig.disabled" lists "${GEMINI_HOOK_NAME}": Gemini CLI skips hookit's hooks`,
      union: true,
    },
  ],
  // `gemini extensions link <package>/dist/gemini-extension` (test/e2e/gemini-extension.e2e.test.ts).
  addOn: geminiExtension,
};

const target: InstallTarget = {
  id: "gemini",
  title: "Gemini CLI",
  projectFile: join(".gemini", "settings.json"),
  globalFile: (env) => join(homeDir(env), ".gemini", "settings.json"),
  detect: { bins: ["gemini"], homeDirs: [".gemini"] },
  syntax: "json-comments",
  settingsLayers,
  ...hooks,
  nextSteps: (_scope, env) => [
    "Gemini CLI runs no settings hooks at all, not even user-level ones, in a folder it does not trust: " +
      `trust each project folder when Gemini asks (saved in ${join(homeDir(env), ".gemini", "trustedFolders.json")}).`,
    RESTART_STEP,
  ],
  // hookit leaves the user's hooksConfig alone (its `enabled` defaults to true) but says when it is off.
  warnings: (text) => {
    const settings = jsonValue(parseObject(text, "settings"));
    const config = isRecord(settings) && isRecord(settings.hooksConfig) ? settings.hooksConfig : {};
    const found: string[] = [];
    if (config.enabled === false) found.push('"hooksConfig.enabled" is false here: Gemini CLI runs no hooks.');
    if (Array.isArray(config.disabled) && config.disabled.includes(GEMINI_HOOK_NAME)) {
      found.push(`"hooksConfig.disabled" lists "${GEMINI_HOOK_NAME}": Gemini CLI skips hookit's hooks.`);
    }
    return found;
  },
};

export default target;
