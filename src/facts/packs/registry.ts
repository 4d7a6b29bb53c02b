// Every pack hookit ships. `hookit packs` lists them, `hookit init --packs` turns
// them on, docs/packs.md is written from them, and the facts (`hookit.packs`)
// match a call's commands against them by program name. The packs are data:
// src/facts/packs/rules/*.toml, which `npm run gen:packs` checks and writes out as
// packs.generated.json, the file read here.
import GENERATED from "./packs.generated.json" with { type: "json" };
import { PackIndex, type Written } from "./match.ts";
import type { Pack } from "./types.ts";

export type { Pack } from "./types.ts";

// Each pack is the JSON text of one, parsed the first time a call needs it: a call whose policy
// turns no pack on parses none, and one with packs on only those its programs can trigger. In
// dist/packs.cjs each text is a function that returns it (scripts/build.mjs, packTexts), so the
// code cache holds only the texts a call has read.
const parsed: Pack[] = [];
function packAt(at: number): Pack {
  const text = GENERATED.packs[at] as string | (() => string);
  return (parsed[at] ??= JSON.parse(typeof text === "string" ? text : text()) as Pack);
}

let all: readonly Pack[] | undefined;
/** Every pack hookit ships, in the order rules/_shared.toml gives. */
export const allPacks = (): readonly Pack[] => (all ??= GENERATED.packs.map((_, at) => packAt(at)));

let byProgram: Record<string, readonly number[]> | undefined;
/** The packs (their places in allPacks()) with a rule about `program`, in their order. */
export function packsFor(program: string): readonly number[] | undefined {
  byProgram ??= JSON.parse(GENERATED.byProgram) as Record<string, readonly number[]>;
  return Object.hasOwn(byProgram, program) ? byProgram[program] : undefined;
}

const indexes = new Map<string, PackIndex>();
/**
 * `block <pack>/<rule>: …` / `ask <pack>/<rule>: …` for each rule of any pack the commands trigger.
 * Only the packs with a rule about one of the commands' programs are made and indexed. A
 * program is looked up whatever its case (rules name them in lower case): `DROP TABLE t;`, and
 * `DOCKER` on a file system that ignores case (macOS's), where the shell finds docker under it.
 */
export function packMatches(commands: Parameters<PackIndex["matches"]>[0], written?: Written): string[] {
  const wanted = new Set<number>();
  for (const command of commands) for (const at of packsFor(command.program.toLowerCase()) ?? []) wanted.add(at);
  if (wanted.size === 0) return [];
  const key = [...wanted].sort((a, b) => a - b);
  let index = indexes.get(key.join(","));
  if (index === undefined) indexes.set(key.join(","), (index = new PackIndex(key.map(packAt))));
  return index.matches(commands, written);
}
