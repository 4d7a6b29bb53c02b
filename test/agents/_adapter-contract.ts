// One agent's captured fixtures against the invocations they must parse into: each agent's
// adapter.test.ts hands its fixture → expectation table to `describeAdapterContract` and keeps
// only its quirks. (The cases every adapter meets whatever its payloads say are _contract.ts.)
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Adapter, type Invocation, PayloadError } from "../../src/contract/types.ts";
import { FIXTURES } from "../_built.ts";
import { loadFixtures } from "./_contract.ts";

export interface AdapterFixtures {
  /** What the payloads are ("captured 2.1.332 payloads", "documented examples"): the describe title. */
  title: string;
  /** Each `.json` file of test/fixtures/<agent>/ and the invocation it parses into. */
  expected: Record<string, Invocation>;
  /**
   * Fields the agent may add in a later release (or sends elsewhere); a payload carrying them
   * must parse into the same invocation.
   */
  unknownFields: Record<string, unknown>;
}

/** The fixture cases, named `<agent> parse: <title> > <file>` so a failure names both. */
export function describeAdapterContract(adapter: Adapter, fixtures: AdapterFixtures): void {
  const dir = join(FIXTURES, adapter.id);
  const payloads = new Map(loadFixtures(dir).map((fixture) => [fixture.file, fixture]));
  const fixtureOf = (file: string) => {
    const fixture = payloads.get(file);
    if (fixture === undefined) throw new Error(`${adapter.id}: no fixture ${file} in ${dir}`);
    return fixture;
  };
  const read = (file: string, extra: Record<string, unknown> = {}) => {
    const { nativeEvent, payload } = fixtureOf(file);
    return adapter.parse(nativeEvent, { ...(payload as object), ...extra });
  };

  describe(`${adapter.id} parse: ${fixtures.title}`, () => {
    it("has an expectation for every fixture file", () => {
      expect(expectedFiles(dir)).toEqual(Object.keys(fixtures.expected).sort());
    });

    // One test a file, named by the file in full (it.each would cut a long name short).
    for (const [file, expected] of Object.entries(fixtures.expected)) {
      it(file, () => {
        expect(adapter.kindOf(fixtureOf(file).nativeEvent), "kindOf").toBe(expected.kind);
        expect(read(file)).toStrictEqual(expected);
      });
      it(`${file} tolerates unknown fields`, () => {
        expect(read(file, fixtures.unknownFields)).toStrictEqual(expected);
      });
    }
  });
}

/** A payload parse() must refuse, and what its error must say; a label where the payload says too little. */
export type Unreadable =
  | [label: string, nativeEvent: string, payload: unknown, message: RegExp]
  | [nativeEvent: string, payload: unknown, message: RegExp];

/**
 * One test a row, in the caller's describe: the payload is a PayloadError (so `hookit hook`
 * blocks a tool call it cannot read) whose message names the problem.
 */
export function itRejects(adapter: Adapter, rows: Unreadable[]): void {
  for (const row of rows) {
    const [label, nativeEvent, payload, message] = row.length === 4 ? row : [undefined, ...row];
    it(label === undefined ? `${nativeEvent} ${JSON.stringify(payload)}` : `rejects ${label}`, () => {
      expect(() => adapter.parse(nativeEvent, payload)).toThrow(PayloadError);
      expect(() => adapter.parse(nativeEvent, payload)).toThrow(message);
    });
  }
}

/** The payload files of a fixture folder (not its READMEs or plugin/ help texts), sorted. */
export function expectedFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort();
}
