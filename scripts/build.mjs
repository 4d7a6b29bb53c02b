// Builds dist/ with esbuild in two shapes:
// - the hot path (`hookit hook`): CommonJS, one file for the runner and engine,
//   one per adapter and one for the validator, each `require`d only when needed
//   — Node's ESM loader alone costs more than our whole budget;
// - everything else (CLI, library, Pi extension): ESM with code splitting, the
//   cold commands' dependencies (citty, zod, consola) in lazy chunks.
import { build, transform } from "esbuild";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { relative, resolve, sep } from "node:path";

import { adapterIds } from "./agents.mjs";
import { makeCodeCaches } from "./code-cache.mjs";
import { writeAgentPlugins } from "./agent-plugins.mjs";

const ADAPTER_IDS = adapterIds();
/** The one spelling of the CommonJS wrapper and of reading a saved wrapped bundle, shared with the hot path's loader. */
const { wrap, wrappedSource } = createRequire(import.meta.url)("../src/bin.cjs");
const common = {
  bundle: true,
  platform: "node",
  mainFields: ["module", "main"],
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
};

/**
 * Every `*.lazy.ts` file under src/ loads something lazily in source form; on the hot path it is
 * swapped for the `require` of a prebuilt file (or a lazy `require` of a Node module). A
 * `.lazy.ts` file without a replacement here fails the build.
 */
const LAZY_REPLACEMENTS = {
  "agents/loaders.lazy.ts": () =>
    `export const LOADERS = {${ADAPTER_IDS.map((id) => `${id}: async () => require("./adapters/${id}.cjs")`).join(", ")}};`,
  "crypto.lazy.ts": () => `export const crypto = () => require("node:crypto");`,
  "os.lazy.ts": () => `export const os = () => require("node:os");`,
  "run/external.lazy.ts": () => `export const loadExternal = async () => require("./external.cjs");`,
  "engine/facts-loader.lazy.ts": () => FACTS_LOADER,
  "policy/validator.lazy.ts": () => `export const loadValidator = async () => require("./validate.cjs");`,
};

const hotPathLoaders = {
  name: "hot-path-loaders",
  setup(b) {
    // The prebuilt files sit next to hook.cjs at run time; leave them unbundled.
    b.onResolve({ filter: /^\.\/(adapters\/[a-z]+|validate|external|facts)\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /\.lazy\.ts$/ }, (args) => {
      const key = relative(resolve("src"), args.path).split(sep).join("/");
      const replacement = LAZY_REPLACEMENTS[key];
      if (replacement === undefined) throw new Error(`src/${key} has no hot-path replacement in scripts/build.mjs`);
      return { contents: replacement(), loader: "js" };
    });
  },
};

// dist/facts.cjs through V8's code cache (dist/facts.cjs.<kind>.cache, made below), from the
// wrapped source the build saves next to it (dist/facts.cjs.wrapped; the loader carries
// src/bin.cjs's wrap() and wrappedSource()): most of what a first parse costs is compiling the
// functions it runs. The first command line to need facts picks the cache (factsCacheKind). A
// cache from another Node version is rejected by V8, and the file is then simply compiled.
const FACTS_LOADER = `
import { factsCacheKind } from "../facts/cache-kind.ts";
const { Script } = require("node:vm");
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
let loaded;
export const loadFacts = async (command) => (loaded ??= load(command));
export const factsNow = (command) => (loaded ??= load(command));
${wrap.toString()}
${wrappedSource.toString()}
function load(command) {
  const file = join(__dirname, "facts.cjs");
  let cachedData;
  try { cachedData = readFileSync(file + "." + factsCacheKind(command) + ".cache"); } catch {}
  const script = new Script(wrappedSource(file), { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, __dirname);
  return module.exports;
}`;

/**
 * Runs the facts on typical commands, then saves V8's code for every function that ran, once per
 * kind of line (src/facts/cache-kind.ts). Every parsed call deserializes the whole cache it
 * loads (about 28 instructions per byte), while a function missing from it is compiled when
 * first needed (about ten times what its share of the cache costs): the commands are what
 * agents run all the time (a build and test line, searches, globs, a clean, a push), not the
 * rare spellings (`sudo env timeout`, `find -exec`, `bash -c`) that only an attempt to get
 * around a guard uses. The `search` cache is warmed on every line, the `plain` one only on the
 * lines that neither search nor expand a glob.
 */
