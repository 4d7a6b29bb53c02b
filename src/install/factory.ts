// Factory droid: `.factory/hooks.json` (project) or `~/.factory/hooks.json`, where
// `$FACTORY_HOME_OVERRIDE` replaces the home directory as it does for droid. The
// file IS the event map, `{"<Event>": [{matcher?, hooks: [{type, command, timeout}]}]}`,
// Claude's entries without the `"hooks"` wrapper: droid 0.225.2 runs nothing from a
// wrapped file. Timeouts in seconds. droid also reads `hooks` in settings.json, but
// per folder an event listed in hooks.json hides that event's settings.json hooks.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import adapter from "../adapters/factory.ts";
import type { HookRegistration } from "../adapters/types.ts";
import type { Env } from "../paths.ts";
import { HOOK_TIMEOUT_SECONDS, RESTART_STEP, withMatcher } from "./_common.ts";
import { parseObject, renderNewFile, valueOf } from "./_jsonc.ts";
import { homeDir } from "./_locate.ts";
import { hookCommand, isHookitCommand } from "./_marker.ts";
import { clear, isObject, sync, type Collection } from "./_shapes.ts";
import type { ApplyOptions, InstallTarget, RemoveOptions, Scope, TransformResult } from "./_types.ts";

const AGENT = "factory";
const EMPTY_TEXT = renderNewFile({});

export function factoryDir(env: Env): string {
  return join(env.FACTORY_HOME_OVERRIDE || homeDir(env), ".factory");
}

const target: InstallTarget = {
  id: AGENT,
  title: "Factory droid",
  projectFile: join(".factory", "hooks.json"),
  globalFile: (env) => join(factoryDir(env), "hooks.json"),
  detect: { bins: ["droid"], homeDirs: [".factory"] },
  emptyText: EMPTY_TEXT,
  apply,
  remove,
  nextSteps: (scope, env) => [
    ...shadowedSettings(scope.kind === "project" ? join(scope.dir, ".factory") : factoryDir(env), adapter.registrations),
    RESTART_STEP,
  ],
  warnings: (text) => {
    const file = valueOf(parseObject(text, "hooks.json"));
    return isObject(file) && file.hooksDisabled === true
      ? ['"hooksDisabled": true is set here: droid runs no hooks at all, hookit\'s included, from any settings folder.']
      : [];
  },
};

export default target;

// --- internal ---

function apply(text: string | undefined, options: ApplyOptions): TransformResult {
  const file = options.file ?? "hooks.json";
  const start = text === undefined || text.trim() === "" ? EMPTY_TEXT : text;
  const wanted = new Map<string, unknown[]>();
  for (const registration of options.registrations) {
    const command = hookCommand(options.commandPrefix, AGENT, registration.native);
    const entry = withMatcher(registration, { hooks: [{ type: "command", command, timeout: HOOK_TIMEOUT_SECONDS }] });
    wanted.set(registration.native, [...(wanted.get(registration.native) ?? []), entry]);
  }
  // Events that hold hookit entries but are no longer registered are emptied too.
  let next = start;
  for (const event of new Set([...eventNames(start, file), ...wanted.keys()])) {
    next = sync(next, file, collection(event, wanted.get(event) ?? [], options.commandPrefix));
  }
  return { text: next, changed: next !== text };
}

function remove(text: string | undefined, options: RemoveOptions = {}): TransformResult {
  if (text === undefined || text.trim() === "") return { text, changed: false };
  const file = options.file ?? "hooks.json";
  let next = text;
  for (const event of eventNames(text, file)) next = clear(next, file, collection(event, [], options.commandPrefix));
  return { text: next, changed: next !== text };
}

/** The `[{matcher, hooks: [handler]}]` array of one event, at the top level of the file. */
function collection(event: string, want: unknown[], prefix?: string): Collection {
  const ours = (handler: unknown) => isObject(handler) && isHookitCommand(handler.command, AGENT, prefix);
  const handlers = (item: unknown): unknown[] => (isObject(item) && Array.isArray(item.hooks) ? item.hooks : []);
  return {
    path: [event],
    want,
    owns: (item) => handlers(item).length > 0 && handlers(item).every(ours),
    strays: (item) => handlers(item).flatMap((handler, index) => (ours(handler) ? [["hooks", index]] : [])),
  };
}

/** Top-level keys holding an array; `hooksDisabled` and `showHookOutput` are flags, not events. */
function eventNames(text: string, file: string): string[] {
  return (parseObject(text, file).children ?? [])
    .filter((property) => property.children?.[1]?.type === "array")
    .map((property) => String(property.children?.[0]?.value));
}

/**
 * droid merges hooks.json over settings.json event by event within one folder, so
 * the user's settings.json hooks for an event hookit now lists stop running.
 */
function shadowedSettings(folder: string, registrations: HookRegistration[]): string[] {
  const settingsFile = join(folder, "settings.json");
  let hooks: unknown;
  try {
    const settings = valueOf(parseObject(readFileSync(settingsFile, "utf8"), settingsFile));
    hooks = isObject(settings) ? settings.hooks : undefined;
  } catch {
    return []; // no settings.json, or one droid could not read either
  }
  if (!isObject(hooks)) return [];
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
