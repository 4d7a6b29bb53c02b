// The hot path's packs-loader.lazy.ts (scripts/build.mjs builds this file in its place): the
// packs' rules and their matcher are the prebuilt dist/packs.cjs beside facts.cjs, with a code
// cache of their own warmed with every pack on (scripts/code-cache.mjs), required only when a
// policy turns a pack on. Inside facts.cjs they cost a parsed call without packs 0.85 M
// instructions and the compound line with every pack on 1.4 M (Node 22.23.5, docs/performance.md).
type Packs = typeof import("./packs/registry.ts");

export const packsNow = (): Packs => require("./packs.cjs");
