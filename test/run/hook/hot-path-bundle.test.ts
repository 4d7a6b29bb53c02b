// The hook hot path runs on every tool call of every agent, so its bundle must
// not pull in the cold CLI's dependencies. esbuild's metafiles (`dist/meta.json`,
// `{cold, hot}`) list every input of every output; zod may only be reached
// through `dist/validate.cjs`, which the runner requires on a cache miss.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { fixtureWith, packageRoot, runBin, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";
// @ts-expect-error: a plain .mjs build script without type declarations
import { adapterIds } from "../../../scripts/agents.mjs";
import { allPacks } from "../../../src/facts/packs/registry.ts";

useBuiltHookit();

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown>; imports: Array<{ path: string; external?: boolean }> }>;
}

const HEAVY = ["zod", "consola", "citty", "execa", "c12", "jiti"];
// Every built-in adapter, from the same list the build uses.
const ADAPTERS: string[] = adapterIds();
const heavyIn = (paths: string[]) =>
  paths.filter((path) => HEAVY.some((name) => new RegExp(`(^|/)node_modules/${name}/|^${name}(/|$)`).test(path)));

function hotMetafile(): Metafile {
  return (JSON.parse(readFileSync(join(packageRoot(), "dist/meta.json"), "utf8")) as { hot: Metafile }).hot;
}

test("the hot-path outputs (hook.cjs and every adapter) contain none of the cold dependencies", () => {
  const { outputs } = hotMetafile();
  const hot = ["dist/hook.cjs", ...ADAPTERS.map((id) => `dist/adapters/${id}.cjs`)];
  expect(Object.keys(outputs)).toEqual(expect.arrayContaining(hot));
  for (const output of hot) {
    const meta = outputs[output];
    if (meta === undefined) throw new Error(`${output} is missing from dist/meta.json`);
    expect(heavyIn(Object.keys(meta.inputs)), output).toEqual([]);
    expect(heavyIn(meta.imports.map((i) => i.path)), output).toEqual([]);
  }
});

test("zod lives in validate.cjs, which hook.cjs only requires, never bundles", () => {
  const { outputs } = hotMetafile();
  expect(heavyIn(Object.keys(outputs["dist/validate.cjs"]?.inputs ?? {}))).toEqual(
    expect.arrayContaining([expect.stringContaining("node_modules/zod/")]),
  );
  const hook = outputs["dist/hook.cjs"];
  expect(hook?.imports).toEqual(expect.arrayContaining([expect.objectContaining({ path: "./validate.cjs", external: true })]));
  expect(readFileSync(join(packageRoot(), "dist/hook.cjs"), "utf8")).toContain('require("./validate.cjs")');
});

