// What an agent itself will do with hookit's hooks, read from every settings
// file it merges (managed, user, project, local) rather than only the one hookit
// wrote: a `"disableAllHooks": true` in the user's own file switches off a
// project install just as surely as one beside it. Each agent's layers and
// switches are data on its install target (settingsLayers); this module merges
// them the way the agent does, the highest layer that sets a key winning.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import type { AgentId } from "../agents/registry.ts";
import { TARGETS } from "../installer/index.ts";
import type { AddOnState, SettingsAddOn, SettingsLayer, SettingsSwitch } from "../install/types.ts";
import { isRecord } from "../base/is-record.ts";
import type { Env } from "../base/paths.ts";
import type { FileProblem } from "./agent-file.ts";
import type { Check } from "./index.ts";

export interface LayerContext {
  projectDir: string;
  env: Env;
  /** The system root managed files live under (`/` but in tests). */
  systemRoot: string;
}

interface ReadLayer {
  layer: SettingsLayer;
  file: string;
  settings: Record<string, unknown>;
}

/** Every layer's files that exist and parse, lowest precedence first (a drop-in folder's files in name order). */
function readLayers(agent: AgentId, ctx: LayerContext): ReadLayer[] {
  const out: ReadLayer[] = [];
  for (const layer of TARGETS[agent].settingsLayers?.layers ?? []) {
    for (const file of filesOf(layer.files(ctx))) {
      try {
        const settings = parseJsonc(readFileSync(file, "utf8"), [], { allowTrailingComma: true }) as unknown;
        if (isRecord(settings)) out.push({ layer, file, settings });
      } catch {
        // unreadable: the syntax check of the installed file reports its own; others the agent skips too
      }
    }
  }
  return out;
}

/** A path, or a folder given as `dir/*.json` whose JSON files the agent reads in name order. */
function filesOf(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    if (!path.endsWith("/*.json")) {
      if (existsSync(path)) files.push(path);
      continue;
    }
    const dir = path.slice(0, -"/*.json".length);
    try {
      for (const name of readdirSync(dir).sort()) if (name.endsWith(".json")) files.push(join(dir, name));
    } catch {
      // no drop-in folder
    }
  }
  return files;
}

function valueAt(settings: Record<string, unknown>, path: readonly string[]): { set: boolean; value?: unknown } {
  let at: unknown = settings;
  for (const key of path) {
    if (!isRecord(at) || !Object.hasOwn(at, key)) return { set: false };
    at = at[key];
  }
  return { set: true, value: at };
}

/** Where the switch's effective value comes from: the highest layer that sets it (any layer, for a `union` list). */
function decidingLayer(layers: readonly ReadLayer[], sw: SettingsSwitch): { read: ReadLayer; value: unknown } | undefined {
  const allowed = layers.filter((l) => sw.onlyIn === undefined || sw.onlyIn.includes(l.layer.name));
  if (sw.union) {
    for (let i = allowed.length - 1; i >= 0; i--) {
      const { set, value } = valueAt(allowed[i]!.settings, sw.path);
      if (set && sw.off(value)) return { read: allowed[i]!, value };
    }
    return undefined;
  }
  for (let i = allowed.length - 1; i >= 0; i--) {
    const { set, value } = valueAt(allowed[i]!.settings, sw.path);
    if (set) return { read: allowed[i]!, value };
  }
  return undefined;
}

/**
 * What in the agent's merged settings keeps an install at `scope` from running: each switch whose
 * effective value turns it off, with the file that decides it and how to undo it.
 */
export function effectiveProblems(agent: AgentId, scope: "project" | "global" | "system" | "plugin", ctx: LayerContext): FileProblem[] {
  const data = TARGETS[agent].settingsLayers;
  if (!data) return [];
  const layers = readLayers(agent, ctx);
  const problems: FileProblem[] = [];
  for (const sw of data.switches) {
    const found = decidingLayer(layers, sw);
    if (!found || !sw.off(found.value)) continue;
    if (scope !== "plugin" && sw.spares?.includes(scope)) continue;
    // A managed install outranks what the user's and the project's own files say (test/e2e/managed.e2e.test.ts).
    if (scope === "system" && sw.sparesManaged && !found.read.layer.managed) continue;
    const { file, layer } = found.read;
    const shipped = layer.name === "project" && scope !== "project";
    problems.push({
      message: `${file}: ${sw.says(found.value)} (${TARGETS[agent].title}'s ${layer.name} settings, which it applies to hookit's ${scope} install too): hookit would not be enforced`,
      fix:
        `remove ${sw.path.join(".")} from ${file}` +
        (shipped && data.managedOutranks
          ? `; a repository can ship this file, so to keep any repository from switching hookit off install it managed (sudo hookit install --system --agent ${agent}; docs/security.md)`
          : ""),
    });
  }
  return problems;
}

/** What the agent's merged settings say of each `id: true|false` entry of the add-on's key that is hookit's. */
function settingsAddOnStates(agent: AgentId, addOn: SettingsAddOn, ctx: LayerContext): AddOnState[] {
  const layers = readLayers(agent, ctx);
  const ids = new Set<string>();
  for (const { settings } of layers) {
    const entries = settings[addOn.key];
    if (isRecord(entries)) for (const id of Object.keys(entries)) if (addOn.id.test(id)) ids.add(id);
  }
  return [...ids].map((id): AddOnState => {
    const found = decidingLayer(layers, { path: [addOn.key, id], off: () => true, says: () => "" });
    return found?.value === true
      ? { id, loaded: true, from: `on in ${found.read.file}` }
      : {
          id,
          loaded: false,
          why: `is switched off in ${found?.read.file ?? "its settings"}`,
          fix: `${addOn.enable(id)} (or set "${addOn.key}": {"${id}": true} there)`,
        };
  });
}

/**
 * hookit installed as the agent's own add-on (Claude Code's plugin, Gemini CLI's extension), from
 * what the agent recorded: ✓ when it loads here (and no settings switch turns its hooks off), ✗
 * when it is off or broken. Returns whether the add-on is there at all.
 */
export function addOnChecks(agent: AgentId, ctx: LayerContext, checks: Check[]): boolean {
  const addOn = TARGETS[agent].settingsLayers?.addOn ?? TARGETS[agent].addOn;
  if (!addOn) return false;
  const states = "read" in addOn ? addOn.read(ctx) : settingsAddOnStates(agent, addOn, ctx);
  const title = TARGETS[agent].title;
  for (const state of states) {
    if (state.loaded) {
      checks.push({ agent, status: "ok", message: `${title} loads hookit's ${addOn.kind} ${state.id} (${state.from})` });
      if (state.warning) checks.push({ agent, status: "warn", ...state.warning });
      for (const problem of effectiveProblems(agent, "plugin", ctx)) checks.push({ agent, status: "error", ...problem });
    } else
      checks.push({
        agent,
        status: "error",
        message: `${title}'s ${addOn.kind} ${state.id} ${state.why}: hookit's hooks from it do not run`,
        fix: state.fix,
      });
  }
  return states.length > 0;
}

/** Whether the agent's settings layers are data here (then they replace the per-file checks). */
export const hasSettingsLayers = (agent: AgentId): boolean => TARGETS[agent].settingsLayers !== undefined;
