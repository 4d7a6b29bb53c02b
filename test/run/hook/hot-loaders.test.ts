// Every `.lazy.ts` file (AGENTS.md, "Names") has the `.hot.ts` file the hot-path build puts in its
// place (scripts/build.mjs), and both export the same names: a name only the source form has
// would be undefined in dist/hook.cjs, and the build would not say so.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";

const SRC = join(import.meta.dirname, "../../../src");

function files(dir: string, end: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, end);
    return entry.name.endsWith(end) ? [path] : [];
  });
}

const exported = (file: string) => [...readFileSync(file, "utf8").matchAll(/^export const (\w+)/gm)].map((m) => m[1]).sort();

test("each .lazy.ts file has its .hot.ts beside it, with the same exports, and no .hot.ts stands alone", () => {
  const lazy = files(SRC, ".lazy.ts");
  expect(lazy.length).toBeGreaterThan(0);
  for (const file of lazy) {
    const hot = file.replace(/\.lazy\.ts$/, ".hot.ts");
    expect(exported(hot), relative(SRC, hot)).toEqual(exported(file));
  }
  const alone = files(SRC, ".hot.ts").filter((hot) => !lazy.includes(hot.replace(/\.hot\.ts$/, ".lazy.ts")));
  expect(alone.map((file) => relative(SRC, file))).toEqual([]);
});
