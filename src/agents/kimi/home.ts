// Kimi Code's data folder: `$KIMI_CODE_HOME`, else `~/.kimi-code`. Its own file so the install target
// and the plugin reader (which the target names) both use it without importing each other.
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import type { Env } from "../../base/paths.ts";

export function kimiHome(env: Env): string {
  return env.KIMI_CODE_HOME || join(homeDir(env), ".kimi-code");
}
