// The hot path's join/resolve (src/base/path-join.ts) skip Node's normalizing loop
// when the text needs none; for every input they must give what Node gives.
import { basename, dirname, join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { absolutePath, baseName, joinPath, parentDir, resolvePath } from "../src/base/path-join.ts";

const PARTS = ["", "/", "a", "b.json", ".", "..", ".hookit", "x/y", "x//y", "./z", "../w", "z/", "/abs", "/abs/", "~", " ", "a b", "..."];

/** Every path made of up to three parts, the ones the helpers take fast and the ones they must hand on. */
function samples(): string[] {
  const out = new Set<string>();
  for (const a of PARTS) for (const b of PARTS) for (const c of ["", ...PARTS.slice(0, 8)]) out.add(`${a}${b}${c}`);
  return [...out];
}

describe("path-join", () => {
  const paths = samples();

  test("joinPath is path.join", () => {
    for (const base of paths) for (const name of PARTS) expect(joinPath(base, name), `${base} + ${name}`).toBe(join(base, name));
    for (const base of paths.slice(0, 200))
      expect(joinPath(base, "etc", "hookit", "hookit.json")).toBe(join(base, "etc", "hookit", "hookit.json"));
  });

  test("resolvePath is path.resolve from an absolute base", () => {
    const bases = paths.filter((p) => p.startsWith("/"));
    for (const base of bases)
      for (const path of paths.slice(0, 300)) expect(resolvePath(base, path), `${base} + ${path}`).toBe(resolve(base, path));
  });

  test("absolutePath, parentDir and baseName are path.resolve, path.dirname and path.basename", () => {
    for (const path of paths) {
      expect(absolutePath(path), path).toBe(resolve(path));
      expect(parentDir(path), path).toBe(dirname(path));
      expect(baseName(path), path).toBe(basename(path));
    }
  });

  test("the usual clean paths take the fast way and give the plain text", () => {
    expect(joinPath("/home/u/.config", "hookit")).toBe("/home/u/.config/hookit");
    expect(joinPath("/", "etc", "hookit")).toBe("/etc/hookit");
    expect(resolvePath("/p", "src/a.ts")).toBe("/p/src/a.ts");
    expect(parentDir("/p")).toBe("/");
  });
});
