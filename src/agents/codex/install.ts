// Codex CLI: the Claude-style nested shape in `hooks.json` next to a config layer,
// `.codex/hooks.json` (project) or `$CODEX_HOME/hooks.json` (default `~/.codex`).
// Codex may refuse root keys other than `hooks`/`description`, so hookit writes
// nothing else. Timeouts in seconds.
import { join } from "node:path";
import { HOOK_TIMEOUT_SECONDS, RESTART_STEP } from "../../install/common.ts";
import type { InstallTarget } from "../../install/types.ts";
import { CODEX_HOME, codexHome } from "./home.ts";
import { codexPlugin } from "./plugin.ts";
import { nestedHookTransforms } from "../shared/install-nested.ts";
import { homeFolderFiles } from "../shared/home-folder.ts";

// Codex caps these events' timeouts at 3 s (default 1); ask for what it will grant.
const CAPPED_TIMEOUTS: Record<string, number> = { SessionEnd: 3, Interrupt: 3 };

const hooks = nestedHookTransforms({
  agent: "codex",
  handler: (registration, command) => {
    const timeout = Math.min(HOOK_TIMEOUT_SECONDS, CAPPED_TIMEOUTS[registration.native] ?? HOOK_TIMEOUT_SECONDS);
    return { type: "command", command, timeout };
  },
});

export { codexHome } from "./home.ts";

const target: InstallTarget = {
  id: "codex",
  title: "Codex CLI",
  ...homeFolderFiles(CODEX_HOME, "hooks.json", ["codex"]),
  syntax: "json",
  ...hooks,
  // `codex plugin add hookit@hookit` from the package folder (test/e2e/codex-plugin.e2e.test.ts).
  addOn: codexPlugin,
  nextSteps: (scope, env) => [
    "Open Codex, run /hooks and trust hookit's hooks: Codex skips untrusted hooks without a word. " +
      "Trust is tied to each hook's exact content, so trust them again after an install that changed them.",
    ...(scope.kind === "project"
      ? [
          `Codex reads ${join(scope.dir, ".codex", "hooks.json")} only in a trusted project: trust it when Codex asks, ` +
            `or add [projects."${scope.dir}"] trust_level = "trusted" to ${join(codexHome(env), "config.toml")}.`,
        ]
      : []),
    `Codex before 0.124 also needs [features] codex_hooks = true in ${join(codexHome(env), "config.toml")}.`,
    RESTART_STEP,
  ],
};

export default target;
