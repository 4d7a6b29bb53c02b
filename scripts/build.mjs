// Builds dist/ with esbuild in two shapes:
// - the hot path (`hookit hook`): CommonJS, one file for the runner and engine,
//   one per adapter and one for the validator, each `require`d only when needed
//   — Node's ESM loader alone costs more than our whole budget;
// - everything else (CLI, library, Pi extension): ESM with code splitting, the
//   cold commands' dependencies (citty, zod, consola) in lazy chunks.
import { build, transform } from "esbuild";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { dirname, relative, resolve, sep } from "node:path";

import { adapterIds } from "./agents.mjs";
import { makeCodeCaches } from "./code-cache.mjs";
import { writeAgentPlugins } from "./agent-plugins.mjs";
import { statefulDuplicates } from "./hot-duplicates.mjs";
import { renderProgramNames } from "./gen-programs.mjs";

const ADAPTER_IDS = adapterIds();
const common = {
  bundle: true,
  platform: "node",
  mainFields: ["module", "main"],
  target: "node22",
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
};

/**
 * Every `*.lazy.ts` file under src/ loads something lazily in source form; on the hot path it is
 * built from the `*.hot.ts` file beside it, which `require`s a prebuilt file beside hook.cjs (or
 * a Node module) on first use. A `.lazy.ts` file without its `.hot.ts` fails the build.
 */
const hotPathLoaders = {
  name: "hot-path-loaders",
  setup(b) {
    // The prebuilt files sit next to hook.cjs at run time; leave them unbundled.
    b.onResolve({ filter: /^\.\/(adapters\/[a-z]+|validate|external|facts|packs)\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /\.lazy\.ts$/ }, (args) => {
      const hot = args.path.replace(/\.lazy\.ts$/, ".hot.ts");
      const key = relative(resolve("src"), hot).split(sep).join("/");
      if (!existsSync(hot)) throw new Error(`src/${key} is missing: every .lazy.ts file needs its hot-path version beside it`);
      return { contents: readFileSync(hot, "utf8"), loader: "ts", resolveDir: dirname(hot) };
    });
  },
};

/**
 * The packs' data (src/facts/packs/packs.generated.json, one JSON text a pack) in dist/packs.cjs:
 * each text the body of a function of its own, which registry.ts calls the first time a call
 * needs that pack. V8 compiles a function, and the code cache keeps it with its text, only once
 * it runs: as plain strings every pack's text was in packs.cjs's cache, which each call with
 * packs on read whole (the compound line with every pack on 133.93 → 133.09 M instructions,
 * Node 22.23.5); imported as JSON, all of them built as objects, 138.49 M.
 */
const packTexts = {
  name: "pack-texts",
  setup(b) {
    b.onLoad({ filter: /[\\/]packs\.generated\.json$/ }, (args) => {
      const { byProgram, packs } = JSON.parse(readFileSync(args.path, "utf8"));
      const texts = packs.map((text) => `() => ${JSON.stringify(text)}`);
      return { contents: `export default { byProgram: ${JSON.stringify(byProgram)}, packs: [${texts.join(", ")}] };`, loader: "js" };
    });
  },
};

