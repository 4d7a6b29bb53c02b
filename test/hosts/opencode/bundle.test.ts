// OpenCode loads `dist/opencode.mjs` and calls *every* export of it as a plugin
// function (a non-function export fails the whole module), in Bun, without
// hookit's dependencies installed. So the bundle must export exactly one
// function and import nothing but Node built-ins.
import { mkdtempSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { expect, test } from "vitest";
import type { OpencodePlugin } from "../../../src/agents/opencode/opencode-types.ts";
import { createClient, fixture, hooks } from "./_fake.ts";
import { sandbox } from "../../_sandbox.ts";

test("the bundled plugin is self-contained ESM whose only export is the plugin function", async () => {
  const outdir = mkdtempSync(join(tmpdir(), "hookit-opencode-bundle-"));
  // The same shape as scripts/build.mjs, into a private folder.
  const result = await build({
    entryPoints: { opencode: join(import.meta.dirname, "../../../src/hosts/opencode/index.ts") },
    outdir,
    outExtension: { ".js": ".mjs" },
    chunkNames: "_chunks/[name]-[hash]",
    splitting: true,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    metafile: true,
    logLevel: "silent",
  });
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  const external = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
  expect(external.filter((path) => !builtins.has(path))).toEqual([]);

  const module = (await import(pathToFileURL(join(outdir, "opencode.mjs")).href)) as Record<string, unknown>;
  expect(Object.keys(module)).toEqual(["default"]);
  expect(typeof module.default).toBe("function");

  const box = sandbox();
  box.globalPolicy(hooks({ deny: { event: "tool_call", shell: "false" } }));
  const saved = { ...process.env };
  Object.assign(process.env, box.env);
  delete process.env.HOOKIT_CONFIG;
  delete process.env.HOOKIT;
  try {
    const plugin = await (module.default as OpencodePlugin)({ client: createClient().client, directory: box.project });
    const { input, output } = fixture("tool.execute.before-bash");
    await expect(plugin["tool.execute.before"]!(input, output)).rejects.toThrow('hookit: hook "deny" rejected bash — `false`');
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
});
