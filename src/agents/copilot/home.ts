// Copilot CLI's home folder: `$COPILOT_HOME`, default `~/.copilot` (1.0.102 writes its settings.json
// there when the variable is set). Its own file so the install target and the plugin reader share it.
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import type { Env } from "../../base/paths.ts";

export function copilotHome(env: Env): string {
  return env.COPILOT_HOME || join(homeDir(env), ".copilot");
}
