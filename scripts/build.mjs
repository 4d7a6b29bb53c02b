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
import { makeCodeCaches } from "./code-cache.mjs";

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
      contents: FACTS_LOADER,
      loader: "js",
    }));
    b.onLoad({ filter: /src[\\/]run[\\/]_validator\.ts$/ }, () => ({
      contents: `export const loadValidator = async () => require("./validate.cjs");`,
      loader: "js",
    }));
  },
};

// dist/facts.cjs through V8's code cache (dist/facts.cjs.cache, made below): most of what a
// first parse costs is compiling the functions it runs. A cache from another Node version is
// rejected by V8, and the file is then simply compiled.
const FACTS_LOADER = `
const { Script } = require("node:vm");
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
let loaded;
export const loadFacts = async () => (loaded ??= load());
function load() {
  const file = join(__dirname, "facts.cjs");
  let cachedData;
  try { cachedData = readFileSync(file + ".cache"); } catch {}
  const script = new Script(require("node:module").wrap(readFileSync(file, "utf8")), { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, __dirname);
  return module.exports;
}`;

/** Runs the facts on typical commands, then saves V8's code for every function that ran. */
function factsCodeCache() {
  const commands = [
    "cd src && git add -A && git commit -m 'fix: x' && npm test 2>&1 | tail -n 20 > ../test.log",
    "bash -c 'rm -rf ~' ; sudo env X=1 timeout 5 find . -name '*.log' -exec rm {} + ; cat .env* | grep -e KEY > /tmp/x",
    "for f in *.ts; do wc -l \"$f\"; done; x=$(pwd); echo \"${HOME:-/}\" >> out; git push --force-with-lease origin main",
    "cat > notes.md <<'EOF'\nhello\nEOF\ncp -r a b && mv c d && tar czf x.tgz dist && curl -o f https://x && python3 -c 'print(1)'",
  ];
  const script = `
    const { Script } = require("node:vm"); const fs = require("node:fs"); const path = require("node:path");
    const file = path.resolve("dist/facts.cjs");
    const script = new Script(require("node:module").wrap(fs.readFileSync(file, "utf8")), { filename: file });
    const module = { exports: {} };
    script.runInThisContext()(module.exports, require, module, file, path.dirname(file));
    for (const command of ${JSON.stringify(commands)}) module.exports.deriveCommandFacts(command, { cwd: process.cwd() });
    module.exports.factCandidate(module.exports.deriveCommandFacts("ls", { cwd: process.cwd() }));
    fs.writeFileSync(file + ".cache", script.createCachedData());`;
  execFileSync(process.execPath, ["-e", script], { stdio: "inherit" });
}

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
  // `import()` as `require`: the hook bundle runs from V8's code cache through
  // vm.Script, which has no dynamic-import callback.
  supported: { "dynamic-import": false },
  // Every tool call of every agent parses this bundle (Node 20 has no compile
  // cache): minified, it parses in less time (bench/results.md).
  minify: !process.env.NOMIN,
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
factsCodeCache();
Object.assign(hot.metafile.outputs, facts.metafile.outputs);
Object.assign(hot.metafile.inputs, facts.metafile.inputs);
copyFileSync("src/bin.cjs", "dist/bin.cjs");
chmodSync("dist/bin.cjs", 0o755);
writeFileSync("dist/meta.json", JSON.stringify({ cold: cold.metafile, hot: hot.metafile }));
writeFileSync("dist/policy-tests.schema.json", execFileSync(process.execPath, ["dist/bin.cjs", "test", "--schema"]));
makeCodeCaches();
writeFileSync("dist/schema.json", execFileSync(process.execPath, ["dist/bin.cjs", "schema"])); // last: tests wait for it
const files = Object.keys(cold.metafile.outputs).length + Object.keys(hot.metafile.outputs).length + 1;
console.error(`built dist/ (${files} files)`);
