// scripts/hot-duplicates.mjs, which `npm run build` runs over the hot metafile: a module that
// keeps state must not sit in two outputs one hook process loads together (two copies of a
// counter or a cache can disagree), unless the script says why its copies cannot.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { ROOT } from "../../_sandbox.ts";
// @ts-expect-error: a plain .mjs build script without type declarations
import { statefulDuplicates } from "../../../scripts/hot-duplicates.mjs";

const check = statefulDuplicates as (outputs: Record<string, { inputs: Record<string, unknown> }>) => string[];
const outputs = (layout: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(layout).map(([output, inputs]) => [output, { inputs: Object.fromEntries(inputs.map((i) => [i, {}])) }]),
  );

test("a stateful module in hook.cjs and facts.cjs fails the build", () => {
  // budget.ts counts the steps of a line's reading: before unchecked.ts, hook.cjs carried a copy.
  const problems = check(outputs({ "dist/hook.cjs": ["src/facts/budget.ts"], "dist/facts.cjs": ["src/facts/budget.ts"] }));
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/src\/facts\/budget\.ts keeps state and is bundled into both dist\/hook\.cjs and dist\/facts\.cjs/);
});

test("so does one in hook.cjs and the adapter of the call", () => {
  expect(check(outputs({ "dist/hook.cjs": ["src/facts/budget.ts"], "dist/adapters/claude.cjs": ["src/facts/budget.ts"] }))).toHaveLength(1);
});

test("constants and functions may be shared, and so may the state the script names a reason for", () => {
  const shared = ["src/facts/unchecked.ts", "src/facts/tree.ts", "src/facts/paths.ts"];
  expect(check(outputs({ "dist/hook.cjs": shared, "dist/facts.cjs": shared }))).toEqual([]);
});

test("two adapters never load together", () => {
  expect(
    check(outputs({ "dist/adapters/claude.cjs": ["src/facts/budget.ts"], "dist/adapters/kimi.cjs": ["src/facts/budget.ts"] })),
  ).toEqual([]);
});

test("the built hot outputs pass it", () => {
  const meta = JSON.parse(readFileSync(join(ROOT, "dist/meta.json"), "utf8")) as {
    hot: { outputs: Record<string, { inputs: Record<string, unknown> }> };
  };
  expect(check(meta.hot.outputs)).toEqual([]);
});
