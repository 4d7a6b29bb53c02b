// Cursor: flat entries `{command, matcher?, timeout, failClosed?}` under
// `{"version": 1, "hooks": {"<event>": [...]}}` in `.cursor/hooks.json` or
// `~/.cursor/hooks.json`. Timeouts in seconds.
import { join } from "node:path";
import { InstallError } from "../../install/errors.ts";
import { homeDir } from "../../install/locate.ts";
import { parseObject, jsonValue } from "../../install/jsonc.ts";
import { hookFileTransforms } from "../../install/shapes.ts";
import { HOOK_TIMEOUT_SECONDS } from "../../install/common.ts";
import type { InstallTarget } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";

const hooks = hookFileTransforms({
  agent: "cursor",
  preamble: { version: 1 },
  layout: "flat",
  commandKeys: ["command"],
  entry: (registration, command) => {
    // Cursor strips `//` comments from hooks.json naively, even inside strings.
    if (command.includes("//")) {
      throw new InstallError("E_UNSUPPORTED", `Cursor cannot read a hook command containing "//": ${command}`);
    }
    return {
      command,
      ...(registration.matcher === undefined ? {} : { matcher: registration.matcher }),
      timeout: HOOK_TIMEOUT_SECONDS,
      // Cursor lets a crashed or timed-out hook through unless told otherwise; a guard must not.
      ...(registration.kind === "tool_call" ? { failClosed: true } : {}),
    };
  },
});

const target: InstallTarget = {
  id: "cursor",
  title: "Cursor",
  // Cursor also runs the hooks in Claude Code's settings files.
  alsoRunsHooksOf: "claude",
  projectFile: join(".cursor", "hooks.json"),
  globalFile: (env) => join(homeDir(env), ".cursor", "hooks.json"),
  detect: { bins: ["cursor-agent", "cursor"], homeDirs: [".cursor"] },
  ...hooks,
  // Cursor reloads hooks.json on change, so open sessions need no restart.
  nextSteps: (scope) =>
    scope.kind === "project" ? ["Cursor runs project hooks only in a trusted workspace: trust it when asked (cursor-agent: --trust)."] : [],
  // hookit does not add `version` to a file it did not create (uninstall could not tell it apart).
  warnings: (text) => {
    const settings = jsonValue(parseObject(text, "hooks.json"));
    return isRecord(settings) && settings.version === undefined
      ? ['This file has no top-level "version": 1, without which Cursor may ignore it. Add it by hand.']
      : [];
  },
};

export default target;
