// hookit as an OpenCode plugin package (`opencode plugin hookit-cli`, or `"plugin": ["hookit-cli"]`
// in opencode.json), as OpenCode records it, for `hookit doctor`. Observed on 1.18.33
// (test/e2e/opencode-package.e2e.test.ts): `opencode plugin <spec>` installs the package, reads its
// `exports["./server"]` (hookit's dist/opencode.mjs) and adds the spec to the `plugin` array of
// `.opencode/opencode.json` (`-g`: the user's config). An npm spec is installed under
// `$XDG_CACHE_HOME/opencode/packages/<spec>[@latest]/`; a folder spec is loaded where it is.
// hookit's own `hookit install` entry (the module path, install.ts) is read by the in-process check.
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseJsonc } from "jsonc-parser";
import type { AddOnState, FileAddOn } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";
import { homeDir } from "../../install/locate.ts";
import type { Env } from "../../base/paths.ts";

const PACKAGE = "hookit-cli";
/** `hookit-cli`, `hookit-cli@0.2.0`, `hookit-cli@latest`: the npm spec of hookit's package. */
const NPM_SPEC = /^hookit-cli(?:@([^/\s]+))?$/;

/** The config files OpenCode merges, user first: each may list plugins. */
function configFiles(projectDir: string, env: Env): string[] {
  const user = join(env.XDG_CONFIG_HOME || join(homeDir(env), ".config"), "opencode");
  const dirs = [user, projectDir, join(projectDir, ".opencode")];
  const files = dirs.flatMap((dir) => ["opencode.json", "opencode.jsonc"].map((name) => join(dir, name)));
  if (env.OPENCODE_CONFIG) files.push(env.OPENCODE_CONFIG);
  return files.filter((file) => existsSync(file));
}

function pluginsOf(file: string): unknown[] {
  try {
    const config = parseJsonc(readFileSync(file, "utf8"), [], { allowTrailingComma: true }) as unknown;
    return isRecord(config) && Array.isArray(config.plugin) ? config.plugin : [];
  } catch {
    return []; // OpenCode refuses the file too; its own syntax check is not this reader's
  }
}

function manifestOf(dir: string): Record<string, unknown> | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as unknown;
    return isRecord(manifest) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** The server entry of a package whose package.json is hookit's, if `dir` is one and the entry exists. */
function packageServer(dir: string): string | undefined {
  const manifest = manifestOf(dir);
  if (manifest?.name !== PACKAGE || !isRecord(manifest.exports)) return undefined;
  const server = manifest.exports["./server"];
  return typeof server === "string" && existsSync(join(dir, server)) ? join(dir, server) : undefined;
}

/** Whether a `plugin` entry is hookit's plugin module (`…/dist/opencode.mjs` of a hookit package, as a path or file URL), as `hookit install` writes it. */
export function isHookitOpencodePlugin(entry: unknown, pluginPath?: string): boolean {
  if (typeof entry !== "string") return false;
  const path = entry.replace(/^file:\/\//, "").replace(/\\/g, "/");
  if (pluginPath !== undefined && path === pluginPath.replace(/\\/g, "/")) return true;
  return /\/dist\/opencode\.mjs$/.test(path) && /(^|\/)hookit(-cli)?(\/|$)/i.test(path);
}

function stateOf(entry: string, file: string, env: Env): AddOnState | undefined {
  const npm = NPM_SPEC.exec(entry);
  const fix = `opencode plugin ${PACKAGE} --force (or remove "${entry}" from ${file})`;
  if (npm) {
    const cache = join(env.XDG_CACHE_HOME || join(homeDir(env), ".cache"), "opencode", "packages", npm[1] ? entry : `${entry}@latest`);
    const server = packageServer(join(cache, "node_modules", PACKAGE));
    if (server) return { id: entry, loaded: true, from: `${server}; listed in ${file}` };
    return {
      id: entry,
      loaded: false,
      why: `is listed in ${file} but not installed under ${cache} (OpenCode installs it at its next start, which needs the network; until then it runs unguarded)`,
      fix: `${fix}; then start OpenCode once online`,
    };
  }
  // A folder: hookit's when its package.json says so, or, once it is gone, when its name does.
  const path = entry.startsWith("file://") ? filePath(entry) : entry;
  if (path === undefined || !isAbsolute(path) || isHookitOpencodePlugin(entry)) return undefined;
  const name = manifestOf(path)?.name;
  const named = typeof name === "string" ? name : undefined;
  if (named !== PACKAGE && !(named === undefined && /(^|\/)hookit(-cli)?\/?$/.test(path))) return undefined;
  const server = packageServer(path);
  if (server) return { id: entry, loaded: true, from: `${server}; listed in ${file}` };
  return {
    id: entry,
    loaded: false,
    why: `names ${path}, which holds no hookit OpenCode plugin (package.json exports "./server"): OpenCode runs unguarded`,
    fix,
  };
}

/** A file URL's path; a URL Node cannot read (`file://host/x`) is no folder of hookit's. */
function filePath(url: string): string | undefined {
  try {
    return fileURLToPath(url);
  } catch {
    return undefined;
  }
}

function readStates({ projectDir, env }: { projectDir: string; env: Env }): AddOnState[] {
  const states: AddOnState[] = [];
  let module: string | undefined;
  for (const file of configFiles(projectDir, env)) {
    for (const item of pluginsOf(file)) {
      // An entry may carry options: ["hookit-cli", { … }].
      const entry = Array.isArray(item) ? item[0] : item;
      if (isHookitOpencodePlugin(entry)) module = file;
      const state = typeof entry === "string" ? stateOf(entry, file, env) : undefined;
      if (state) states.push(state);
    }
  }
  // OpenCode loads the package and hookit install's module path as two plugins: each call judged twice.
  const twice = module && {
    message: `OpenCode also loads hookit's module from ${module} (hookit install): every tool call is judged twice, and every message sent twice`,
    fix: "keep one: hookit uninstall --agent opencode, or remove the package from OpenCode's plugin list",
  };
  return states.map((state) => (state.loaded && twice ? { ...state, warning: twice } : state));
}

export const opencodePackage: FileAddOn = { kind: "plugin package", read: readStates };
