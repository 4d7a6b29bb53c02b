// OpenCode runs hookit in-process: the installer lists hookit's plugin module
// (`<package root>/dist/opencode.mjs`) in the `plugin` array of OpenCode's
// config, `opencode.json` in the project or `$XDG_CONFIG_HOME/opencode/opencode.json`
// (default `~/.config/opencode`). OpenCode 1.18 loads an absolute module path
// listed there and merges the arrays of every config file it reads.
import { dirname, isAbsolute, join } from "node:path";
import type { Env } from "../../base/paths.ts";
import { RESTART_STEP } from "../../install/common.ts";
import { InstallError } from "../../install/errors.ts";
import { renderNewFile } from "../../install/jsonc.ts";
import { homeDir } from "../../install/locate.ts";
import { clear, sync, type Collection } from "../../install/shapes.ts";
import type { InstallTarget } from "../../install/types.ts";
import { OPENCODE_CAPABILITIES } from "./capabilities.ts";
import { isHookitOpencodePlugin, opencodePackage } from "./package.ts";

export { isHookitOpencodePlugin };

const EMPTY_TEXT = renderNewFile({});
const PLUGIN_FILE = "opencode.mjs";

/**
 * hookit's OpenCode plugin is built beside its Pi extension (`dist/opencode.mjs`
 * next to `dist/pi.mjs`), so the one package path the installer is given names both.
 */
export function opencodePluginPath(extensionPath: string): string {
  if (!isAbsolute(extensionPath)) {
    throw new InstallError(
      "E_NOT_BUILT",
      "hookit cannot name its OpenCode plugin: its package root was not found. Build hookit (npm run build) and run its own `hookit install`.",
    );
  }
  return join(dirname(extensionPath), PLUGIN_FILE);
}

function opencodeConfigDir(env: Env): string {
  return join(env.XDG_CONFIG_HOME || join(homeDir(env), ".config"), "opencode");
}

function plugins(want: string[], pluginPath?: string): Collection {
  return { path: ["plugin"], want, owns: (entry) => isHookitOpencodePlugin(entry, pluginPath) };
}

const target: InstallTarget = {
  id: "opencode",
  title: "OpenCode",
  inProcess: {
    module: "plugin",
    distFile: "opencode.mjs",
    entry: (strings, own) => strings.find((s) => isHookitOpencodePlugin(s, own))?.replace(/^file:\/\//, ""),
    staleEffect: "OpenCode then runs unguarded",
    loadsOnce: true,
    capabilities: OPENCODE_CAPABILITIES,
  },
  // `opencode plugin hookit-cli`: the package OpenCode installs itself (package.ts).
  addOn: opencodePackage,
  projectFile: "opencode.json",
  globalFile: (env) => join(opencodeConfigDir(env), "opencode.json"),
  detect: {
    bins: ["opencode"],
    homeDirs: [join(".config", "opencode"), join(".local", "share", "opencode")],
    envDirs: ["OPENCODE_CONFIG_DIR"],
  },
  emptyText: EMPTY_TEXT,
  apply(text, options) {
    const pluginPath = opencodePluginPath(options.extensionPath);
    const file = options.file ?? "opencode.json";
    const start = text === undefined || text.trim() === "" ? EMPTY_TEXT : text;
    const wanted = plugins([pluginPath], pluginPath);
    if (sync(start, file, wanted) === start) return { text: start, changed: start !== text };
    // A moved hookit goes in as a fresh install would: an array emptied in place would print inline instead.
    const next = sync(clear(start, file, plugins([], pluginPath)), file, wanted);
    return { text: next, changed: next !== text };
  },
  remove(text, options = {}) {
    if (text === undefined || text.trim() === "") return { text, changed: false };
    const pluginPath = options.extensionPath && isAbsolute(options.extensionPath) ? opencodePluginPath(options.extensionPath) : undefined;
    const next = clear(text, options.file ?? "opencode.json", plugins([], pluginPath));
    return { text: next, changed: next !== text };
  },
  nextSteps: () => [
    // OpenCode installs its plugin types package into each config directory and waits for it before loading any plugin.
    "The first OpenCode start with a plugin configured installs OpenCode's plugin package into its config directories (once, needs the network).",
    RESTART_STEP,
  ],
};

export default target;
