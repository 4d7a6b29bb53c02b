// What self-protection protects: every file and folder whose change would alter
// what hookit enforces. hookit's own (policies, settings, state, the installed
// package) and every agent config file hookit registers its hooks in. Paths are
// matched by location and by name, so a config in another project or under a
// relocated agent home (CODEX_HOME, …) is covered as well.
import { existsSync, lstatSync, statSync } from "node:fs";
import { sep } from "node:path";
import { absolutePath, joinPath, resolvePath } from "../base/path-join.ts";
import { realPathWith } from "../facts/paths.ts";
import type { SharedFacts } from "../facts/types.ts";
import { systemPlaces, systemRoot } from "../base/managed-paths.ts";
import { configDir, stateDir, type Env } from "../base/paths.ts";
import { systemTempDir } from "../base/temp-dir.ts";

export interface ProtectContext {
  /** Where the agent's tool runs (relative paths resolve from here). */
  cwd: string;
  projectDir: string;
  env: Env;
  /** The installed hookit package the hooks run. */
  packageDir?: string;
  /** The tool call's reading of its command, shared with the policy's hooks (FactOptions.shared). */
  facts?: SharedFacts;
}

export interface Protected {
  path: string;
  /** What it is, for the model-facing reason. */
  what: string;
}

/** Agent hook-config files, as path suffixes (`<any dir>/<suffix>`), in lower case. */
export const AGENT_FILES: ReadonlyArray<readonly [string, string]> = [
  [".claude/settings.json", "Claude Code's settings"],
  [".claude/settings.local.json", "Claude Code's local settings"],
  [".codex/hooks.json", "Codex's hooks"],
  [".codex/config.toml", "Codex's config"],
  [".gemini/settings.json", "Gemini CLI's settings"],
  [".gemini/config/hooks.json", "Antigravity's hooks"],
  [".cursor/hooks.json", "Cursor's hooks"],
  // `disableAllHooks` in any of these switches every Copilot CLI hook off (`copilot help config`, 1.0.102).
  [".copilot/settings.json", "Copilot CLI's settings"],
  [".github/copilot/settings.json", "Copilot CLI's repository settings"],
  [".github/copilot/settings.local.json", "Copilot CLI's local settings"],
  // Copilot CLI's `installedPlugins`, the plugins it copied (a git URL's), each with its `enabled` switch (1.0.102).
  [".copilot/config.json", "Copilot CLI's config"],
  [".factory/hooks.json", "Factory droid's hooks"],
  [".factory/settings.json", "Factory droid's settings"],
  [".factory/settings.local.json", "Factory droid's local settings"],
  [".kimi-code/config.toml", "Kimi Code's config"],
  [".agents/hooks.json", "Antigravity's hooks"],
  [".pi/settings.json", "Pi's settings"],
  [".pi/agent/settings.json", "Pi's settings"],
  ["opencode.json", "OpenCode's config"],
  ["opencode.jsonc", "OpenCode's config"],
  // MCP servers a project names are commands the agent starts at its next session, outside every hook.
  [".mcp.json", "Claude Code's project MCP servers, commands it starts outside every hook"],
  [".cursor/mcp.json", "Cursor's MCP servers, commands it starts outside every hook"],
];

/** Agent hook-config folders, as path suffixes, in lower case. */
export const AGENT_DIRS: ReadonlyArray<readonly [string, string]> = [
  [".github/hooks", "Copilot CLI's hooks"],
  [".copilot/hooks", "Copilot CLI's hooks"],
  // hookit installed as Claude Code's plugin runs from this folder's cache.
  [".claude/plugins", "Claude Code's plugins"],
  // hookit installed as Codex CLI's plugin runs from this folder's cache (0.171.0).
  [".codex/plugins", "Codex's plugins"],
  // hookit installed as OpenCode's plugin package (`opencode plugin hookit-cli`) runs from here (1.18.33).
  [".cache/opencode/packages", "OpenCode's plugin packages"],
  // Copilot CLI's copies of the plugins it installs from git, which it runs (1.0.102; a local marketplace's run live from its folder).
  [".copilot/installed-plugins", "Copilot CLI's plugins"],
  // hookit installed as droid's plugin runs from this folder's cache; droid reads which plugins
  // are installed from its records here (0.225.2). The switch, enabledPlugins, is in settings.json.
  [".factory/plugins", "Factory droid's plugins"],
  // The plugin folder in the installed hookit-cli package, which `droid plugin update` copies over
  // droid's copy (observed): an edit there would reach droid at the user's next update. Only under
  // node_modules: a checkout of hookit (whose build rewrites dist/) stays editable.
  ["node_modules/hookit-cli/dist/droid-plugin", "hookit's droid plugin, which droid copies on install and update"],
  // hookit linked as Gemini CLI's extension: its record and extension-enablement.json (the switch).
  [".gemini/extensions", "Gemini CLI's extensions"],
  // hookit installed as Kimi Code's plugin runs from plugins/managed/hookit/; plugins/installed.json is its `enabled` switch (2.1.0).
  [".kimi-code/plugins", "Kimi Code's plugins"],
  // Code Pi and OpenCode load into the process hookit guards them from (docs: pi-extension-api §8, OpenCode's
  // plugin folders): an extension or plugin there runs before and beside hookit's own.
  [".pi/extensions", "Pi's project extensions, which run inside Pi beside hookit"],
  [".pi/agent/extensions", "Pi's extensions, which run inside Pi beside hookit"],
  [".opencode/plugin", "OpenCode's project plugins, which run inside OpenCode beside hookit"],
  [".opencode/plugins", "OpenCode's project plugins, which run inside OpenCode beside hookit"],
  [".config/opencode/plugin", "OpenCode's plugins, which run inside OpenCode beside hookit"],
  [".config/opencode/plugins", "OpenCode's plugins, which run inside OpenCode beside hookit"],
];

