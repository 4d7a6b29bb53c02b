// Run by scripts/code-cache.mjs in a fresh node: loads the hot bundles through dist/bin.cjs as
// `hookit hook` does, runs the calls the CALLS file lists through runHook (whose replies go to
// the ignored stdout; with STDIN set, the one call's payload is read from stdin), and at exit saves V8's code for every function that ran in the bundles
// SAVE names (comma-separated ends of their paths), one cache per bundle
// (`<file>.<node version>.cache`). A cache already there is read as a hook call reads it, so a
// chain of these processes adds each one's calls to it (scripts/code-cache.mjs).
"use strict";
const { readFileSync, writeFileSync } = require("node:fs");

const bin = require(process.env.BIN);
process.on("exit", () => {
  const save = process.env.SAVE.split(",");
  for (const [file, script] of bin.compiledScripts())
    if (save.some((end) => file.endsWith(end))) writeFileSync(`${file}.${process.version}.cache`, script.createCachedData());
});
const hook = bin.requireCached("hook.cjs");
(async () => {
  // STDIN: the one call's payload is on stdin, read as a hook call reads it.
  for (const [args, payload] of JSON.parse(readFileSync(process.env.CALLS, "utf8")))
    await hook.runHook(args, process.env.STDIN ? undefined : payload);
})();
