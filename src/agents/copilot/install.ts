// GitHub Copilot CLI: hookit's own file, `.github/hooks/hookit.json` (repo) or
// `~/.copilot/hooks/hookit.json`, in the native camelCase form
// `{"version": 1, "hooks": {"<event>": [{type, bash, timeoutSec, matcher?}]}}`.
// The event spelling chooses the payload style, so the adapter's names are used as-is.
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import { hookFileTransforms } from "../../install/shapes.ts";
import { HOOK_TIMEOUT_SECONDS, RESTART_STEP } from "../../install/common.ts";
import type { InstallTarget, SettingsLayers } from "../../install/types.ts";
import { copilotPlugin } from "./plugin.ts";

const FILE_NAME = "hookit.json";

const hooks = hookFileTransforms({
  agent: "copilot",
  preamble: { version: 1 },
  layout: "flat",
  commandKeys: ["bash", "command"],
  entry: (registration, command) => ({
    type: "command",
    bash: command,
    timeoutSec: HOOK_TIMEOUT_SECONDS,
    ...(registration.matcher === undefined ? {} : { matcher: registration.matcher }),
  }),
});

// Copilot CLI reads `disableAllHooks` from the repository's settings and the local ones beside
// them (`copilot config --repo|--local`, 1.0.102): either switches off the repository's hooks,
// hookit's included (test/e2e/doctor-scopes.e2e.test.ts). The same line in the user's
// ~/.copilot/settings.json leaves user and repository hooks running, so it is not a layer here.
const settingsLayers: SettingsLayers = {
  layers: [
    { name: "project", files: ({ projectDir }) => [join(projectDir, ".github", "copilot", "settings.json")] },
    { name: "local", files: ({ projectDir }) => [join(projectDir, ".github", "copilot", "settings.local.json")] },
  ],
  switches: [{ path: ["disableAllHooks"], off: (v) => v === true, says: () => '"disableAllHooks": true switches off every hook' }],
  // `copilot plugin install hookit@hookit` from the package folder (test/e2e/copilot-plugin.e2e.test.ts).
  addOn: copilotPlugin,
};

const target: InstallTarget = {
  id: "copilot",
  title: "GitHub Copilot CLI",
  projectFile: join(".github", "hooks", FILE_NAME),
  globalFile: (env) => join(homeDir(env), ".copilot", "hooks", FILE_NAME),
  detect: { bins: ["copilot"], homeDirs: [".copilot"] },
  settingsLayers,
  ...hooks,
  nextSteps: (scope) => [
    ...(scope.kind === "project"
      ? [
          "Copilot CLI loads repository hooks only in a trusted folder and skips them silently otherwise: " +
            "trust the folder when asked (headless: --trust-folder).",
        ]
      : []),
    RESTART_STEP,
  ],
};

export default target;
