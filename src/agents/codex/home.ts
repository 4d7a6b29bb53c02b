// Codex's home folder: `$CODEX_HOME`, default `~/.codex`. Its own file so the install target and the
// plugin reader (which the target names) both use it without importing each other.
import { join } from "node:path";
import { homeDir } from "../../install/locate.ts";
import type { Env } from "../../base/paths.ts";

export function codexHome(env: Env): string {
  return env.CODEX_HOME || join(homeDir(env), ".codex");
}
