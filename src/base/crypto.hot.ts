// The hot path's crypto.lazy.ts (scripts/build.mjs builds this file in its place):
// node:crypto is required on first use, not when hook.cjs loads.
export const crypto = (): typeof import("node:crypto") => require("node:crypto");
