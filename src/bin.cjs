#!/usr/bin/env node
"use strict";
// The package bin, plain CommonJS on purpose: `hookit hook` runs on every tool
// call of every agent, so it goes straight to the prebuilt CommonJS hot path
// (no ESM loader, no citty, whose usage text would land on stdout — the
// harness's protocol channel). Everything else is the ESM CLI.
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

/**
 * The hot path's bundles (hook.cjs, the adapter it requires, facts.cjs, packs.cjs) are compiled from a V8
 * code cache the build makes after real calls (scripts/code-cache.mjs), one per bundle
 * (`<file>.<node version>.cache`), beside the code and as well protected. It holds the code of
 * every function those calls ran. Node's own compile cache (`module.enableCompileCache()`)
 * holds only what V8 compiles before a module runs, so everything else is compiled again on
 * every call: with it instead of this loader, a parsed Bash call cost 164 M instructions
 * instead of 121 M, a Write 128 M instead of 106 M (Node 22.23.5, docs/performance.md). A
 * cache from another Node, or a damaged one, is turned down by V8: the file is then compiled
 * as usual, slower, with the same answer.
 */
const loaded = new Map();
function requireCached(name) {
  const file = join(__dirname, name);
  const known = loaded.get(file);
  if (known) return known.module.exports;
  let cachedData;
  try {
    cachedData = readFileSync(`${file}.${process.version}.cache`);
  } catch {
    // No cache for this Node: V8 compiles the file.
  }
  const { Script } = require("node:vm");
  // The file is the function Node would wrap a CommonJS module in (scripts/build.mjs writes it so):
  // its text is compiled as it is, without a second copy joined to a wrapper. esbuild writes only
  // ASCII (it escapes every other character), so the text is read as latin1, a plain copy, not
  // decoded as UTF-8: 0.5 M instructions off a parsed Bash call, 0.34 M off a Write (Node 22.23.5;
  // test/run/hook/hot-path-bundle.test.ts fails if a bundle ever holds another byte).
  const script = new Script(readFileSync(file, "latin1"), { filename: file, cachedData });
  const module = { exports: {}, filename: file };
  loaded.set(file, { script, module });
  script.runInThisContext()(module.exports, hotRequire, module, file, __dirname);
  return module.exports;
}

/**
 * What the bundles' own `require` calls resolve to: the adapters, the facts and the packs from
 * their caches, the rest through Node's loader. external.cjs keeps Node's own loader, the only one
 * whose `import()` can load an external adapter's ES module.
 */
const required = new Map();
function hotRequire(name) {
  if (name === "./facts.cjs" || name === "./packs.cjs" || name.startsWith("./adapters/")) return requireCached(name);
  // Each bundled module requires node:fs and node:path itself (about 60 calls a hook call):
  // Node's loader answers each one in full, this map after the first. Measured on Node 22.23.5:
  // 3.7 M instructions (2.8 %) off a parsed Bash call, 1.5 M off a Write.
  let exports = required.get(name);
  if (exports === undefined) required.set(name, (exports = require(name)));
  return exports;
}

/** For scripts/code-cache-warm.cjs: the compiled scripts of this process, by file. */
function compiledScripts() {
  return new Map([...loaded].map(([file, { script }]) => [file, script]));
}

module.exports = { requireCached, compiledScripts };

if (require.main === module) {
  const argv = process.argv.slice(2);
  // `hookit hook --help` is for a person: the CLI prints its usage (no agent passes --help).
  // Once the reply is written and the call's own work has settled, the process ends at once:
  // left to end by itself, Node first runs the tasks V8 queued meanwhile, a scavenge among them
  // that frees memory the exit frees anyway (2.6 M instructions, 2 % of a hook call, Node 22.23.5).
  if (argv[0] === "hook" && !argv.includes("--help") && !argv.includes("-h"))
    requireCached("hook.cjs")
      .runHook(argv.slice(1))
      .then(() => process.exit());
  else {
    // The CLI's ES modules through Node's compile cache, kept in dist/ beside the code, never in
    // Node's default place under the temp folder: a cache the model can write is bytecode it can
    // make hookit run (docs/security.md). Where dist/ cannot be written it is simply off.
    require("node:module").enableCompileCache?.(join(__dirname, "compile-cache"));
    import("./cli.mjs").then((cli) => cli.runCli(argv));
  }
}
