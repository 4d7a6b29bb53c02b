// In-process hosts (Pi, OpenCode) derive facts in one long-lived process. A path
// the agent turns into a symlink between two calls must be judged by where it
// points now, not by what an earlier call found there.
import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { deriveCommandFacts, derivePathFacts } from "../../src/facts/index.ts";
import { useProject } from "./_project.ts";

const project = useProject();
const options = () => ({ cwd: project.dir, projectDir: project.dir, env: project.env });
const reads = (facts: { paths: Array<{ path: string; effect: string }> }) =>
  facts.paths.filter((p) => p.effect === "read").map((p) => p.path);

describe("facts in a long-lived process", () => {
  test("a file swapped for a link to .env between two calls is read as .env (shell)", () => {
    const file = join(project.dir, "swap.txt");
    writeFileSync(file, "plain\n");
    expect(reads(deriveCommandFacts("cat swap.txt", options()))).toEqual([file]);
    rmSync(file);
    symlinkSync(".env", file);
    expect(reads(deriveCommandFacts("cat swap.txt", options()))).toEqual([join(project.dir, ".env")]);
  });

  test("the same through a file tool", () => {
    const file = join(project.dir, "swap2.txt");
    writeFileSync(file, "plain\n");
    expect(reads(derivePathFacts("read", { path: file }, options())!)).toEqual([file]);
    rmSync(file);
    symlinkSync(".env", file);
    expect(reads(derivePathFacts("read", { path: file }, options())!)).toEqual([join(project.dir, ".env")]);
  });
});
