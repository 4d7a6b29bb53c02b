// Claude Code: `{"hooks": {"<Event>": [{matcher?, hooks: [{type, command, timeout}]}]}}`
// in `.claude/settings.json` or `~/.claude/settings.json`. Timeouts in seconds.
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import { hookFileTransforms } from "../../install/shapes.ts";
import { parseObject, jsonValue } from "../../install/jsonc.ts";
import { HOOK_TIMEOUT_SECONDS, RESTART_STEP, withMatcher } from "../../install/common.ts";
import type { InstallTarget } from "../../install/types.ts";
import { isRecord } from "../../is-record.ts";

const hooks = hookFileTransforms({
  agent: "claude",
  layout: "nested",
  commandKeys: ["command"],
  entry: (registration, command) =>
    withMatcher(registration, {
      // onFailure:block (Claude Code >= 2.1.295) makes a crashed or timed-out guard deny the tool
      // instead of letting it run; older releases accept the key and ignore it (checked on 2.1.197).
      hooks: [
        { type: "command", command, timeout: HOOK_TIMEOUT_SECONDS, ...(registration.kind === "tool_call" ? { onFailure: "block" } : {}) },
      ],
    }),
});

const target: InstallTarget = {
  id: "claude",
  title: "Claude Code",
  projectFile: join(".claude", "settings.json"),
  // Personal project settings, merged over settings.json: a setting there can switch hookit off too.
  projectOverlays: ["settings.local.json"],
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
