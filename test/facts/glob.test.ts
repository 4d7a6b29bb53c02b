// Pathname expansion (src/facts/glob.ts) on patterns bash reads its own way.
import { describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { segmentRegExp } from "../../src/facts/glob.ts";
import { useProject } from "./_project.ts";

const project = useProject();

describe("a class with its range out of order (`[d-c]`)", () => {
  test("matches no name, as in bash, instead of throwing", () => {
    expect(segmentRegExp("[d-c]").test("d")).toBe(false);
    expect(segmentRegExp("[d-c]x").test("cx")).toBe(false);
  });

  test("leaves the word as written, and the line is read to its end (found by test:fuzz)", () => {
    const facts = deriveCommandFacts("rm -f [d-c] && rm -rf build", { cwd: project.dir, env: project.env });
    expect(facts.unresolved.filter((u) => u.startsWith("not checked"))).toEqual([]);
    expect(facts.paths.map((p) => p.path)).toEqual([`${project.dir}/[d-c]`, `${project.dir}/build`]);
  });
});
