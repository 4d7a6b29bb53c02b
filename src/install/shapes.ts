// The two transforms every target is built from. A "collection" is one array
// in the file (`hooks.<Event>`, Pi's `extensions`) holding some of hookit's
// items among the user's. `sync` makes hookit's items exactly `want` and
// touches nothing when they already are (so a second install changes no byte);
// `clear` removes them and prunes the containers that become empty.
import type { HookRegistration } from "../contract/types.ts";
import { appendToArray, nodeAt, parseObject, removeAt, renderNewFile, jsonValue } from "./jsonc.ts";
import type { JsonPath } from "./jsonc.ts";
import { hookCommand, isHookitCommand } from "./marker.ts";
import type { ApplyOptions, RemoveOptions, TransformResult } from "./types.ts";
import { isRecord } from "../base/is-record.ts";

export interface Collection {
  path: string[];
  /** hookit's items, in order. */
  want: unknown[];
  /** The item is entirely hookit's. */
  owns(item: unknown): boolean;
  /** Paths (relative to the item) of hookit's pieces inside an item that is not entirely hookit's. */
  strays?(item: unknown): JsonPath[];
}

export function sync(text: string, file: string, collection: Collection): string {
  const found = inspect(text, file, collection);
  const current = found.owned.map((item) => item.value);
  if (found.strays.length === 0 && same(current, collection.want)) return text;
  if (collection.want.length === 0) return clear(text, file, collection);
  // Keep the containers: hookit's items go straight back in.
  let next = removeAll(text, file, collection, found, false);
  for (const item of collection.want) next = appendToArray(next, collection.path, item, file);
  return next;
}

export function clear(text: string, file: string, collection: Collection): string {
  return removeAll(text, file, collection, inspect(text, file, collection), true);
}

/** How a harness spells one hook entry in its `hooks.<Event>` arrays. */
export interface HookFileSpec {
  agent: string;
  /** Top-level keys of a file hookit creates (`version` for Cursor and Copilot). */
  preamble?: Record<string, unknown>;
  /** Where the event map lives: `["hooks"]` (the default), or `[]` when the file is the map (Factory droid). */
  root?: string[];
  /** `nested`: `{matcher, hooks:[handler]}` groups (Claude style); `flat`: handlers directly. */
  layout: "nested" | "flat";
  /** Handler fields that may hold the command (Copilot: `bash`, `command`). */
  commandKeys: string[];
  /** The array item for one registration. */
  entry(registration: HookRegistration, command: string): Record<string, unknown>;
}

/** apply/remove for a `{"hooks": {"<Event>": [...]}}` file (or a bare event map, with `root: []`). */
export function hookFileTransforms(spec: HookFileSpec) {
  const emptyText = renderNewFile(spec.preamble ?? {});
  const root = spec.root ?? ["hooks"];
  const eventNames = (text: string, file: string) => eventMapKeys(text, file, root);

  const isOurHandler = (handler: unknown, prefix?: string): boolean =>
    isRecord(handler) && spec.commandKeys.some((key) => isHookitCommand(handler[key], spec.agent, prefix));
  const handlersOf = (item: unknown): unknown[] => (isRecord(item) && Array.isArray(item.hooks) ? item.hooks : []);

  function collection(event: string, want: unknown[], prefix?: string): Collection {
    if (spec.layout === "flat") return { path: [...root, event], want, owns: (item) => isOurHandler(item, prefix) };
    return {
      path: [...root, event],
      want,
      owns: (item) => {
        const handlers = handlersOf(item);
        return handlers.length > 0 && handlers.every((handler) => isOurHandler(handler, prefix));
      },
      strays: (item) => handlersOf(item).flatMap((handler, index) => (isOurHandler(handler, prefix) ? [["hooks", index]] : [])),
    };
  }

  function apply(text: string | undefined, options: ApplyOptions): TransformResult {
    const file = options.file ?? "settings file";
    const start = text === undefined || text.trim() === "" ? emptyText : text;
    const wanted = new Map<string, unknown[]>();
    for (const registration of options.registrations) {
      const command = hookCommand(options.commandPrefix, spec.agent, registration.native, registration.kind);
      wanted.set(registration.native, [...(wanted.get(registration.native) ?? []), spec.entry(registration, command)]);
    }
    // Events that hold hookit entries but are no longer registered are emptied too.
    const events = [...new Set([...eventNames(start, file), ...wanted.keys()])];
    let next = start;
    for (const event of events) {
      next = sync(next, file, collection(event, wanted.get(event) ?? [], options.commandPrefix));
    }
    return { text: next, changed: next !== text };
  }

  function remove(text: string | undefined, options: RemoveOptions = {}): TransformResult {
    if (text === undefined || text.trim() === "") return { text, changed: false };
    const file = options.file ?? "settings file";
    let next = text;
    for (const event of eventNames(text, file)) next = clear(next, file, collection(event, [], options.commandPrefix));
    return { text: next, changed: next !== text };
  }

  return { apply, remove, emptyText };
}

// --- internal ---

interface Found {
  owned: { index: number; value: unknown }[];
  strays: JsonPath[];
}

function inspect(text: string, file: string, collection: Collection): Found {
  const array = nodeAt(parseObject(text, file), collection.path, "array", file);
  const found: Found = { owned: [], strays: [] };
  (array?.children ?? []).forEach((node, index) => {
    const value = jsonValue(node);
    if (collection.owns(value)) found.owned.push({ index, value });
    else for (const inner of collection.strays?.(value) ?? []) found.strays.push([...collection.path, index, ...inner]);
  });
  return found;
}

function removeAll(text: string, file: string, collection: Collection, found: Found, prune: boolean): string {
  const paths = [...found.strays, ...found.owned.map(({ index }) => [...collection.path, index])];
  // Last position first, so the paths still to remove keep pointing at the same nodes.
  paths.sort((a, b) => comparePaths(b, a));
  let next = text;
  for (const path of paths) next = removeAt(next, path, file, prune);
  return next;
}

function comparePaths(a: JsonPath, b: JsonPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    return typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
  }
  return a.length - b.length;
}

/** Events holding an array; another value under `hooks` is not a hook list hookit could own. */
/** Keys of the event map that hold an array (flags such as droid's `hooksDisabled` are not events). */
function eventMapKeys(text: string, file: string, root: string[]): string[] {
  const top = parseObject(text, file);
  const map = root.length === 0 ? top : nodeAt(top, root, "object", file);
  return (map?.children ?? [])
    .filter((property) => property.children?.[1]?.type === "array")
    .map((property) => String(property.children?.[0]?.value));
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