/**
 * The manifests in the package folder that Copilot CLI 1.0.102 reads each session for hookit's plugin,
 * which it loads live from a local marketplace (scripts/plugins/copilot.mjs): the root plugin.json
 * that names Copilot's hooks, the ones a new file there would put before it or fall back to
 * (Claude Code's, whose hooks/hooks.json runs `--agent claude`), and the marketplace listing the folder.
 */
const PACKAGE_MANIFESTS = ["plugin.json", ".plugin", ".github/plugin", ".claude-plugin"];

const POLICY_FOLDER = ".hookit";

/** Text that names a protected place however the path around it is spelled (for words hookit cannot resolve). */
export const PROTECTED_MARKERS: readonly string[] = [
  POLICY_FOLDER,
  "hookit.json",
  [".config", "hookit"].join(sep),
  [".local", "state", "hookit"].join(sep),
  ["etc", "hookit"].join(sep),
  ["claude-code", "managed-settings"].join(sep),
  ["etc", "codex"].join(sep),
  ["etc", "gemini-cli"].join(sep),
  ...AGENT_FILES.map((entry) => entry[0]),
  ...AGENT_DIRS.map((entry) => entry[0]),
];

/** hookit's own folders and files for this context: absolute, as the environment places them. */
function ownPlaces(ctx: ProtectContext): Protected[] {
  const { env } = ctx;
  const places: Protected[] = [
    { path: configDir(env), what: "hookit's global policy and settings" },
    { path: stateDir(env), what: "hookit's state (trust store, caches, decision log)" },
    { path: joinPath(ctx.projectDir, POLICY_FOLDER), what: "the project's hookit policy" },
  ];
  if (env.HOOKIT_CONFIG) places.push({ path: resolvePath(ctx.cwd, env.HOOKIT_CONFIG), what: "the policy file HOOKIT_CONFIG names" });
  // What the registered hooks run is the package's `dist/` (a checkout around it stays editable).
  if (ctx.packageDir) {
    places.push({ path: joinPath(ctx.packageDir, "dist"), what: "the installed hookit that the agents' hooks run" });
    // Pi (`pi.extensions`) and OpenCode (`exports["./server"]`) find hookit's module through it.
    places.push({
      path: joinPath(ctx.packageDir, "package.json"),
      what: "the installed hookit's package.json, where Pi and OpenCode find it",
    });
    for (const manifest of PACKAGE_MANIFESTS)
      places.push({ path: joinPath(ctx.packageDir, manifest), what: "the manifest of hookit's Copilot CLI plugin" });
  }
  const homes: Array<[string | undefined, string, string]> = [
    [env.CODEX_HOME, "hooks.json", "Codex's hooks"],
    [env.CODEX_HOME, "config.toml", "Codex's config"],
    [env.CODEX_HOME, "plugins", "Codex's plugins"],
    [env.XDG_CACHE_HOME, "opencode/packages", "OpenCode's plugin packages"],
    [env.KIMI_CODE_HOME, "config.toml", "Kimi Code's config"],
    [env.KIMI_CODE_HOME, "plugins", "Kimi Code's plugins"],
    [env.PI_CODING_AGENT_DIR, "settings.json", "Pi's settings"],
    [env.PI_CODING_AGENT_DIR, "extensions", "Pi's extensions, which run inside Pi beside hookit"],
    [env.CLAUDE_CONFIG_DIR, "settings.json", "Claude Code's settings"],
    [env.OPENCODE_CONFIG_DIR, "", "OpenCode's config"],
    [env.COPILOT_HOME, "settings.json", "Copilot CLI's settings"],
    [env.COPILOT_HOME, "config.json", "Copilot CLI's config"],
    [env.COPILOT_HOME, "installed-plugins", "Copilot CLI's plugins"],
    [env.GEMINI_CLI_HOME, ".gemini", "Gemini CLI's settings and extensions"],
    // droid puts its user folder under $FACTORY_HOME_OVERRIDE in place of the home directory.
    [env.FACTORY_HOME_OVERRIDE, ".factory/hooks.json", "Factory droid's hooks"],
    [env.FACTORY_HOME_OVERRIDE, ".factory/settings.json", "Factory droid's settings"],
    [env.FACTORY_HOME_OVERRIDE, ".factory/settings.local.json", "Factory droid's local settings"],
    [env.FACTORY_HOME_OVERRIDE, ".factory/plugins", "Factory droid's plugins"],
  ];
  for (const home of homes) {
    if (home[0]) places.push({ path: joinPath(home[0], home[1]), what: home[2] });
  }
  // The managed layer: root owns it, but an agent run by root (or a sudo rule) must not edit it either.
  places.push(...systemPlaces(systemRoot(env).root));
  return places;
}

