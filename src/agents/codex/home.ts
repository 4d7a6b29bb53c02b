// Codex's home folder: `$CODEX_HOME`, default `~/.codex`. Its own file so the install target and the
// plugin reader (which the target names) both use it without importing each other.
import { homeFolder, type HomeFolder } from "../shared/home-folder.ts";

export const CODEX_HOME: HomeFolder = { dir: ".codex", variable: "CODEX_HOME" };

export const codexHome = homeFolder(CODEX_HOME);