// The registry makes a family only when a line names a program its names list places
// (src/facts/programs.ts): a list that missed a program would leave it unread, so no hot path is
// built from one that is not current.
const NAMES_FILE = "src/facts/program-names.generated.ts";
if (readFileSync(NAMES_FILE, "utf8") !== (await renderProgramNames(resolve(".")))) {
  console.error(`${NAMES_FILE} does not match the program registry: run \`npm run docs\`, then build again.`);
  process.exit(1);
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
/**
 * The bundles dist/bin.cjs compiles itself (hook.cjs, the adapters, facts.cjs, and validate.cjs
 * built with them) are written inside the function Node wraps a CommonJS module in, so bin.cjs
 * compiles a file's text as it is: joining the wrapper to the text at run time made a second copy
 * of every bundle a call loads, 2.5 M instructions and the scavenge it pushed a parsed Bash call
 * into (Node 22.23.5, docs/performance.md). The first line calls that function itself when Node's
 * own loader runs the file (`this` is then the module's exports, not the global object, as it is
 * for bin.cjs's vm.Script), so `require("dist/facts.cjs")` works too.
 */
const WRAPPED = {
  banner: {
    js: "(function (run, self) { return self === globalThis ? run : run(exports, require, module, __filename, __dirname); })(function (exports, require, module, __filename, __dirname) {",
  },
  footer: { js: "}, this);" },
};
const hot = await build({
  ...common,
  ...WRAPPED,
  entryPoints: {
    hook: "src/run/hook.ts",
    validate: "src/engine/catalog.ts",
    ...Object.fromEntries(ADAPTER_IDS.map((id) => [`adapters/${id}`, `src/agents/${id}/adapter.ts`])),
  },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  plugins: [hotPathLoaders],
  // `import()` as `require`: an `import()` would start Node's ESM loader, which alone costs more
  // than the hot path's whole budget.
  supported: { "dynamic-import": false },
  // Every tool call of every agent reads this bundle: minified, there is less to read and hash.
  minify: true,
});
// The external adapter loader keeps its real `import()` (an adapter may be an ES module), so it
// is built apart from hook.cjs.
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
// needs facts for: minified, because compiling it is most of what it costs. The packs' rules
// and their matcher are a bundle of their own, which facts.cjs requires only for a policy that
// turns a pack on (src/facts/packs-loader.hot.ts), compiled from a cache warmed with every pack on,
// each pack's text in a function of its own (packTexts).
const facts = await build({
  ...common,
  ...WRAPPED,
  entryPoints: { facts: "src/facts/index.ts", packs: "src/facts/packs/registry.ts" },
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  plugins: [hotPathLoaders, packTexts],
  minify: true,
});
/**
 * V8 puts a string over 128 kB (its largest regular object) in the large-object space, and any
 * smaller one in the young generation, whose first limit (about 1 MB, a third of it Node's own)
 * a parsed Bash call comes within a few kilobytes of: crossing it costs a scavenge of 2.4–2.6 M
 * instructions. hook.cjs's text (85 kB) is the largest young object of every call, so it is
 * written past the limit with a trailing comment of blanks: the compound Bash line of `node
 * bench/instructions.mjs` 130.6 → 128.5 M, the other rows +0.1 M (more text read), Node 22.23.5.
 * facts.cjs (163 kB) is past it already. The adapters' texts (7–15 kB) too: the call's margin was
 * that small, and the compound line crossed the limit again (131.17 → 128.91 M with claude.cjs
 * padded; a Write 109.18 → 109.15 M, a prompt 104.11 → 104.07 M, Node 22.23.5).
 * test/run/hook/hot-path-bundle.test.ts checks them all.
 */
const LARGE_OBJECT = 128 * 1024;
function pastYoungGeneration(file) {
  const text = readFileSync(file, "utf8");
  const note = "\n// padded past V8's largest regular object: see scripts/build.mjs (pastYoungGeneration)\n/*";
  if (text.length <= LARGE_OBJECT) writeFileSync(file, `${text}${note}${" ".repeat(LARGE_OBJECT + 1024 - text.length - note.length)}*/\n`);
}
pastYoungGeneration("dist/hook.cjs");
for (const id of ADAPTER_IDS) pastYoungGeneration(`dist/adapters/${id}.cjs`);
for (const other of [external, facts]) {
  Object.assign(hot.metafile.outputs, other.metafile.outputs);
  Object.assign(hot.metafile.inputs, other.metafile.inputs);
}
// Every hook call reads its bundles: the capability tables (doctor's and the docs') stay out of them.
for (const [output, { inputs }] of Object.entries(hot.metafile.outputs)) {
  const table = Object.keys(inputs).find((input) => /^src\/agents\/[^/]+\/capabilities\.ts$/.test(input));
  if (table) throw new Error(`${output} bundles ${table}: the hot path must not import an agent's capability table`);
}
for (const problem of statefulDuplicates(hot.metafile.outputs)) throw new Error(problem);
// The bin is the one file of every call Node compiles from source (no code cache for it):
// minified, without its comments (src/bin.cjs is the readable one).
writeFileSync("dist/bin.cjs", (await transform(readFileSync("src/bin.cjs", "utf8"), { minify: true, loader: "js" })).code);
chmodSync("dist/bin.cjs", 0o755);
writeFileSync("dist/meta.json", JSON.stringify({ cold: cold.metafile, hot: hot.metafile }));
makeCodeCaches();
writeFileSync("dist/policy-tests.schema.json", execFileSync(process.execPath, ["dist/bin.cjs", "test", "--schema"]));
// The agents' own add-on files (Claude Code plugin), from the built installer.
writeAgentPlugins();
// The compile cache those runs made (src/bin.cjs) is the build's, not something to ship: each install makes its own.
rmSync("dist/compile-cache", { recursive: true, force: true });
writeFileSync(
  "dist/schema.json",
  execFileSync(process.execPath, ["dist/bin.cjs", "schema"], { env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" } }),
); // last: tests wait for it
const files = Object.keys(cold.metafile.outputs).length + Object.keys(hot.metafile.outputs).length + 1;
console.error(`built dist/ (${files} files)`);
