// Loads the shell parser and fact derivation only when a hook needs facts. The
// hot-path build swaps this file for a `require` of the prebuilt `dist/facts.cjs`.
export const loadFacts = () => import("../facts/index.ts");
