// One reading of a command per tool call (issue 32): self-protection and every
// hook of the call share it through FactOptions.shared; the next call, with a
// new map, reads the line again, since the file system may have changed.
import { rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { deriveCommandFacts, type SharedFacts } from "../../src/facts/index.ts";
import { useProject } from "./_project.ts";

const project = useProject();

describe("a shared reading", () => {
  test("is read once per call and given to every derivation with the same place and environment", () => {
    const shared: SharedFacts = new Map();
    const options = { cwd: project.dir, env: project.env, shared };
    const first = deriveCommandFacts("cat README.md", options);
    expect(deriveCommandFacts("cat README.md", options)).toBe(first);
    // Another directory, project or environment is another reading.
    expect(deriveCommandFacts("cat README.md", { ...options, cwd: join(project.dir, "src") })).not.toBe(first);
    expect(deriveCommandFacts("cat README.md", { ...options, env: { ...project.env } })).not.toBe(first);
    expect(deriveCommandFacts("cat README.md", { ...options, projectDir: project.root })).not.toBe(first);
  });

  test("the costly extras go on a copy and leave the shared reading as it was", () => {
    const shared: SharedFacts = new Map();
    const base = deriveCommandFacts("kubectl delete ns prod", { cwd: project.dir, env: project.env, shared });
    const withPacks = deriveCommandFacts("kubectl delete ns prod", { cwd: project.dir, env: project.env, shared, packs: true });
    expect(withPacks.packs?.length).toBeGreaterThan(0);
    expect(base.packs).toBeUndefined();
    expect(withPacks.commands).toBe(base.commands);
  });

  test("a new call reads the file system again: a link made between two calls is followed", () => {
    const link = join(project.dir, "between-calls.txt");
    const read = (shared: SharedFacts) =>
      deriveCommandFacts("cat between-calls.txt", { cwd: project.dir, env: project.env, shared }).paths.map((p) => p.path);
    const before = read(new Map());
    symlinkSync(join(project.dir, ".env"), link);
    try {
      expect(before).toEqual([link]);
      expect(read(new Map())).toEqual([join(project.dir, ".env")]);
    } finally {
      rmSync(link);
    }
  });
});
