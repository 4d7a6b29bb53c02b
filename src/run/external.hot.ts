// The hot path's external.lazy.ts (scripts/build.mjs builds this file in its place): the
// external-adapter machinery is the prebuilt dist/external.cjs beside hook.cjs, required
// only for an agent name that is not built in.
export const loadExternal = async (): Promise<typeof import("../agents/external/index.ts")> => require("./external.cjs");
