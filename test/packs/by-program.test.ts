// src/facts/packs/by-program.ts is written from the packs (`npm run gen:packs`); a call builds only
// the families it names for the call's programs, so a stale file would leave a rule unseen.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { PACK_INDEX_FILE, packIndexFile } from "../../scripts/gen-pack-index.mjs";
import { allPacks, packMatches } from "../../src/facts/packs/registry.ts";
import { familiesOf } from "../../src/facts/packs/by-program.ts";
import { ROOT } from "../_sandbox.ts";

test("the committed index is what `npm run gen:packs` writes from today's packs", () => {
  expect(readFileSync(join(ROOT, PACK_INDEX_FILE), "utf8")).toBe(packIndexFile(allPacks()));
});

test("every program a rule names leads to that rule's pack, and nothing else leads anywhere", () => {
  const packs = allPacks();
  for (const [at, pack] of packs.entries())
    for (const rule of pack.rules) for (const program of rule.programs) expect(familiesOf(program), program).toContain(at);
  for (const name of ["ls", "constructor", "__proto__", "toString", ""]) expect(familiesOf(name), name).toBeUndefined();
});

test("a call's matches are those of an index over every pack, whichever packs it needed first", () => {
  const command = (argv: string[]) => ({ program: argv[0]!, argv });
  const calls = [
    [command(["kubectl", "delete", "namespace", "prod"]), command(["npm", "publish"])],
    [command(["terraform", "destroy"]), command(["aws", "s3", "rm", "s3://b", "--recursive"])],
    [command(["git", "status"]), command(["ls", "-la"])],
    [command(["npm", "publish"]), command(["kubectl", "delete", "namespace", "prod"])],
  ];
  const matched = calls.map((commands) => packMatches(commands));
  expect(matched[0]!.some((line) => line.startsWith("block kubernetes/"))).toBe(true);
  expect(matched[1]!.some((line) => line.startsWith("block infrastructure/"))).toBe(true);
  expect(matched[2]).toEqual([]);
  // Same commands, other order: the same rules, in command order.
  expect([...matched[3]!].sort()).toEqual([...matched[0]!].sort());
});
