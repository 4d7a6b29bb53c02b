// The host-neutral engine: load a catalog, derive the Enabled Hook Set, evaluate events.
export { loadCatalog, parseStorageFile } from "./catalog.ts";
export { enabledHookSet } from "./enabled.ts";
export type { CatalogResult, Diagnostic, Storage, StorageFile } from "./catalog.ts";
export { createEvaluator, evaluate, memoryStateStore } from "./evaluate.ts";
export type { Evaluator } from "./evaluate.ts";
export { runShell, DEFAULT_TIMEOUT_MS } from "./shell.ts";
export * from "./types.ts";