// One context is one tool call (or, in a benchmark, many): each list is computed
// once, and only when a check needs it — a write to an ordinary file needs just
// hookit's own places (cold code costs on every call, so the rest is left unbuilt).
const ownOf = new WeakMap<ProtectContext, Protected[]>();
const concreteOf = new WeakMap<ProtectContext, Protected[]>();

function own(ctx: ProtectContext): Protected[] {
  let found = ownOf.get(ctx);
  if (!found) ownOf.set(ctx, (found = ownPlaces(ctx)));
  return found;
}

/** Concrete protected paths that exist or could: hookit's own plus agent configs at the project and home. */
export function concretePlaces(ctx: ProtectContext): readonly Protected[] {
  let found = concreteOf.get(ctx);
  if (found) return found;
  found = [...own(ctx)];
  const home = ctx.env.HOME;
  const dirs = home ? [ctx.projectDir, home] : [ctx.projectDir];
  for (let d = 0; d < dirs.length; d++) {
    // One resolve, then plain joins: the suffixes are clean relative paths (path.join costs per call, cold).
    const base = absolutePath(dirs[d]!);
    const prefix = base === sep ? base : base + sep;
    for (const [suffix, what] of AGENT_FILES) found.push({ path: prefix + suffix, what });
    for (const [suffix, what] of AGENT_DIRS) found.push({ path: prefix + suffix, what });
  }
  concreteOf.set(ctx, found);
  return found;
}

/** Files a hard link could alias. */
function linkablePlaces(ctx: ProtectContext): Protected[] {
  return [
    ...concretePlaces(ctx),
    { path: joinPath(configDir(ctx.env), "hookit.json"), what: "hookit's global policy" },
    { path: joinPath(configDir(ctx.env), "settings.json"), what: "hookit's settings" },
    { path: joinPath(stateDir(ctx.env), "trust.json"), what: "hookit's trust store" },
    { path: joinPath(ctx.projectDir, POLICY_FOLDER, "hookit.json"), what: "the project's hookit policy" },
  ];
}

// Real paths seen during one check (cleared by `startCheck`): the file system may change between calls.
const realPaths = new Map<string, string>();

const targets = new Map<string, Protected | null>();

/** Call at the start of each check, so nothing learnt from the file system outlives the call. */
export function startCheck(): void {
  realPaths.clear();
  targets.clear();
}

