// Antigravity CLI: `hooks.json` in a customization directory, `.agents/` in the workspace or
// `~/.gemini/config/` (antigravity.google/docs/hooks). The file maps hook *names* to their
// events, so hookit owns one whole top-level entry, `"hookit"`: `PreToolUse` takes
// `{matcher, hooks:[handler]}` groups, the loop events (`PostInvocation`, `Stop`) take handlers
// directly. Handlers are `{type, command, timeout}`, timeout in seconds.
import { join } from "node:path";
import { applyEdits, findNodeAtLocation } from "jsonc-parser/lib/esm/main.js";
import type { HookRegistration } from "../../contract/types.ts";
import { HOOK_TIMEOUT_SECONDS, RESTART_STEP } from "../../install/common.ts";
import { InstallError } from "../../install/errors.ts";
import { parseObject, removeAt, renderNewFile, jsonValue } from "../../install/jsonc.ts";
import { homeDir } from "../../install/locate.ts";
import { hookCommand, isHookitCommand } from "../../install/marker.ts";
import { insertChild } from "../../install/splice.ts";
import type { InstallTarget, TransformResult } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";

const HOOK_NAME = "hookit";
const AGENT = "antigravity";
const EMPTY_TEXT = renderNewFile({});
/** The events whose entries are matcher groups; the docs list the other three as flat handler lists. */
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse"]);

const target: InstallTarget = {
  id: "antigravity",
  title: "Antigravity CLI",
  projectFile: join(".agents", "hooks.json"),
  globalFile: (env) => join(homeDir(env), ".gemini", "config", "hooks.json"),
  // `~/.gemini` alone is Gemini CLI's; `antigravity-cli` is agy's own data directory.
  detect: { bins: ["agy"], homeDirs: [join(".gemini", "antigravity-cli")] },
  emptyText: EMPTY_TEXT,
  apply(text, options) {
    const file = options.file ?? "hooks.json";
    let next = text === undefined || text.trim() === "" ? EMPTY_TEXT : text;
    const want = definition(options.registrations, options.commandPrefix);
    const current = ours(next, file, options.commandPrefix);
    if (current === "foreign") {
      throw new InstallError(
        "E_UNSUPPORTED",
        `${file}: its "${HOOK_NAME}" entry is not one hookit wrote. Rename that entry, then run the command again. hookit changed nothing.`,
      );
    }
    if (current !== undefined && JSON.stringify(current) === JSON.stringify(want)) return { text: next, changed: next !== text };
    if (current !== undefined) next = removeAt(next, [HOOK_NAME], file, false);
    next = applyEdits(next, insertChild(next, parseObject(next, file), HOOK_NAME, want));
    return { text: next, changed: next !== text };
  },
  remove(text, options = {}): TransformResult {
    if (text === undefined || text.trim() === "") return { text, changed: false };
    const file = options.file ?? "hooks.json";
    const current = ours(text, file, options.commandPrefix);
    if (current === undefined || current === "foreign") return { text, changed: false };
    const next = removeAt(text, [HOOK_NAME], file, false);
    return { text: next, changed: next !== text };
  },
  nextSteps: (scope) => [
    ...(scope.kind === "project"
      ? ["Antigravity merges every hooks.json it finds: do not also install with --global, or each hook runs twice."]
      : []),
    RESTART_STEP,
  ],
  warnings: (text) => {
    const entry = (jsonValue(parseObject(text, "hooks.json")) as Record<string, unknown>)[HOOK_NAME];
    return isRecord(entry) && entry.enabled === false
      ? [`"${HOOK_NAME}".enabled is false in this file: Antigravity skips hookit's hooks.`]
      : [];
  },
};

export default target;

// --- internal ---

function definition(registrations: readonly HookRegistration[], prefix: string): Record<string, unknown[]> {
  const events: Record<string, unknown[]> = {};
  for (const registration of registrations) {
    const handler = {
      type: "command",
      command: hookCommand(prefix, AGENT, registration.native, registration.kind),
      timeout: HOOK_TIMEOUT_SECONDS,
    };
    const item = TOOL_EVENTS.has(registration.native) ? { matcher: registration.matcher ?? "*", hooks: [handler] } : handler;
    (events[registration.native] ??= []).push(item);
  }
  return events;
}

/** hookit's entry (undefined when absent), or "foreign" when the name is taken by something else. */
function ours(text: string, file: string, prefix?: string): unknown {
  const node = findNodeAtLocation(parseObject(text, file), [HOOK_NAME]);
  if (node === undefined) return undefined;
  const value = jsonValue(node);
  const commands = isRecord(value) ? commandsOf(value) : [];
  return commands.length > 0 && commands.every((command) => isHookitCommand(command, AGENT, prefix)) ? value : "foreign";
}

function commandsOf(entry: Record<string, unknown>): unknown[] {
  return Object.values(entry).flatMap((items) =>
    Array.isArray(items)
      ? items
          .flatMap((item) => (isRecord(item) && Array.isArray(item.hooks) ? item.hooks : [item]))
          .map((handler) => (isRecord(handler) ? handler.command : undefined))
      : [],
  );
}
