// The hot path's program-families.lazy.ts (scripts/build.mjs builds this file in its place): each
// family's module is required, and so built, the first time a line names one of its programs
// (programs.ts), so a call pays only for the families its line uses. esbuild runs a module that is
// required, not imported, only when the require runs.
import type { Program } from "./programs-kit.ts";

type Families = typeof import("./program-families.lazy.ts").FAMILY_LOADERS;

export const FAMILY_LOADERS: Record<keyof Families, () => readonly Program[]> = {
  files: () => (require("./programs-files.ts") as typeof import("./programs-files.ts")).FILES,
  readers: () => (require("./programs-readers.ts") as typeof import("./programs-readers.ts")).READING,
  text: () => (require("./programs-text.ts") as typeof import("./programs-text.ts")).TEXT,
  archives: () => (require("./programs-archives.ts") as typeof import("./programs-archives.ts")).ARCHIVES,
  network: () => (require("./programs-network.ts") as typeof import("./programs-network.ts")).NETWORK,
  git: () => (require("./programs-git.ts") as typeof import("./programs-git.ts")).GIT,
  find: () => (require("./programs-find.ts") as typeof import("./programs-find.ts")).FIND,
  wrappers: () => (require("./programs-wrappers.ts") as typeof import("./programs-wrappers.ts")).WRAPPERS,
  shell: () => (require("./programs-shell.ts") as typeof import("./programs-shell.ts")).SHELL,
  tools: () => (require("./programs-tools.ts") as typeof import("./programs-tools.ts")).TOOLS,
  agents: () => (require("./programs-agents.ts") as typeof import("./programs-agents.ts")).AGENTS,
};
