// The program registry (src/facts/programs, issue 32): one entry per program,
// each with its rows (test/facts/programs/rows.ts), and every other place that
// names a program names one the registry knows.
import { describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { GUARDED_PROGRAMS } from "../../src/facts/identity.ts";
import { FILTERS } from "../../src/facts/output.ts";
import { allPacks } from "../../src/facts/packs/registry.ts";
import { PROGRAM_COMMANDS } from "../../src/facts/program-commands.ts";
import { FIND_DELETERS } from "../../src/facts/programs-find.ts";
import { programEntry, programFamilies } from "../../src/facts/programs.ts";
import { FAMILY_NAMES } from "../../src/facts/program-names.generated.ts";
import { REACHES_HOOKIT } from "../../src/protect/admin.ts";
import { STARTER_POLICY } from "../../src/base/starter-policy.ts";
import { useProject } from "./_project.ts";
import { PROGRAM_ROWS } from "./programs/rows.ts";

const project = useProject();
const entries = Object.entries(programFamilies()).flatMap(([family, list]) =>
  list.map((entry) => ({ family, entry, first: entry.names[0]! })),
);

/** A path as the rows write it: `./` for the project, `~/` for its home. */
const shown = (path: string) =>
  path.startsWith(`${project.dir}/`) || path === project.dir
    ? `.${path.slice(project.dir.length)}`
    : path.startsWith(`${project.home}/`)
      ? `~${path.slice(project.home.length)}`
      : path;

const effects = (command: string) =>
  deriveCommandFacts(command, { cwd: project.dir, env: project.env }).paths.map(
    (p) => `${p.effect}${p.recursive ? " -r" : ""} ${shown(p.lexical)}`,
  );

describe("the registry", () => {
  test("names each program once", () => {
    const seen = new Map<string, string>();
    for (const { family, entry } of entries)
      for (const name of entry.names) {
        expect(seen.get(name), `${name} is listed in ${seen.get(name)} and in ${family}`).toBeUndefined();
        seen.set(name, family);
      }
    expect(seen.size).toBeGreaterThan(300);
  });

  test("the names by family that the hot path reads are current (npm run docs writes them)", () => {
    const listed = Object.fromEntries(Object.entries(FAMILY_NAMES).map(([family, names]) => [family, names.trim().split(" ")]));
    const actual = Object.fromEntries(Object.entries(programFamilies()).map(([family, list]) => [family, list.flatMap((e) => e.names)]));
    expect(listed).toEqual(actual);
  });

  test.each(entries.map((e) => [e.family, e.first]))("%s: %s has rows", (_family, first) => {
    expect(PROGRAM_ROWS[first]?.length ?? 0, `add rows for ${first} to test/facts/programs/rows.ts`).toBeGreaterThan(0);
  });

  test("every row belongs to an entry", () => {
    const firsts = new Set(entries.map((e) => e.first));
    expect(Object.keys(PROGRAM_ROWS).filter((key) => !firsts.has(key))).toEqual([]);
  });
});

describe("each entry's rows", () => {
  test.each(
    Object.entries(PROGRAM_ROWS).flatMap(([first, rows]) => rows.map(([command, expected]) => [first, command, expected] as const)),
  )("%s: %s", (_first, command, expected) => {
    expect(effects(command)).toEqual(expected);
  });
});

/** The program names the rest of hookit names, each of which must have an entry. */
function namedElsewhere(): Record<string, string[]> {
  const packs = allPacks().flatMap((pack) => pack.rules.flatMap((rule) => rule.programs.filter((name) => !name.includes("/"))));
  const starter = Object.values(STARTER_POLICY.local ?? {}).flatMap((hook) => {
    const programs = (hook as { filter?: Record<string, unknown> }).filter?.["hookit.programs"];
    return typeof programs === "string" ? (/^\^\((.*)\)\$$/.exec(programs)?.[1]?.split("|") ?? []) : [];
  });
  return {
    "the packs' rules": packs,
    "the programs whose own commands the facts read (program-commands.ts)": Object.keys(PROGRAM_COMMANDS),
    "the guarded programs whose copies identity.ts follows": GUARDED_PROGRAMS,
    "the filters output.ts follows through a pipe": [...FILTERS],
    "the deleters find -exec runs": [...FIND_DELETERS],
    "the programs that reach hookit's bin (self-protection)": REACHES_HOOKIT,
    "the starter policy's program filters": starter,
  };
}

describe("every program named elsewhere is in the registry", () => {
  test.each(Object.entries(namedElsewhere()))("%s", (_where, names) => {
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => programEntry(name) === undefined)).toEqual([]);
  });
});
