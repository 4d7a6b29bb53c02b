// Self-protection searches a command line for plain words before running two of
// its expressions (a compile spared on most lines). The words must cover every
// alternative of each expression, or a start-up file or a link would go unseen.
import { describe, expect, test } from "vitest";
import { FACTS_FOLLOW_WORDS, ONLY_FACTS_FOLLOW } from "../../src/protect/facts.ts";
import { namesStartupFile, STARTUP_HINTS, STARTUP_WORD } from "../../src/protect/startup.ts";

/** The alternatives of `(a|b|…)` in an expression's source, unescaped. */
const alternatives = (regex: RegExp) =>
  (/\(([^()]+)\)/.exec(regex.source)?.[1] ?? "").split("|").map((alternative) => alternative.replace(/\\(.)/g, "$1"));

describe("the plain-word screens before self-protection's expressions", () => {
  test.each(alternatives(STARTUP_WORD))("a start-up file %s is still seen", (name) => {
    expect(STARTUP_HINTS.some((hint) => name.includes(hint))).toBe(true);
    expect(namesStartupFile(`echo 'export HOOKIT=0' >> ~/${name}`)).toBe(true);
  });

  test.each(alternatives(ONLY_FACTS_FOLLOW))("a line with %s still goes to the facts", (word) => {
    expect(FACTS_FOLLOW_WORDS.some((screen) => word.includes(screen))).toBe(true);
  });

  test("the screens found the alternatives they cover", () => {
    expect(alternatives(STARTUP_WORD).length).toBeGreaterThan(8);
    expect(alternatives(ONLY_FACTS_FOLLOW)).toEqual(["ln", "link", "alias", "rsync", "clean"]);
    expect(namesStartupFile("cat README.md")).toBe(false);
  });
});