// The packs' rules and their matcher are dist/packs.cjs, required by facts.cjs only for a policy that
// turns a pack on (src/facts/packs-loader.hot.ts): a call without packs neither reads nor compiles
// them, and a call with packs compiles them from a cache of their own (code-cache.test.ts).
test("the packs are a bundle of their own, which facts.cjs requires and does not bundle", () => {
  const { outputs } = hotMetafile();
  const packs = outputs["dist/packs.cjs"];
  if (packs === undefined) throw new Error("dist/packs.cjs is missing from dist/meta.json");
  expect(Object.keys(packs.inputs)).toEqual(
    expect.arrayContaining(["src/facts/packs/registry.ts", "src/facts/packs/packs.generated.json"]),
  );
  expect(heavyIn(Object.keys(packs.inputs))).toEqual([]);
  // Each pack's JSON text is a function of its own there (scripts/build.mjs, packTexts), so the
  // code cache holds only the texts a call read, not all of them as the top level's strings.
  const texts = readFileSync(join(packageRoot(), "dist/packs.cjs"), "utf8").match(/\(\)=>["'`]\{\\?"id\\?":/g);
  expect(texts).toHaveLength(allPacks().length);
  const facts = outputs["dist/facts.cjs"];
  expect(facts?.imports).toEqual(expect.arrayContaining([expect.objectContaining({ path: "./packs.cjs", external: true })]));
  // What the facts use of the packs' files themselves: the rule matcher (credential commands,
  // `--help`); never the registry or the packs' rules.
  const packFiles = Object.keys(facts?.inputs ?? {}).filter((input) => input.startsWith("src/facts/packs/"));
  expect(packFiles.sort()).toEqual(["src/facts/packs/match.ts"]);
  for (const output of ["dist/hook.cjs", ...ADAPTERS.map((id) => `dist/adapters/${id}.cjs`)])
    expect(
      Object.keys(outputs[output]?.inputs ?? {}).filter((input) => input.startsWith("src/facts/packs/")),
      output,
    ).toEqual([]);
});

// A bundle's text under 128 kB lands in V8's young generation, and a parsed Bash call then
// pays a scavenge (scripts/build.mjs, pastYoungGeneration; docs/performance.md).
test("hook.cjs, facts.cjs and the adapters are past V8's largest regular object", () => {
  for (const file of ["dist/hook.cjs", "dist/facts.cjs", ...ADAPTERS.map((id) => `dist/adapters/${id}.cjs`)])
    expect(readFileSync(join(packageRoot(), file), "utf8").length, file).toBeGreaterThan(128 * 1024);
});

// dist/bin.cjs reads the bundles it compiles as latin1, a plain copy of their bytes: right only
// while every byte is ASCII, as esbuild writes them (it escapes any other character).
test("every bundle dist/bin.cjs compiles is ASCII, so reading it as latin1 is exact", () => {
  const files = ["dist/hook.cjs", "dist/facts.cjs", "dist/packs.cjs", ...ADAPTERS.map((id) => `dist/adapters/${id}.cjs`)];
  for (const file of files) {
    const bytes = readFileSync(join(packageRoot(), file));
    expect(
      bytes.findIndex((byte) => byte > 0x7f),
      file,
    ).toBe(-1);
  }
});

// Each Node module a call loads is compiled cold (node:os or node:module cost about 1 M instructions
// each, a tenth of a call): a hook call may load none beyond what running a script file does, but vm.
test("a hook call under the starter policy loads no Node module but node:vm beyond a bare script", async () => {
  const box = sandbox();
  expect((await runBin(box, ["init", "--global"])).exitCode).toBe(0);
  const preload = join(box.root, "modules.cjs");
  writeFileSync(
    preload,
    'process.on("exit", () => process.stderr.write(`\\nMODULES ${JSON.stringify(process.moduleLoadList.filter((m) => m.startsWith("NativeModule ")))}`));',
  );
  const modules = (stderr: string) => JSON.parse(stderr.slice(stderr.lastIndexOf("MODULES ") + 8)) as string[];
  const empty = join(box.root, "empty.cjs");
  writeFileSync(empty, "");
  const script = spawnSync(process.execPath, ["--require", preload, empty], { env: box.env, encoding: "utf8" });
  const base = new Set(modules(script.stderr));
  const calls: Array<[string, string]> = [
    [
      "PreToolUse",
      fixtureWith("claude", "PreToolUse-Bash.json", {
        cwd: box.project,
        tool_input: { command: "cd src && git add -A && npm test 2>&1 | tail -n 20 > ../test.log" },
      }),
    ],
    [
      "PreToolUse",
      fixtureWith("claude", "PreToolUse-Write.json", {
        cwd: box.project,
        tool_input: { file_path: join(box.project, "a.ts"), content: "x" },
      }),
    ],
    ["UserPromptSubmit", fixtureWith("claude", "UserPromptSubmit.json", { cwd: box.project })],
  ];
  for (const [event, payload] of calls) {
    const run = await runHook(box, "claude", event, payload, { cwd: box.project, nodeArgs: ["--require", preload] });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(
      modules(run.stderr).filter((m) => !base.has(m)),
      event,
    ).toEqual(["NativeModule vm"]);
  }
});
