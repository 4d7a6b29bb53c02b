// Bundles hookit into dist/ with esbuild: one ESM graph with code splitting, so
// the hot path (`hookit hook`) and each adapter are their own small chunks and
// the cold commands (citty, zod, consola) load only when used.
import { build } from "esbuild";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });
const result = await build({
  entryPoints: { bin: "src/bin.ts", index: "src/index.ts", pi: "src/adapters/pi/index.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  chunkNames: "_chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
});
writeFileSync("dist/meta.json", JSON.stringify(result.metafile));
writeFileSync("dist/schema.json", execFileSync(process.execPath, ["dist/bin.mjs", "schema"]));
console.error(`built dist/ (${Object.keys(result.metafile.outputs).length} files)`);
