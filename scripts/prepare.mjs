// `npm install` / `npm pack` / `npm install -g <checkout>` run this (the `prepare`
// script), so a checkout or a tarball always ships a built dist/. Without the dev
// dependencies (a fresh clone installed globally before `npm install`) the build
// cannot run: say so instead of a module-not-found stack.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
try {
  require.resolve("esbuild");
} catch {
  if (existsSync(new URL("../dist/bin.cjs", import.meta.url))) process.exit(0); // already built: nothing to do
  console.error("hookit: building needs the dev dependencies. Run `npm install` in this checkout first, then install it again.");
  process.exit(1);
}
await import("./build.mjs");
