// Loads the shell parser and fact derivation. The hot-path build swaps this file
// for facts-loader.hot.ts, a `require` of the prebuilt `dist/facts.cjs`, made only
// when a hook (or self-protection, for any shell command) needs facts.
// Here (tests, in-process hosts) the module is simply imported.
import * as facts from "../facts/index.ts";

export const loadFacts = async (): Promise<typeof facts> => facts;
/** The same, synchronously: self-protection is a synchronous check. */
export const factsNow = (): typeof facts => facts;
