// Pi runs hookit in-process: the installer lists hookit's extension file
// (`<package root>/dist/pi.mjs`) in the `extensions` array of Pi's settings,
// `.pi/settings.json` (project) or `<agent dir>/settings.json`
// (`$PI_CODING_AGENT_DIR`, default `~/.pi/agent`).
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import { isHookitPiExtension } from "../../install/marker.ts";
import { renderNewFile } from "../../install/jsonc.ts";
import { clear, sync } from "../../install/shapes.ts";
import type { Collection } from "../../install/shapes.ts";
import { RESTART_STEP } from "../../install/common.ts";
import type { Env } from "../../base/paths.ts";
import type { InstallTarget } from "../../install/types.ts";

const EMPTY_TEXT = renderNewFile({});

function extensions(want: string[], extensionPath?: string): Collection {
  return { path: ["extensions"], want, owns: (entry) => isHookitPiExtension(entry, extensionPath) };
}

function piAgentDir(env: Env): string {
  return env.PI_CODING_AGENT_DIR || join(homeDir(env), ".pi", "agent");
}

const target: InstallTarget = {
  id: "pi",
  title: "Pi",
  inProcess: {
    module: "extension",
    distFile: "pi.mjs",
    entry: (strings, own) => strings.find((s) => isHookitPiExtension(s, own)),
  },
  projectFile: join(".pi", "settings.json"),
  globalFile: (env) => join(piAgentDir(env), "settings.json"),
  detect: { bins: ["pi"], homeDirs: [".pi"], envDirs: ["PI_CODING_AGENT_DIR"] },
  emptyText: EMPTY_TEXT,
  apply(text, options) {
    const start = text === undefined || text.trim() === "" ? EMPTY_TEXT : text;
    const next = sync(start, options.file ?? "settings.json", extensions([options.extensionPath], options.extensionPath));
    return { text: next, changed: next !== text };
  },
  remove(text, options = {}) {
    if (text === undefined || text.trim() === "") return { text, changed: false };
    const next = clear(text, options.file ?? "settings.json", extensions([], options.extensionPath));
    return { text: next, changed: next !== text };
  },
  nextSteps: (scope) => [
    ...(scope.kind === "project"
      ? ["Pi reads .pi/settings.json only in a trusted project: trust it when asked (headless runs: -a / --approve)."]
      : []),
    RESTART_STEP,
  ],
};

export default target;
