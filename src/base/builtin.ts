// A Node built-in module loaded where it is first needed, not when its importer loads: the hot path
// pays for what a call uses (node:child_process about 3 ms, node:zlib about 1 M instructions).
// `process.getBuiltinModule` (Node 22.3) where there is one; `require` where the runtime lacks it
// (Bun, in OpenCode).
export function builtinModule<T>(id: string): T {
  const builtin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  return (builtin ? builtin(id) : require(id)) as T;
}
