// The hot path's loaders.lazy.ts (scripts/build.mjs builds this file in its place): each
// adapter is its own prebuilt file beside hook.cjs (dist/adapters/<id>.cjs), required only
// when its agent calls, so a call loads exactly one adapter and never Node's ESM loader.
import { HOOK_AGENT_IDS } from "../contract/agent-ids.ts";
import type { LOADERS as SOURCE_LOADERS } from "./loaders.lazy.ts";

/** `require` under another name: esbuild leaves the adapters' names unresolved (they are files beside the bundle). */
const requireFromDist: (file: string) => unknown = require;

export const LOADERS = Object.fromEntries(
  HOOK_AGENT_IDS.map((id) => [id, async () => requireFromDist(`./adapters/${id}.cjs`)]),
) as unknown as typeof SOURCE_LOADERS;