function factsCodeCache() {
  // Each line with the kind factsCacheKind must give it (checked below: a line of the wrong kind warms the wrong cache).
  const lines = [
    ["cd src && git add -A && git commit -m 'fix: x' && npm test 2>&1 | tail -n 20 > ../test.log", "plain"],
    ["grep -rn TODO src | head -n 20; ls src/*.ts; rm -rf build; git push origin main", "search"],
  ];
  for (const kind of ["search", "plain"]) {
    const script = `
      const { Script } = require("node:vm"); const fs = require("node:fs"); const path = require("node:path");
      const file = path.resolve("dist/facts.cjs");
      const script = new Script(fs.readFileSync(file + ".wrapped", "utf8"), { filename: file });
      const module = { exports: {} };
      script.runInThisContext()(module.exports, require, module, file, path.dirname(file));
      const facts = module.exports;
      for (const [command, expected] of ${JSON.stringify(lines)}) {
        if (facts.factsCacheKind(command) !== expected) throw new Error("factsCacheKind(" + JSON.stringify(command) + ") is not " + expected);
        // The search cache holds every line's code, the plain one only the plain lines'. Not the packs:
        // warming them saved a policy with every pack on 2.6 M instructions a Bash call (124.3 → 121.7 M)
        // and cost every call without packs 1 M (118.5 → 119.5 M); packs are opt in.
        if (${JSON.stringify(kind)} === "search" || expected === "plain") facts.factCandidate(facts.deriveCommandFacts(command, { cwd: process.cwd() }));
      }
      fs.writeFileSync(file + ".${kind}.cache", script.createCachedData());`;
    execFileSync(process.execPath, ["-e", script], { stdio: "inherit" });
  }
}

rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });
const cold = await build({
  ...common,
  entryPoints: { cli: "src/cli/main.ts", index: "src/index.ts", pi: "src/hosts/pi/index.ts", opencode: "src/hosts/opencode/index.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  chunkNames: "_chunks/[name]-[hash]",
  splitting: true,
  format: "esm",
  // CommonJS dependencies bundled into ES modules (execa's cross-spawn) call `require` for Node's
  // built-ins; esbuild's ESM output has none, so each file gets one.
  banner: {
    js: 'import { createRequire as __hookitCreateRequire } from "node:module"; const require = __hookitCreateRequire(import.meta.url);',
  },
});
const hot = await build({
  ...common,
  entryPoints: {
    hook: "src/run/hook.ts",
    validate: "src/engine/catalog.ts",
    ...Object.fromEntries(ADAPTER_IDS.map((id) => [`adapters/${id}`, `src/agents/${id}/adapter.ts`])),
  },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  plugins: [hotPathLoaders],
  // `import()` as `require`: the hook bundle runs from V8's code cache through
  // vm.Script, which has no dynamic-import callback.
  supported: { "dynamic-import": false },
  // Every tool call of every agent parses this bundle (Node 20 has no compile
  // cache): minified, it parses in less time (bench/results.md).
  minify: true,
});
// The external adapter loader keeps its real `import()` (an adapter may be an ES module), so it
// is built apart and loaded by Node's own loader, not from a code cache (see src/bin.cjs).
const external = await build({
  ...common,
  entryPoints: { external: "src/agents/external/index.ts" },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  plugins: [hotPathLoaders],
  minify: true,
});
// The shell parser and command facts, required on the first bash call a hook
// needs facts for: minified, because compiling it is most of what it costs.
const facts = await build({
  ...common,
  entryPoints: { facts: "src/facts/index.ts" },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  plugins: [hotPathLoaders],
  minify: true,
});
// Each hot bundle's source as V8 compiles it from a code cache (src/bin.cjs, wrappedSource).
for (const file of ["dist/hook.cjs", "dist/facts.cjs", ...ADAPTER_IDS.map((id) => `dist/adapters/${id}.cjs`)])
  writeFileSync(`${file}.wrapped`, wrap(readFileSync(file, "utf8")));
factsCodeCache();
for (const other of [external, facts]) {
  Object.assign(hot.metafile.outputs, other.metafile.outputs);
  Object.assign(hot.metafile.inputs, other.metafile.inputs);
}
// The bin is the first file of every call Node compiles from source (no code cache for it):
// minified, without its comments (src/bin.cjs is the readable one).
writeFileSync("dist/bin.cjs", (await transform(readFileSync("src/bin.cjs", "utf8"), { minify: true, loader: "js" })).code);
chmodSync("dist/bin.cjs", 0o755);
writeFileSync("dist/meta.json", JSON.stringify({ cold: cold.metafile, hot: hot.metafile }));
writeFileSync("dist/policy-tests.schema.json", execFileSync(process.execPath, ["dist/bin.cjs", "test", "--schema"]));
makeCodeCaches();
// The agents' own add-on files (Claude Code plugin), from the built installer.
writeAgentPlugins();
writeFileSync("dist/schema.json", execFileSync(process.execPath, ["dist/bin.cjs", "schema"])); // last: tests wait for it
const files = Object.keys(cold.metafile.outputs).length + Object.keys(hot.metafile.outputs).length + 1;
console.error(`built dist/ (${files} files)`);
