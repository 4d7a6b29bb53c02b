// The dotenv files a recursive reader would open: found at any depth, in a
// stable order, through the filter; links only when followed; bounded.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { secretsUnder } from "../../src/facts/tree.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-tree-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (const dir of ["a/b", "node_modules/x", ".git", "many"]) mkdirSync(join(root, dir), { recursive: true });
for (const file of [".env", ".env.example", "a/.ENV.local", "a/b/.env~", "a/b/x.ts", "node_modules/x/.env", ".git/.env", "a/.environment"])
  writeFileSync(join(root, file), "");
symlinkSync(join(root, ".env"), join(root, "a", "notes.txt"));
for (let k = 0; k < 70; k++) writeFileSync(join(root, "many", `.env.${k}`), "");

const under = (dir: string, filter = {}) => secretsUnder(join(root, dir), filter).paths.map((p) => p.slice(root.length + 1));

describe("secretsUnder", () => {
  test("dotenv names at any depth, any case, sorted; .git and node_modules skipped; .environment is no dotenv file", () => {
    expect(under("a")).toEqual(["a/.ENV.local", "a/b/.env~"]);
  });

  test("a link is opened only when followed, as its target", () => {
    expect(under("a", { follow: true })).toEqual(["a/.ENV.local", "a/notes.txt", "a/b/.env~"]);
  });

  test("the filter and the depth narrow it", () => {
    expect(under("a", { file: (name: string) => !name.endsWith("~") })).toEqual(["a/.ENV.local"]);
    expect(under("a", { dir: () => false })).toEqual(["a/.ENV.local"]);
    expect(under("a", { maxDepth: 1 })).toEqual(["a/.ENV.local"]);
  });

  test("past its bound it stops and says so", () => {
    const found = secretsUnder(join(root, "many"));
    expect(found.paths).toHaveLength(64);
    expect(found.truncated).toBe(true);
  });

  test("a file or a missing directory has nothing under it", () => {
    expect(secretsUnder(join(root, ".env"))).toEqual({ paths: [], truncated: false });
    expect(secretsUnder(join(root, "missing"))).toEqual({ paths: [], truncated: false });
  });
});
