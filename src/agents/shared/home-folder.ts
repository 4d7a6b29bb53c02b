// An agent whose whole data folder moves with one environment variable, else is `~/<dir>`
// (Codex's `$CODEX_HOME`, Kimi Code's `$KIMI_CODE_HOME`), and whose project config sits in a
// folder of the same name. One description gives the folder, the config files and the signs that
// the agent is on this machine, so the install target, the plugin reader and doctor agree on it.
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import type { Env } from "../../base/paths.ts";
import type { InstallTarget } from "../../install/types.ts";

export interface HomeFolder {
  /** The folder under the home directory, and in a project. */
  dir: string;
  /** The environment variable that names the folder instead (an empty one does not). */
  variable: string;
}

export function homeFolder({ dir, variable }: HomeFolder): (env: Env) => string {
  return (env) => env[variable] || join(homeDir(env), dir);
}

/** The install target's `file` in that folder (a project's, or the agent's own), and `bins`, the agent's commands. */
export function homeFolderFiles(
  home: HomeFolder,
  file: string,
  bins: string[],
): Pick<InstallTarget, "projectFile" | "globalFile" | "detect"> {
  const folder = homeFolder(home);
  return {
    projectFile: join(home.dir, file),
    globalFile: (env) => join(folder(env), file),
    detect: { bins, homeDirs: [home.dir], envDirs: [home.variable] },
  };
}
