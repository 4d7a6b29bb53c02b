// Loads the external-adapter machinery, only for agent names that are not built
// in. The build swaps this file for a `require` of the prebuilt `dist/external.cjs`,
// so built-in agents never parse it.
export const loadExternal = () => import("../agents/external/index.ts");
