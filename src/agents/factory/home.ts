// droid's user folder: `~/.factory`, where `$FACTORY_HOME_OVERRIDE` replaces the home directory as
// it does for droid. Its own file so the install target and the plugin reader (which the target
// names) both use it without importing each other.
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import type { Env } from "../../base/paths.ts";

export function factoryDir(env: Env): string {
  return join(env.FACTORY_HOME_OVERRIDE || homeDir(env), ".factory");
}
