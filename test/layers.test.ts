// The layer order of src/ (AGENTS.md, "Layers"): every import points down or stays in its layer,
// no two folders import each other (directly or round a loop), and a `_` file is internal to its
// folder. The import graph is read from the sources, so a new file or folder is checked as soon
// as it exists; a file in no layer fails too.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { LAYERS, SRC, sourceFiles } from "./_layers.ts";

/** Every relative import, re-export and dynamic import of one file, as paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g)].map((m) => m[1] as string);
  return specifiers
    .map((specifier) =>
      relative(SRC, resolve(SRC, dirname(file), specifier))
        .split("\\")
        .join("/"),
    )
    .filter((target) => !target.startsWith("..")); // package.json, read for the version
}

function layerOf(file: string) {
  return LAYERS.find((layer) => layer.paths.some((path) => (path.endsWith("/") ? file.startsWith(path) : file === path)));
}

/** A file's folder; a file directly in src/ stands alone (index.ts is the top, paths.ts the bottom). */
const unitOf = (file: string) => (file.includes("/") ? dirname(file) : file);

function layerProblems(files: readonly string[], imports: (file: string) => string[]): string[] {
  const problems: string[] = [];
  const folderEdges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = layerOf(file);
    if (!from) problems.push(`${file} is in no layer`);
    for (const target of imports(file)) {
      const to = layerOf(target);
      if (from && to && from !== to && to.rank >= from.rank) problems.push(`${file} (${from.name}) imports ${target} (${to.name})`);
      const base = target.split("/").pop() as string;
      if (base.startsWith("_") && dirname(target) !== dirname(file))
        problems.push(`${file} imports ${target}, internal to ${dirname(target)}/`);
      if (unitOf(target) !== unitOf(file)) {
        const edges = folderEdges.get(unitOf(file)) ?? new Set<string>();
        folderEdges.set(unitOf(file), edges.add(unitOf(target)));
      }
    }
  }
  problems.push(...folderCycles(folderEdges));
  return problems;
}

/** Each loop between folders, once, as `a → b → a`. */
function folderCycles(edges: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>();
  const visit = (folder: string, path: string[]) => {
    for (const next of edges.get(folder) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const start = loop.indexOf([...loop].sort()[0] as string);
        cycles.add([...loop.slice(start), ...loop.slice(0, start), loop[start]].join(" → "));
      } else visit(next, [...path, next]);
    }
  };
  for (const folder of edges.keys()) visit(folder, [folder]);
  return [...cycles].map((cycle) => `folders import each other: ${cycle}`);
}

describe("src/ layers", () => {
  const files = sourceFiles(SRC);

  test("every import points down, no folder loop, `_` files stay in their folder", () => {
    expect(layerProblems(files, importsOf)).toEqual([]);
  });

  test("the check sees an upward arrow, a folder loop and a foreign `_` import", () => {
    const graph: Record<string, string[]> = {
      "engine/a.ts": ["run/b.ts"],
      "run/b.ts": ["engine/a.ts"],
      "cli/c.ts": ["agents/_d.ts"],
      "agents/_d.ts": [],
      "stray.ts": [],
    };
    expect(layerProblems(Object.keys(graph), (file) => graph[file] ?? [])).toEqual([
      "engine/a.ts (engine) imports run/b.ts (run)",
      "cli/c.ts imports agents/_d.ts, internal to agents/",
      "stray.ts is in no layer",
      "folders import each other: engine → run → engine",
    ]);
  });

  test("layers of equal rank do not import each other", () => {
    expect(layerProblems(["protect/a.ts"], () => ["contract/b.ts"])).toEqual(["protect/a.ts (protect) imports contract/b.ts (contract)"]);
  });
});
