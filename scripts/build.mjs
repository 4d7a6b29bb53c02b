// Builds dist/ with esbuild in two shapes:
// - the hot path (`hookit hook`): CommonJS, one file for the runner and engine,
//   one per adapter and one for the validator, each `require`d only when needed
//   — Node's ESM loader alone costs more than our whole budget;
// - everything else (CLI, library, Pi extension): ESM with code splitting, the
//   cold commands' dependencies (citty, zod, consola) in lazy chunks.
import { build } from "esbuild";
import { chmodSync, copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

import { adapterIds } from "./_adapter-ids.mjs";

const ADAPTER_IDS = adapterIds();
const common = { bundle: true, platform: "node", mainFields: ["module", "main"], target: "node20", legalComments: "none", logLevel: "warning", metafile: true };

/** Swaps the two lazy-loading modules for `require`s of the prebuilt files. */
const hotPathLoaders = {
  name: "hot-path-loaders",
  setup(b) {
    // The prebuilt files sit next to hook.cjs at run time; leave them unbundled.
    b.onResolve({ filter: /^\.\/(adapters\/[a-z]+|validate|external|facts)\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /src[\\/]adapters[\\/]_loaders\.ts$/ }, () => ({
      contents: `export const LOADERS = {${ADAPTER_IDS.map((id) => `${id}: async () => require("./adapters/${id}.cjs")`).join(", ")}};`,
      loader: "js",
    }));
    b.onLoad({ filter: /src[\\/]_crypto\.ts$/ }, () => ({
      contents: `export const crypto = () => require("node:crypto");`,
      loader: "js",
    }));
    b.onLoad({ filter: /src[\\/]run[\\/]_external\.ts$/ }, () => ({
      contents: `export const loadExternal = async () => require("./external.cjs");`,
      loader: "js",
    }));
    b.onLoad({ filter: /src[\\/]engine[\\/]_facts\.ts$/ }, () => ({
      contents: `export const loadFacts = async () => require("./facts.cjs");`,
      loader: "js",
    }));
    b.onLoad({ filter: /src[\\/]run[\\/]_validator\.ts$/ }, () => ({
      contents: `export const loadValidator = async () => require("./validate.cjs");`,
      loader: "js",
    }));
  },
};

rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });
const cold = await build({
  ...common,
  entryPoints: { cli: "src/cli/main.ts", index: "src/index.ts", pi: "src/adapters/pi/index.ts", opencode: "src/adapters/opencode/index.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  chunkNames: "_chunks/[name]-[hash]",
  splitting: true,
  format: "esm",
});
const hot = await build({
  ...common,
  entryPoints: { hook: "src/run/hook.ts", validate: "src/engine/catalog.ts", external: "src/adapters/external/index.ts", ...Object.fromEntries(ADAPTER_IDS.map((id) => [`adapters/${id}`, `src/adapters/${id}.ts`])) },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  plugins: [hotPathLoaders],
});
// The shell parser and command facts, required on the first bash call a hook
// needs facts for: minified, because compiling it is most of what it costs.
const facts = await build({
  ...common,
  entryPoints: { facts: "src/facts/index.ts" },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  minify: true,
});
Object.assign(hot.metafile.outputs, facts.metafile.outputs);
Object.assign(hot.metafile.inputs, facts.metafile.inputs);
copyFileSync("src/bin.cjs", "dist/bin.cjs");
chmodSync("dist/bin.cjs", 0o755);
writeFileSync("dist/meta.json", JSON.stringify({ cold: cold.metafile, hot: hot.metafile }));
writeFileSync("dist/policy-tests.schema.json", execFileSync(process.execPath, ["dist/bin.cjs", "test", "--schema"]));
writeFileSync("dist/schema.json", execFileSync(process.execPath, ["dist/bin.cjs", "schema"])); // last: tests wait for it
const files = Object.keys(cold.metafile.outputs).length + Object.keys(hot.metafile.outputs).length + 1;
console.error(`built dist/ (${files} files)`);
