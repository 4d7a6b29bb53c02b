// Self-protection searches a command line for plain words before running one of
// its expressions, and for whole words instead of another (a compile spared on
// most lines). The words must cover every alternative of the expression, and the
// word search must answer as `\b(…)\b` does, or a start-up file or a link would
// go unseen.
import { describe, expect, test } from "vitest";
import { namesStartupFile, STARTUP_HINTS, STARTUP_WORD } from "../../src/protect/startup.ts";

/** The alternatives of `(a|b|…)` in an expression's source, unescaped. */
const alternatives = (regex: RegExp) =>
  (/\(([^()]+)\)/.exec(regex.source)?.[1] ?? "").split("|").map((alternative) => alternative.replace(/\\(.)/g, "$1"));

describe("the plain-word screens before self-protection's expressions", () => {
  test.each(alternatives(STARTUP_WORD))("a start-up file %s is still seen", (name) => {
    expect(STARTUP_HINTS.some((hint) => name.includes(hint))).toBe(true);
    expect(namesStartupFile(`echo 'export HOOKIT=0' >> ~/${name}`)).toBe(true);
  });

  test("the screens found the alternatives they cover", () => {
    expect(alternatives(STARTUP_WORD).length).toBeGreaterThan(8);
    expect(namesStartupFile("cat README.md")).toBe(false);
    expect(namesStartupFile("cd src && make")).toBe(false);
  });
});
