#!/usr/bin/env node
"use strict";
// The package bin, plain CommonJS on purpose: `hookit hook` runs on every tool
// call of every agent, so it goes straight to the prebuilt CommonJS hot path
// (no ESM loader, no citty, whose usage text would land on stdout — the
// harness's protocol channel). Everything else is the ESM CLI.
const { fstatSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

/**
 * The hot path's bundles (hook.cjs and the adapter it requires) are compiled
 * from V8's code cache, made by the build after representative calls
 * (scripts/code-cache.mjs): it saves about a third of hookit's own cost per
 * call (bench/results.md). Node 20 has no compile cache of its own; this one
 * sits in the package, as well protected as the code. A cache is only good for
 * the Node that made it, so under any other Node the files load as plain
 * modules, through Node's compile cache where it has one.
 *
 * hook.cjs has one cache per kind of call (`hook.cjs.<shape>.<node version>.cache`):
 * deserializing code costs about as much as compiling it when it is needed, so
 * each cache holds only what its kind of call runs. The shape is a guess from
 * the event name and the payload's text; a wrong guess costs time, never a
 * different answer (V8 compiles whatever a cache lacks).
 */
const loaded = new Map();
let makingCaches = false;
function requireCached(name, shape) {
  const file = join(__dirname, name);
  const known = loaded.get(file);
  if (known) return known.module.exports;
  let cachedData;
  try {
    cachedData = readFileSync(`${file}.${shape ? `${shape}.` : ""}${process.version}.cache`);
  } catch {
    if (!makingCaches) {
      require("node:module").enableCompileCache?.();
      return require(file);
    }
  }
  const { Script } = require("node:vm");
  const script = new Script(wrappedSource(file), { filename: file, cachedData });
  const module = { exports: {}, filename: file };
  loaded.set(file, { script, module });
  script.runInThisContext()(module.exports, hotRequire, module, file, __dirname);
  return module.exports;
}

/**
 * A CommonJS module's source as Node wraps it (Module.wrap, spelled out: loading
 * node:module for it costs about 1 M instructions, a tenth of a call).
 */
function wrap(source) {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
}

/**
 * `file` wrapped, as the build saved it next to the file (`<file>.wrapped`, the text the
 * code cache was made from): a wrapper joined at run time is a second copy of the whole
 * source for V8 to flatten, about 0.3 M instructions and 150 kB of young heap per bundle.
 */
function wrappedSource(file) {
  try {
    return readFileSync(`${file}.wrapped`, "utf8");
  } catch {
    return wrap(readFileSync(file, "utf8"));
  }
}

/**
 * The kind of hook call, for its code cache: a shell command, another tool, a tool's result
 * (`PostToolUse`, `AfterTool`, `afterShellExecution`, …: redaction, never the command's facts
 * or self-protection), or any other event.
 */
function callShape(nativeEvent, stdin) {
  const event = (nativeEvent ?? "").toLowerCase();
  const tool = event.includes("tool") || event.includes("shell") || event.includes("mcp") || event.includes("file");
  if (!tool) return "event";
  if (event.startsWith("post") || event.startsWith("after")) return "result";
  return stdin !== undefined && (stdin.includes('"command"') || stdin.includes('"cmd"')) ? "shell" : "file";
}

/** The native event name in `hook`'s arguments (as parseHookArgs reads them). */
function eventArg(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--agent") i++;
    else if (!args[i].startsWith("-")) return args[i];
  }
  return undefined;
}

/**
 * stdin when an agent gave a pipe, a socket or a file (it always does: agents written
 * for Node get a socket pair from child_process), read at once so the call's shape is
 * known before hook.cjs is compiled; anything else (a terminal) is left to hook.cjs,
 * which says what it waits for.
 */
function pipedStdin() {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket() || stat.isFile() ? readFileSync(0, "utf8") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the bundles' own `require` calls resolve to: the adapters from their caches, the rest as
 * usual. external.cjs keeps Node's own loader, the only one whose `import()` can load an
 * external adapter's ES module (vm.Script has no dynamic-import callback on Node 20).
 */
const required = new Map();
function hotRequire(name) {
  if (isAdapterFile(name)) return requireCached(name);
  // Each bundled module requires node:fs and node:path itself (about 60 calls a hook call):
  // Node's loader answers each one in full, this map after the first.
  let exports = required.get(name);
  if (exports === undefined) required.set(name, (exports = require(name)));
  return exports;
}

/**
 * `./adapters/<id>.cjs` with a lowercase id, spelled out: every `require` of the bundles
 * comes here, and a regular expression would be compiled anew for each of the first few.
 */
function isAdapterFile(name) {
  if (!name.startsWith("./adapters/") || !name.endsWith(".cjs") || name.length <= 15) return false;
  for (let i = 11; i < name.length - 4; i++) if (name[i] < "a" || name[i] > "z") return false;
  return true;
}

/** For scripts/code-cache.mjs: compile every hot bundle through vm.Script, cache or not. */
function makeCaches() {
  makingCaches = true;
}

/** For scripts/code-cache.mjs: the compiled scripts of this process, by file. */
function compiledScripts() {
  return new Map([...loaded].map(([file, { script }]) => [file, script]));
}

module.exports = { requireCached, makeCaches, compiledScripts, callShape, pipedStdin, wrap, wrappedSource, isAdapterFile };

if (require.main === module) {
  const argv = process.argv.slice(2);
  // `hookit hook --help` is for a person: the CLI prints its usage (no agent passes --help).
  if (argv[0] === "hook" && !argv.includes("--help") && !argv.includes("-h")) {
    const stdin = pipedStdin();
    const args = argv.slice(1);
    requireCached("hook.cjs", callShape(eventArg(args), stdin)).runHook(args, stdin);
  } else {
    require("node:module").enableCompileCache?.();
    import("./cli.mjs").then((cli) => cli.runCli(argv));
  }
}
