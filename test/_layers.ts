// The layer order of src/ (AGENTS.md, "Layers"), read by test/layers.test.ts (every import points
// down), test/import-cycles.test.ts and test/agents-md.test.ts (AGENTS.md's table says the same).
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export const SRC = resolve(import.meta.dirname, "../src");

/** Every .ts file under `dir`, as a path under src/. */
export function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [relative(SRC, path).split("\\").join("/")] : [];
  });
}

/** Top to bottom. Layers of equal rank must not import each other. */
export const LAYERS: ReadonlyArray<{ name: string; rank: number; paths: readonly string[] }> = [
  { name: "cli", rank: 9, paths: ["cli/", "index.ts"] },
  { name: "commands", rank: 8, paths: ["doctor/", "installer/", "policytest/", "telemetry/"] },
  { name: "hosts", rank: 7, paths: ["hosts/"] },
  { name: "run", rank: 6, paths: ["run/"] },
  { name: "agents", rank: 5, paths: ["agents/"] },
  { name: "install kit", rank: 4, paths: ["install/"] },
  { name: "policy", rank: 3, paths: ["policy/"] },
  { name: "contract", rank: 2, paths: ["contract/"] },
  { name: "protect", rank: 2, paths: ["protect/"] },
  { name: "sources", rank: 2, paths: ["sources/"] },
  { name: "engine", rank: 1, paths: ["engine/"] },
  { name: "facts", rank: 0, paths: ["facts/"] },
  { name: "base", rank: -1, paths: ["base/"] },
];
