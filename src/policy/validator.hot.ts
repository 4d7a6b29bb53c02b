// The hot path's validator.lazy.ts (scripts/build.mjs builds this file in its place): the
// validator (zod) is the prebuilt dist/validate.cjs beside hook.cjs, required only on a
// validated-policy cache miss.
export const loadValidator = async (): Promise<typeof import("../engine/catalog.ts")> => require("./validate.cjs");
