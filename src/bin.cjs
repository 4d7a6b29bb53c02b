#!/usr/bin/env node
"use strict";
// The package bin, plain CommonJS on purpose: `hookit hook` runs on every tool
// call of every agent, so it goes straight to the prebuilt CommonJS hot path
// (no ESM loader, no citty, whose usage text would land on stdout — the
// harness's protocol channel). Everything else is the ESM CLI.
require("node:module").enableCompileCache?.();
const argv = process.argv.slice(2);
if (argv[0] === "hook") require("./hook.cjs").runHook(argv.slice(1));
else import("./cli.mjs").then((cli) => cli.runCli(argv));
