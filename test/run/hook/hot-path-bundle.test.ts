// The hook hot path runs on every tool call of every agent, so its bundle must
// not pull in the cold CLI's dependencies. esbuild's metafiles (`dist/meta.json`,
// `{cold, hot}`) list every input of every output; zod may only be reached
// through `dist/validate.cjs`, which the runner requires on a cache miss.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { packageRoot, useBuiltHookit } from "../../_sandbox.ts";
// @ts-expect-error: a plain .mjs build script without type declarations
import { adapterIds } from "../../../scripts/agents.mjs";

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
