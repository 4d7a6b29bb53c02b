// No module of src/ imports a value from itself round a loop (issue 36): a loop makes the
// order modules are evaluated in matter, and what one of them reads at its top level may not be
// there yet. Type-only imports (`import type`, `{ type X }`) vanish at build time and do not count.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, test } from "vitest";
import { SRC, sourceFiles } from "./_layers.ts";

/** The files `file` imports values from (relative specifiers only; type-only imports left out). */
function valueImports(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^(import|export)\s+([^;]*?)\s*from\s*"(\.\.?\/[^"]+)"/gms)) {
    const [, kind, clause, specifier] = m as unknown as [string, string, string, string];
    if (clause.startsWith("type ")) continue;
    const named = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (kind === "import" && named !== undefined) {
      const names = named
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith("type "))) continue;
    }
    out.push(
      relative(SRC, resolve(SRC, dirname(file), specifier))
        .split("\\")
        .join("/"),
    );
  }
  for (const m of text.matchAll(/^import\s+"(\.\.?\/[^"]+)"/gm))
    out.push(
      relative(SRC, resolve(SRC, dirname(file), m[1] as string))
        .split("\\")
        .join("/"),
    );
  return out;
}

/** Each loop of the graph, once, as `a → b → a`. */
function loops(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const found = new Set<string>();
  const done = new Set<string>();
  const visit = (file: string, path: string[]) => {
    if (done.has(file)) return;
    for (const next of edges.get(file) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const start = loop.indexOf([...loop].sort()[0] as string);
        found.add([...loop.slice(start), ...loop.slice(0, start), loop[start]].join(" → "));
      } else if (edges.has(next)) visit(next, [...path, next]);
    }
    done.add(file);
  };
  for (const file of edges.keys()) visit(file, [file]);
  return [...found];
}

test("no module imports a value from itself round a loop", () => {
  const files = sourceFiles(SRC);
  expect(files.length).toBeGreaterThan(200);
  expect(loops(new Map(files.map((file) => [file, valueImports(file)])))).toEqual([]);
});

test("the check sees a loop", () => {
  const edges = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts"]],
    ["d.ts", ["a.ts"]],
  ]);
  expect(loops(edges)).toEqual(["a.ts → b.ts → c.ts → a.ts"]);
});
