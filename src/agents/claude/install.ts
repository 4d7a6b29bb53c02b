// Claude Code: `{"hooks": {"<Event>": [{matcher?, hooks: [{type, command, timeout}]}]}}`
// in `.claude/settings.json` or `~/.claude/settings.json`. Timeouts in seconds.
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import { parseObject, jsonValue } from "../../install/jsonc.ts";
import { HOOK_TIMEOUT_SECONDS, RESTART_STEP } from "../../install/common.ts";
import type { InstallTarget, SettingsLayers } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";
import { nestedHookTransforms } from "../shared/install-nested.ts";

const hooks = nestedHookTransforms({
  agent: "claude",
  // onFailure:block (Claude Code >= 2.1.295) makes a crashed or timed-out guard deny the tool
  // instead of letting it run; older releases accept the key and ignore it (checked on 2.1.197).
  handler: (registration, command) => ({
    type: "command",
    command,
    timeout: HOOK_TIMEOUT_SECONDS,
    ...(registration.kind === "tool_call" ? { onFailure: "block" } : {}),
  }),
});

const envValue = (value: unknown) => (value === undefined ? undefined : String(value));

// Claude Code merges user < project < local < managed settings (harness-protocols §2.1); its
// managed settings also come as a managed-settings.d/ drop-in folder.
const settingsLayers: SettingsLayers = {
  layers: [
    { name: "user", files: ({ env }) => [join(homeDir(env), ".claude", "settings.json")] },
    { name: "project", files: ({ projectDir }) => [join(projectDir, ".claude", "settings.json")] },
    { name: "local", files: ({ projectDir }) => [join(projectDir, ".claude", "settings.local.json")] },
    {
      name: "managed",
      managed: true,
      files: ({ systemRoot }) => [
        join(systemRoot, "etc", "claude-code", "managed-settings.json"),
        join(systemRoot, "etc", "claude-code", "managed-settings.d", "*.json"),
      ],
    },
  ],
  switches: [
    {
      path: ["disableAllHooks"],
      off: (v) => v === true,
      says: () => '"disableAllHooks": true switches off every hook',
      sparesManaged: true,
    },
    {
      path: ["allowManagedHooksOnly"],
      off: (v) => v === true,
      says: () => '"allowManagedHooksOnly": true runs only the managed settings\' hooks',
      onlyIn: ["managed"],
      spares: ["system"],
    },
    // Claude Code copies settings `env` into every hook's environment.
    {
      path: ["env", "HOOKIT"],
      off: (v) => envValue(v) === "0",
      says: () => '"env" sets HOOKIT=0, which switches every hookit hook off',
      spares: ["system"],
    },
    {
      path: ["env", "HOOKIT_CONFIG"],
      off: (v) => v !== undefined,
      says: (v) => `"env" sets HOOKIT_CONFIG=${String(v)}, so the hooks read that file instead of your policies`,
      spares: ["system"],
    },
  ],
  managedOutranks: true,
  // `claude plugin install hookit@<marketplace>` records the plugin here (checked on 2.1.332: test/e2e/claude-plugin.e2e.test.ts).
  addOn: { kind: "plugin", key: "enabledPlugins", id: /^hookit@/, enable: (id) => `claude plugin enable ${id}` },
};

const target: InstallTarget = {
  id: "claude",
  title: "Claude Code",
  projectFile: join(".claude", "settings.json"),
  // Personal project settings, merged over settings.json: a setting there can switch hookit off too.
  projectOverlays: ["settings.local.json"],
  settingsLayers,
  globalFile: (env) => join(homeDir(env), ".claude", "settings.json"),
  detect: { bins: ["claude"], homeDirs: [".claude"] },
  syntax: "json",
  ...hooks,
  nextSteps: (scope) => [
    RESTART_STEP,
    ...(scope.kind === "project"
      ? ["Interactive Claude Code sessions ask whether to trust the workspace: accept, or project hooks do not load."]
      : []),
  ],
  warnings: (text) => {
    const settings = jsonValue(parseObject(text, "settings"));
    return isRecord(settings) && settings.disableAllHooks === true
      ? ['"disableAllHooks": true is set here: Claude Code runs no hooks, hookit\'s included.']
      : [];
  },
};

export default target;
