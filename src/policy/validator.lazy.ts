// Loads the policy validator (zod) only on a validated-policy cache miss. The
// build swaps this file for a `require` of the prebuilt `dist/validate.cjs`.
export const loadValidator = () => import("../engine/catalog.ts");
