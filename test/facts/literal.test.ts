// A line of plain words that a data program runs is read without the parser (src/facts/literal.ts):
// its facts must be exactly what the full reading gives. Generated lines of every data program and
// plain words are compared with the same line read in full (a trailing blank makes it not plain,
// and changes nothing the shell runs); lines that are not plain are left to the full reading.
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { DATA_PROGRAMS } from "../../src/facts/data-programs.ts";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { literalFacts } from "../../src/facts/literal.ts";

const dir = realpathSync(mkdtempSync(join(tmpdir(), "hookit-literal-")));
const env = { HOME: join(dir, "home"), PATH: "/usr/bin:/bin" };
const full = (command: string) => deriveCommandFacts(`${command} `, { cwd: dir, env });
const word = fc.stringMatching(/^[A-Za-z0-9_./,:@%+-]{1,12}$/);

describe("literal lines", () => {
  test("every data program with generated plain words: the full reading's facts", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DATA_PROGRAMS.filter((p) => /^[A-Za-z0-9_./,:@%+-]+$/.test(p))),
        fc.array(word, { maxLength: 6 }),
        (program, words) => {
          const line = [program, ...words].join(" ");
          expect(literalFacts(line, dir)).toEqual(full(line));
        },
      ),
      { numRuns: 3000, seed: 32 },
    );
  });

  test("any line it reads without the parser, with any characters, is read so by the full reading too", () => {
    const noise = fc.string({ unit: fc.constantFrom(..."aZ09_./,:@%+- $~*?[]{}'\"\\;&|<>()#=!`\n\t".split("")), maxLength: 16 });
    fc.assert(
      fc.property(fc.constantFrom(...DATA_PROGRAMS), noise, (program, rest) => {
        const line = `${program}${rest}`;
        const literal = literalFacts(line, dir);
        if (literal !== undefined) expect(literal).toEqual(full(line));
      }),
      { numRuns: 5000, seed: 33 },
    );
  });

  test.each([
    "echo $HOME",
    "echo ~",
    "echo a*",
    "echo {a,b}",
    "echo a > b",
    "echo 'a'",
    "X=1 echo a",
    "echo a; rm -rf ~",
    "ls -la ~/.ssh",
    "rm -rf build",
    "./echo a",
    " echo a",
    "echo a\nrm -rf ~",
    "git status",
  ])("%s is read in full", (line) => {
    expect(literalFacts(line, dir)).toBeUndefined();
  });
});
