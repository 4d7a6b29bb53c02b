// The hot path's facts-loader.lazy.ts (scripts/build.mjs builds this file in its place): the
// shell parser and command facts are the prebuilt dist/facts.cjs beside hook.cjs, required
// only when a hook (or self-protection) first needs the facts of a command.
type Facts = typeof import("../facts/index.ts");

export const loadFacts = async (): Promise<Facts> => require("./facts.cjs");
/** The same, synchronously: self-protection is a synchronous check. */
export const factsNow = (): Facts => require("./facts.cjs");
