// The literal prefix a filter pattern's every match starts with (anchoredPrefix in
// src/engine/filter.ts), checked before the expression runs: a value the check
// turns away must be one the expression would not match, for any pattern. It
// only reads what is obviously right (issue 36): a `^` and plain characters up
// to the first one that is not, with no `|` outside a group.
import { describe, expect, it } from "vitest";
import { random } from "./_random.ts";
import { anchoredPrefix, filterMatches } from "../../src/engine/filter.ts";
import { FORCE_PUSH_PATTERNS } from "./_force-push-patterns.ts";

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

describe("anchoredPrefix", () => {
  it("never turns away a value the expression matches (random patterns, random values)", () => {
    let checked = 0;
    for (let seed = 1; seed <= 4000; seed++) {
      const next = random(seed);
      const source = `^${Array.from({ length: 1 + next(8) }, () => PIECES[next(PIECES.length)]).join("")}`;
      let re: RegExp;
      try {
        re = new RegExp(source);
      } catch {
        continue; // not a pattern a policy can hold (the catalog rejects it)
      }
      const prefix = anchoredPrefix(source);
      if (prefix === "") continue;
      // Values that start with the pattern's own text match far more often than random ones.
      const pool = [...ALPHABET, prefix];
      for (let n = 0; n < 60; n++) {
        const value = (next(2) ? prefix : "") + Array.from({ length: next(10) }, () => pool[next(pool.length)]).join("");
        if (re.test(value)) {
          checked++;
          expect(value.startsWith(prefix), `seed ${seed}: /${source}/ on ${JSON.stringify(value)}`).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(2000); // the property was exercised, not vacuous
  });

  it("reads the plain start of an anchored pattern, short of an optional character", () => {
    expect(anchoredPrefix("^git push")).toBe("git push");
    expect(anchoredPrefix("^git( [^ ]+)* push")).toBe("git");
    expect(anchoredPrefix("^gits?")).toBe("git");
    expect(anchoredPrefix("^ab{0}c")).toBe("a");
    expect(anchoredPrefix("^a\\.b")).toBe("a");
  });

  it("gives nothing where a match need not start with literal text", () => {
    for (const source of ["git push", "^a|b", "^x(a)|b", "^x[|]|y", "^.x", "^[ab]", "^\\d", "^(?:a)b", "^*"])
      expect(anchoredPrefix(source), source).toBe("");
    // An alternative inside a group keeps the start.
    expect(anchoredPrefix("^git (push|pull)")).toBe("git ");
    expect(anchoredPrefix("^x[|]")).toBe("x");
  });

  it("a policy's force-push patterns start with `git` (so `cd src` never runs them)", () => {
    for (const source of FORCE_PUSH_PATTERNS) expect(anchoredPrefix(source)).toBe("git");
  });
});

describe("filters with an anchored-prefix check", () => {
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

  it("answer as the expression does on a policy's force-push patterns, value after value", () => {
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
    for (const pattern of FORCE_PUSH_PATTERNS) {
      for (const line of [...lines, ...lines]) expect(matches(pattern, line), `${pattern} on ${line}`).toBe(new RegExp(pattern).test(line));
    }
  });
});
