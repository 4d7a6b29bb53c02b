// Kimi Code's data folder: `$KIMI_CODE_HOME`, else `~/.kimi-code`. Its own file so the install target
// and the plugin reader (which the target names) both use it without importing each other.
import { homeFolder, type HomeFolder } from "../shared/home-folder.ts";

export const KIMI_HOME: HomeFolder = { dir: ".kimi-code", variable: "KIMI_CODE_HOME" };

export const kimiHome = homeFolder(KIMI_HOME);
