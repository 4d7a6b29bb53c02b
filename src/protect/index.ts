// Placeholder replaced below.
import type { NormalizedEvent } from "../engine/types.ts";
import type { Env } from "../paths.ts";
export interface ProtectContext { cwd: string; projectDir: string; env: Env; packageDir?: string }
export function selfProtectionBlock(_events: readonly NormalizedEvent[], _ctx: ProtectContext): string | undefined {
  return undefined;
}
