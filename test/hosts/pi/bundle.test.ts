// Pi loads `dist/pi.mjs`: an ESM module whose default export is the factory and
// whose graph (the build splits shared code into chunks) imports nothing but
// Node built-ins (Pi's packages are host-provided peers, never bundled or imported).
import { mkdtempSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { expect, test } from "vitest";
import { createFake, hooks } from "./fake-pi.ts";
import { sandbox } from "../../_sandbox.ts";

test("the bundled extension is self-contained ESM with a working default export", async () => {
  const outdir = mkdtempSync(join(tmpdir(), "hookit-pi-bundle-"));
  const outfile = join(outdir, "pi.mjs");
  // The same shape as scripts/build.mjs, into a private folder.
  const result = await build({
    entryPoints: { pi: join(import.meta.dirname, "../../../src/hosts/pi/index.ts") },
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

  const module = (await import(pathToFileURL(outfile).href)) as { default: unknown };
  expect(typeof module.default).toBe("function");

  const box = sandbox();
  box.globalPolicy(hooks({ deny: { event: "tool_call", shell: "false" } }));
  const fake = createFake(box.project);
  const saved = { ...process.env };
  Object.assign(process.env, { HOME: box.env.HOME, XDG_CONFIG_HOME: box.env.XDG_CONFIG_HOME });
  delete process.env.HOOKIT_CONFIG;
  try {
    (module.default as (pi: unknown) => void)(fake.pi);
    await fake.fire("session_start", { type: "session_start" });
    expect(await fake.fire("tool_call", { type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "ls" } })).toEqual({
      block: true,
      reason: 'hookit: hook "deny" rejected bash — `false`',
    });
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
});
