#!/usr/bin/env node
// The package bin. It only dispatches: `hookit hook …` (run on every tool call
// of every agent) goes straight to the lean hot path and never touches citty,
// whose usage output would land on stdout, the harness's protocol channel.
import module from "node:module";

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const argv = process.argv.slice(2);
if (argv[0] === "hook") {
  const { runHook } = await import("./run/hook.ts");
  await runHook(argv.slice(1));
} else {
  const { runCli } = await import("./cli/main.ts");
  await runCli(argv);
}