const within = (path: string, root: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * Names a hook command may run through PATH: `hookit` itself (an install with `--command hookit`,
 * a devDependency's `.bin`), the `node` its `#!/usr/bin/env node` line finds, and `npx`. A file of
 * that name in a folder on the agent's PATH, placed before the real one, would run instead of
 * hookit on every tool call.
 */
const RUN_BY_NAME = new Set(["hookit", "node", "nodejs", "npx"]);
const pathDirsOf = new WeakMap<ProtectContext, Set<string>>();

function onAgentPath(dir: string, ctx: ProtectContext): boolean {
  let dirs = pathDirsOf.get(ctx);
  if (!dirs) {
    // An empty entry is the current folder, as the shell reads PATH; relative ones are from it too.
    dirs = new Set((ctx.env.PATH ?? "").split(":").map((entry) => resolvePath(ctx.cwd, entry || ".")));
    pathDirsOf.set(ctx, dirs);
  }
  return dirs.has(dir);
}

/**
 * `path` as a folder of the agent's PATH, or a folder above one, if it is either. The project
 * folder and the temp folders themselves are let through: an activated `.venv/bin`, an npx
 * session's `node_modules/.bin` or a checkout under /tmp would otherwise make every archive
 * unpacked or repository cloned there (`tar -xzf x.tgz`, `git clone url .`, `tar -C /tmp`) a
 * write above a PATH folder. The folders between them and such a PATH folder (`.venv`,
 * `node_modules`) still count, and what lands in a PATH folder by name stays protected (RUN_BY_NAME).
 */
export function pathFolder(path: string, ctx: ProtectContext): Protected | undefined {
  if (onAgentPath(path, ctx)) return { path, what: `the folder on PATH where hook commands find hookit and node (${path})` };
  if (path === ctx.projectDir || isTempRoot(path, ctx.env)) return undefined;
  const below = path.endsWith(sep) ? path : path + sep;
  for (const dir of pathDirsOf.get(ctx) ?? [])
    if (dir.startsWith(below)) return { path, what: `the folder on PATH where hook commands find hookit and node (${dir})` };
  return undefined;
}

/** The system's shared scratch folders, where unpacking an archive is everyday work. */
function isTempRoot(path: string, env: Env): boolean {
  return (
    path === "/tmp" || path === "/var/tmp" || path === systemTempDir() || (env.TMPDIR !== undefined && path === absolutePath(env.TMPDIR))
  );
}

/**
 * The protected place an absolute, normalized path is or lies in, if any. Compared in any letter
 * case: macOS's and Windows's file systems do not tell `.CLAUDE/settings.json` from
 * `.claude/settings.json` (on Linux the other spelling is protected too, which costs nothing). The
 * suffixes below are written in lower case (test/protect/letter-case.test.ts checks).
 */
export function classify(path: string, ctx: ProtectContext): Protected | undefined {
  const folded = path.toLowerCase();
  const places = own(ctx);
  for (const place of places) if (within(folded, place.path.toLowerCase())) return { path, what: place.what };
  const cut = path.lastIndexOf(sep);
  if (RUN_BY_NAME.has(folded.slice(cut + 1)) && onAgentPath(path.slice(0, cut) || sep, ctx))
    return { path, what: `the ${path.slice(cut + 1)} that hook commands find on PATH` };
  if (folded.split(sep).includes(POLICY_FOLDER)) return { path, what: "a hookit policy folder" };
  for (let i = 0; i < AGENT_FILES.length; i++) {
    const suffix = AGENT_FILES[i]![0];
    if (folded === suffix || folded.endsWith(sep + suffix)) return { path, what: AGENT_FILES[i]![1] };
  }
  for (let i = 0; i < AGENT_DIRS.length; i++) {
    const suffix = AGENT_DIRS[i]![0];
    const at = folded.indexOf(sep + suffix);
    if (at >= 0 && (folded.length === at + suffix.length + 1 || folded[at + suffix.length + 1] === sep))
      return { path, what: AGENT_DIRS[i]![1] };
  }
  return undefined;
}

/** The real path, resolving symlinks for the part that exists. */
function realPath(path: string): string {
  const known = realPaths.get(path);
  if (known !== undefined) return known;
  const real = realPathWith(path, realPath);
  realPaths.set(path, real);
  return real;
}

export type Effect = "write" | "delete";

/**
 * Whether changing `path` (absolute) would change a protected place: the path
 * itself, through a symlink, as a hard link to a protected file, or — for a
 * delete or move — as a folder that holds one.
 */
export function protectedTarget(path: string, effect: Effect, ctx: ProtectContext): Protected | undefined {
  const key = `${effect}\u0000${path}`;
  const known = targets.get(key);
  if (known !== undefined) return known ?? undefined;
  const found = uncachedTarget(path, effect, ctx);
  targets.set(key, found ?? null);
  return found;
}

function uncachedTarget(path: string, effect: Effect, ctx: ProtectContext): Protected | undefined {
  const real = realPath(path);
  const direct = classify(path, ctx) ?? (real !== path ? classify(real, ctx) : undefined);
  if (direct) return direct;
  if (effect === "delete") {
    for (const place of concretePlaces(ctx)) {
      if (place.path !== real && within(place.path, real) && existsSync(place.path))
        return { path, what: `a folder holding ${place.what}` };
    }
  }
  return hardLinked(path, ctx);
}

/** A second name of a protected file (a hard link) is the file itself. */
function hardLinked(path: string, ctx: ProtectContext): Protected | undefined {
  let stat;
  try {
    stat = lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (!stat?.isFile() || stat.nlink < 2) return undefined;
  for (const place of linkablePlaces(ctx)) {
    try {
      const other = statSync(place.path);
      if (other.ino === stat.ino && other.dev === stat.dev) return { path, what: place.what };
    } catch {
      // not there
    }
  }
  return undefined;
}
