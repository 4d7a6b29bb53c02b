// Shared installer types: one InstallTarget per agent, plain data plus two pure
// transforms over the config file's text.
import type { AgentId } from "../contract/agent-ids.ts";
import type { CapabilityRow, HookRegistration } from "../contract/types.ts";
import type { Env } from "../base/paths.ts";
import type { ConfigSyntax } from "./syntax.ts";

/** `system`: each agent's own managed configuration under `root` (normally `/`), see src/installer/system.ts. */
export type Scope = { kind: "project"; dir: string } | { kind: "global" } | { kind: "system"; root: string };

export interface TransformResult {
  /** The new file text; undefined when the file does not exist and need not. */
  text: string | undefined;
  changed: boolean;
}

export interface ApplyOptions {
  /** What runs hookit, already quoted for sh: `"<node>" "<root>/dist/bin.cjs"` or a `--command`. */
  commandPrefix: string;
  /** The adapter's registrations (hook agents; empty for Pi). */
  registrations: HookRegistration[];
  /** Absolute path of hookit's Pi extension, `<package root>/dist/pi.mjs` (Pi only). */
  extensionPath: string;
  /** The file's name for error messages. */
  file?: string;
}

/** What identifies hookit's entries beyond the built-in marker (see `marker.ts`). */
export type RemoveOptions = Partial<Pick<ApplyOptions, "commandPrefix" | "extensionPath" | "file">>;

export interface Detection {
  /** Executables looked up on PATH. */
  bins: string[];
  /** Directories relative to HOME. */
  homeDirs: string[];
  /** Environment variables naming the agent's own home directory. */
  envDirs?: string[];
}

export interface InstallTarget {
  id: AgentId;
  title: string;
  /** Config file relative to the project directory. */
  projectFile: string;
  globalFile(env: Env): string;
  /** Signs the agent is on this machine, for `--agent all`. */
  detect: Detection;
  /** A file hookit creates starts as this text; uninstall deletes a file that is back to it. */
  emptyText: string;
  apply(text: string | undefined, options: ApplyOptions): TransformResult;
  remove(text: string | undefined, options?: RemoveOptions): TransformResult;
  /** What the user must still do after an install. */
  nextSteps(scope: Scope, env: Env): string[];
  /** How strictly the agent parses the file (default: JSONC, comments and trailing commas allowed). */
  syntax?: ConfigSyntax;
  /** Every hook command in the file, for `hookit doctor`; default: every string of a JSON(C) file. */
  commands?(text: string): string[];
  /** Settings in the file that would keep hookit from running. */
  warnings?(text: string): string[];
  /** An agent that loads hookit in-process (Pi's extension, OpenCode's plugin), for `hookit doctor`. */
  inProcess?: InProcessEntry;
  /** Files beside the project file that the agent layers over it (Claude's `settings.local.json`), for `hookit doctor`. */
  projectOverlays?: readonly string[];
  /** Every settings file the agent merges and what in them switches hookit off, for `hookit doctor` (src/doctor/effective.ts). */
  settingsLayers?: SettingsLayers;
  /** The agent's own add-on holding hookit, for an agent without settingsLayers (Codex's plugin). */
  addOn?: AddOnSetting;
  /** Another agent whose project hook files this agent runs as well: with both installed, hookit decides twice. */
  alsoRunsHooksOf?: AgentId;
}

interface InProcessEntry {
  /** What the agent calls the module it loads. */
  module: "extension" | "plugin";
  /** hookit's module, under the package's dist/. */
  distFile: string;
  /** The file the agent loads hookit from, among the config file's strings; `own` is this hookit's module. */
  entry(strings: readonly string[], own: string | undefined): string | undefined;
  /** What a stale entry costs, added to doctor's error. */
  staleEffect?: string;
  /** The agent loads a module path once, however many of its config files list it: two scopes are not two runs. */
  loadsOnce?: boolean;
  /** The gaps of the in-process runtime, for doctor to name against the policy's events (no adapter holds them). */
  capabilities?: readonly CapabilityRow[];
}

/** One scope of an agent's settings: its files, as paths or `dir/*.json` drop-in folders. */
export interface SettingsLayer {
  name: "managed" | "system" | "user" | "project" | "local";
  /** Settings only an administrator can write (Claude's managed settings). */
  managed?: true;
  files(ctx: { projectDir: string; env: Env; systemRoot: string }): string[];
}

/** A setting that keeps the agent from running hookit's hooks. */
export interface SettingsSwitch {
  path: readonly string[];
  off(value: unknown): boolean;
  /** What it does, for the message: `"disableAllHooks": true switches off every hook`. */
  says(value: unknown): string;
  /** The layers the agent reads it from (default: all). */
  onlyIn?: readonly SettingsLayer["name"][];
  /** A list every layer adds to: any layer's entry counts. */
  union?: true;
  /** Install scopes it never switches off (hookit's managed layer ignores HOOKIT=0). */
  spares?: readonly Scope["kind"][];
  /** Set outside the managed layer, it leaves a managed install running. */
  sparesManaged?: true;
}

/**
 * hookit as the agent's own add-on, for `hookit doctor`: Claude Code's plugin, recorded on or off in
 * a key of its settings layers; Gemini CLI's extension, in the agent's own files (`read`).
 */
type AddOnSetting = SettingsAddOn | FileAddOn;

/** An add-on the agent switches in its merged settings, each an `id: true|false` entry of `key`. */
export interface SettingsAddOn {
  /** What the agent calls it. */
  kind: string;
  /** The settings key holding the add-ons (Claude Code's `enabledPlugins`). */
  key: string;
  /** hookit's id there, whatever the marketplace: `hookit@<marketplace>`. */
  id: RegExp;
  /** The agent's own command that switches it back on. */
  enable(id: string): string;
}

/** An add-on the agent records in files of its own: what they say about hookit's, read the way the agent reads them. */
export interface FileAddOn {
  kind: string;
  read(ctx: { projectDir: string; env: Env }): AddOnState[];
}

/** One record of hookit's add-on: loaded here (from where), or not (why, and the agent's command that puts it right). */
export type AddOnState =
  | { id: string; loaded: true; from: string; warning?: { message: string; fix: string } }
  | { id: string; loaded: false; why: string; fix: string };

export interface SettingsLayers {
  /** Lowest precedence first: a later layer's value wins. */
  layers: readonly SettingsLayer[];
  switches: readonly SettingsSwitch[];
  addOn?: AddOnSetting;
  /** The agent runs managed hooks whatever a project's settings say, so doctor recommends the managed install. */
  managedOutranks?: true;
}
