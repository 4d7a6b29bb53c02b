#!/usr/bin/env node
"use strict";
// The package bin, plain CommonJS on purpose: `hookit hook` runs on every tool
// call of every agent, so it goes straight to the prebuilt CommonJS hot path
// (no ESM loader, no citty, whose usage text would land on stdout — the
// harness's protocol channel). Everything else is the ESM CLI.
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

/**
 * The hot path's bundles (hook.cjs and the adapter it requires) are compiled
 * from V8's code cache, `<file>.<node version>.cache` next to each, made by the
 * build after representative calls (scripts/code-cache.mjs): it saves about a
 * third of hookit's own cost per call (bench/results.md). Node 20 has no
 * compile cache of its own; this one sits in the package, as well protected as
 * the code. A cache is only good for the Node that made it, so under any other
 * Node the files load as plain modules, through Node's compile cache where it
 * has one.
 */
const loaded = new Map();
let makingCaches = false;
function requireCached(name) {
  const file = join(__dirname, name);
  const known = loaded.get(file);
  if (known) return known.module.exports;
  let cachedData;
  try {
    cachedData = readFileSync(`${file}.${process.version}.cache`);
  } catch {
    if (!makingCaches) {
      require("node:module").enableCompileCache?.();
      return require(file);
    }
  }
  const { Script } = require("node:vm");
  const script = new Script(require("node:module").wrap(readFileSync(file, "utf8")), { filename: file, cachedData });
  const module = { exports: {}, filename: file };
  loaded.set(file, { script, module });
  script.runInThisContext()(module.exports, hotRequire, module, file, __dirname);
  return module.exports;
}

/**
 * What the bundles' own `require` calls resolve to: the adapters from their caches, the rest as
 * usual. external.cjs keeps Node's own loader, the only one whose `import()` can load an
 * external adapter's ES module (vm.Script has no dynamic-import callback on Node 20).
 */
function hotRequire(name) {
  return /^\.\/adapters\/[a-z]+\.cjs$/.test(name) ? requireCached(name) : require(name);
}

/** For scripts/code-cache.mjs: compile every hot bundle through vm.Script, cache or not. */
function makeCaches() {
  makingCaches = true;
}

/** For scripts/code-cache.mjs: the compiled scripts of this process, by file. */
function compiledScripts() {
  return new Map([...loaded].map(([file, { script }]) => [file, script]));
}

module.exports = { requireCached, makeCaches, compiledScripts };

if (require.main === module) {
  const argv = process.argv.slice(2);
  if (argv[0] === "hook") requireCached("hook.cjs").runHook(argv.slice(1));
  else {
    require("node:module").enableCompileCache?.();
    import("./cli.mjs").then((cli) => cli.runCli(argv));
  }
}
