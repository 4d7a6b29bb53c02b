// The program registry's families (programs.ts), by the name of the file each is written in.
// The hot-path build swaps this file for program-families.hot.ts, which loads a family's module
// the first time a line names one of its programs; here (tests, docs, in-process hosts) every
// family is simply imported.
import { FILES } from "./programs-files.ts";
import { READING } from "./programs-readers.ts";
import { TEXT } from "./programs-text.ts";
import { ARCHIVES } from "./programs-archives.ts";
import { NETWORK } from "./programs-network.ts";
import { GIT } from "./programs-git.ts";
import { FIND } from "./programs-find.ts";
import { WRAPPERS } from "./programs-wrappers.ts";
import { SHELL } from "./programs-shell.ts";
import { TOOLS } from "./programs-tools.ts";
import { AGENTS } from "./programs-agents.ts";
import type { Program } from "./programs-kit.ts";

export const FAMILY_LOADERS = {
  files: () => FILES,
  readers: () => READING,
  text: () => TEXT,
  archives: () => ARCHIVES,
  network: () => NETWORK,
  git: () => GIT,
  find: () => FIND,
  wrappers: () => WRAPPERS,
  shell: () => SHELL,
  tools: () => TOOLS,
  agents: () => AGENTS,
} satisfies Record<string, () => readonly Program[]>;
