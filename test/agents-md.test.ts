// AGENTS.md's layer table is the layer map test/layers.test.ts enforces (test/_layers.ts): the
// same layers top to bottom, each with the same folders and files (issue 36).
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { LAYERS } from "./_layers.ts";

/** `| name | `a/`, `b.ts` | … |` rows of the table under "## Layers", as [names, paths]. */
function tableRows(): Array<[string[], string[]]> {
  const text = readFileSync(new URL("../AGENTS.md", import.meta.url), "utf8");
  const section = text.slice(text.indexOf("## Layers"), text.indexOf("\n## ", text.indexOf("## Layers") + 1));
  return section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Layer") && !line.startsWith("| ---"))
    .map((line) => {
      const [names = "", paths = ""] = line.split("|").slice(1, 3);
      return [names.split(",").map((n) => n.trim()), [...paths.matchAll(/`([^`]+)`/g)].map((m) => (m[1] as string).replace(/<id>\/$/, ""))];
    });
}

test("AGENTS.md lists the layers of test/_layers.ts, top to bottom, with their folders and files", () => {
  const table = tableRows();
  expect(table.flatMap(([names]) => names)).toEqual(LAYERS.map((layer) => layer.name));
  // A row may name layers of equal rank together: its folders are all of theirs.
  for (const [names, paths] of table) {
    const listed = paths.map((path) => path.replace(/^(agents|hosts)\/.*$/, "$1/"));
    const expected = LAYERS.filter((layer) => names.includes(layer.name)).flatMap((layer) => layer.paths);
    expect(new Set(listed), names.join(", ")).toEqual(new Set(expected));
  }
});
