// Loads the packs' rules and their matcher, needed only by a policy that turns a pack on. The
// hot-path build swaps this file for packs-loader.hot.ts, a `require` of the prebuilt
// `dist/packs.cjs` beside facts.cjs, so a call without packs never reads or compiles them.
// Here (tests, in-process hosts) the module is simply imported.
import * as packs from "./packs/registry.ts";

export const packsNow = (): typeof packs => packs;
