// The built-in hook adapters, read from their one home: src/agents/loaders.lazy.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function adapterIds(root = join(import.meta.dirname, "..")) {
  const source = readFileSync(join(root, "src", "agents", "loaders.lazy.ts"), "utf8");
  const ids = [...source.matchAll(/^\s+([a-z][a-z0-9]*): \(\) => import\("\.\/\1\/adapter\.ts"\)/gm)].map((m) => m[1]);
  if (ids.length === 0) throw new Error("no adapters found in src/agents/loaders.lazy.ts");
  return ids;
}
