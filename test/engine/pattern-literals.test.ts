// The text a filter pattern cannot match without (src/engine/pattern-literals.ts):
// a value the check turns away must be one the expression would not match, for
// any pattern; and the starter policy's patterns yield the text that spares
// most commands the expression.
import { describe, expect, it } from "vitest";
import { mayMatch, requiredText } from "../../src/engine/pattern-literals.ts";
import { filterMatches } from "../../src/engine/filter.ts";
import { STARTER_POLICY } from "../../src/starter-policy.ts";

/** A small deterministic generator (xorshift), so a failure names its seed. */
function random(seed: number) {
  let x = seed || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

const PIECES = [
  "a",
  "b",
  "c",
  "g",
  "i",
  "t",
  " ",
  "-",
  "/",
  ".",
  "'",
  "+",
  "=",
  "0",
  "1",
  "\\",
  "\\.",
  "\\d",
  "\\b",
  "\\s",
  "\\w",
  "\\u0061",
  "\\x62",
  "\\1",
  "\\-",
  "\\+",
  "\\$",
  "\\^",
  "^",
  "$",
  "|",
  "*",
  "+",
  "?",
  "*?",
  "{2}",
  "{1,}",
  "{0,2}",
  "{",
  "}",
  "(",
  ")",
  "(?:",
  "(?=",
  "(?!",
  "(?<=",
  "[",
  "]",
  "[ab]",
  "[^a]",
  "[]",
  "[(]",
  "[\\]]",
  "[a-c]",
];
const ALPHABET = ["a", "b", "c", "g", "i", "t", " ", "-", "/", ".", "'", "+", "=", "0", "1", "A", "\n", "$", "^", "(", ")"];

describe("requiredText", () => {
  it("never turns away a value the expression matches (random patterns, random values)", () => {
    let checked = 0;
    for (let seed = 1; seed <= 4000; seed++) {
      const next = random(seed);
      const source = Array.from({ length: 1 + next(8) }, () => PIECES[next(PIECES.length)]).join("");
      let re: RegExp;
      try {
        re = new RegExp(source);
      } catch {
        continue; // not a pattern a policy can hold (the catalog rejects it)
      }
      const required = requiredText(source);
      if (!required) continue;
      // Values made of the pattern's own text match far more often than random ones.
      const pool = [...ALPHABET, ...required.parts, required.prefix];
      for (let n = 0; n < 60; n++) {
        const value = Array.from({ length: next(10) }, () => pool[next(pool.length)]).join("");
        if (re.test(value)) {
          checked++;
          expect(mayMatch(required, value), `seed ${seed}: /${source}/ on ${JSON.stringify(value)}`).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(2000); // the property was exercised, not vacuous
  });

  it("reads literal runs, the anchored prefix and quantified atoms", () => {
    expect(requiredText("^git push")).toEqual({ prefix: "git push", parts: ["git push"] });
    expect(requiredText("^ab*c")).toEqual({ prefix: "a", parts: ["a", "c"] });
    expect(requiredText("x(?:y|z)+w\\.q")).toEqual({ prefix: "", parts: ["x", "w.q"] });
    expect(requiredText("a{2}b")).toEqual({ prefix: "", parts: ["b"] });
    expect(requiredText("[ab]c\\dd")).toEqual({ prefix: "", parts: ["c", "d"] });
  });

  it("gives up where no text is required or the scan cannot read the pattern", () => {
    for (const source of ["a|b", "(a)|b", ".*", "\\u0061b", "\\x61", "\\12", "\\k<n>(?<n>a)", "a{", "}a", "a]", "(?:a)*"]) {
      expect(requiredText(source), source).toBeUndefined();
    }
  });

  it("the starter policy's force-push patterns need ` push` (so `git commit …` never runs them)", () => {
    const patterns = STARTER_POLICY.local["no-force-push"].filter["hookit.commands"];
    for (const source of patterns) {
      const required = requiredText(source);
      expect(required?.prefix).toBe("git");
      expect(required?.parts).toContain(" push");
      expect(mayMatch(required!, "git commit -m 'fix: do not rm -rf ~ in cleanup'")).toBe(false);
      expect(mayMatch(required!, "git add -A")).toBe(false);
    }
  });
});

describe("filters with a required-text check", () => {
  const matches = (pattern: string, value: string) => filterMatches({ command: pattern }, { command: value });

  it("answer as the expression does", () => {
    const cases: Array<[string, string]> = [
      ["^git( [^ ]+)* push( [^ ]+)* --force", "git push --force"],
      ["^git( [^ ]+)* push( [^ ]+)* --force", "git -C x push origin --force"],
      ["^git( [^ ]+)* push( [^ ]+)* --force", "git commit -m push --force"],
      ["^git( [^ ]+)* push( [^ ]+)* --force", "git commit -m x"],
      ["rm -r[f]?", "sudo rm -rf /"],
      ["rm -r[f]?", "rm -f x"],
      ["\\.env\\b", "cat .env"],
      ["\\.env\\b", "cat .envelope"],
    ];
    for (const [pattern, value] of cases) expect(matches(pattern, value), `${pattern} on ${value}`).toBe(new RegExp(pattern).test(value));
  });

  it("answer as the expression does on the starter policy's force-push patterns, value after value", () => {
    const lines = [
      "cd src",
      "git add -A",
      "git push origin +main",
      "git commit -m 'do not git push --force'",
      "git push --force-with-lease origin main",
      "git push -f",
      "git -c remote.origin.mirror=true push",
      "git -c 'remote.origin.push=+refs/heads/*' push origin",
      "git push origin main",
      "git --git-dir=x push --mirror",
      "echo git push -f",
    ];
    for (const pattern of STARTER_POLICY.local["no-force-push"].filter["hookit.commands"]) {
      for (const line of [...lines, ...lines]) expect(matches(pattern, line), `${pattern} on ${line}`).toBe(new RegExp(pattern).test(line));
    }
  });
});
