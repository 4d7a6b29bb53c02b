// The hot path's os.lazy.ts (scripts/build.mjs builds this file in its place):
// node:os is required on first use, not when hook.cjs loads.
export const os = (): typeof import("node:os") => require("node:os");
