// README.md's "What a block looks like" is what the real encoders and the real CLIs produce for
// the starter policy (test/docs/readme-blocks.ts); regenerate with `node scripts/gen-readme-blocks.mjs`.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { END, renderBlockTable, START } from "./readme-blocks.ts";

test("README.md's block table matches the starter policy through every agent's encoder", async () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const region = readme.slice(readme.indexOf(START) + START.length, readme.indexOf(END)).trim();
  expect(readme.indexOf(START), "README.md lost its block-table markers").toBeGreaterThan(0);
  expect(region, "README.md's block table drifted: run `node scripts/gen-readme-blocks.mjs`").toBe(await renderBlockTable());
});
