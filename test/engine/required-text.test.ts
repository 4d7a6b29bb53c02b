// The literal text every match of a filter pattern holds (requiredText in src/engine/filter.ts),
// checked before the expression is compiled or run: a value without it must be one the expression
// would not match, for any pattern. The starter's credential and dotenv patterns answer as their
// expressions do on every path of its own test cases.
import { describe, expect, it } from "vitest";
import { random } from "./_random.ts";
import { filterMatches, requiredText } from "../../src/engine/filter.ts";
import { STARTER_POLICY } from "../../src/base/starter-policy.ts";

const PIECES = [
  ...["a", "b", "c", "s", "h", ".", "/", "-", "_", "~", " ", "0", "1", "e", "n", "v"],
  ...["\\.", "\\/", "\\-", "\\d", "\\b", "\\s", "\\w", "\\x62", "\\u0061", "\\1", "\\$"],
  ...["^", "$", "|", "*", "+", "?", "*?", "{2}", "{1,}", "{0,2}", "{", "}", "]", ".", "(", ")"],
  ...["(?:", "(?=", "(?!", "(?<=", "(?<!", "[", "[ab]", "[^a]", "[]", "[(]", "[\\]]", "[a-c]", "[|]", "(a|b)", "(^|/)"],
  ...["[sS]", "[Hh]", "[aA]", "[eE]"],
];
const ALPHABET = ["a", "b", "c", "s", "h", ".", "/", "-", "_", "~", " ", "0", "1", "e", "n", "v", "A", "S", "H", "E", "\n", "$", "(", ")"];

describe("requiredText", () => {
  it("never turns away a value the expression matches (random patterns, random values)", () => {
    let checked = 0;
    for (let seed = 1; seed <= 6000; seed++) {
      const next = random(seed);
      const source = Array.from({ length: 1 + next(9) }, () => PIECES[next(PIECES.length)]).join("");
      let re: RegExp;
      try {
        re = new RegExp(source);
      } catch {
        continue; // not a pattern a policy can hold
      }
      const { text, anyCase } = requiredText(source);
      if (text === "") continue;
      const pool = [...ALPHABET, text, text.toUpperCase()];
      for (let n = 0; n < 60; n++) {
        const value = Array.from({ length: next(12) }, () => pool[next(pool.length)]).join("");
        if (re.test(value)) {
          checked++;
          const holds = anyCase ? value.toLowerCase().includes(text) : value.includes(text);
          expect(holds, `seed ${seed}: /${source}/ on ${JSON.stringify(value)}`).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(3000); // the property was exercised, not vacuous
  });

  it("reads the longest top-level literal run, short of what a quantifier touches", () => {
    const text = (source: string) => requiredText(source).text;
    expect(text("(^|/)\\.ssh(/(id_[^/]*))?$(?<!\\.pub)")).toBe(".ssh");
    expect(text("(^|/)\\.config/gcloud(/.*)?$")).toBe(".config/gcloud");
    expect(text("^/etc/g?shadow$")).toBe("shadow");
    expect(text("ab+cd")).toBe("cd");
    expect(text("a{b}cde")).toBe("cde");
    expect(text("x\\d+yz")).toBe("yz");
  });

  it("reads a class of one letter's two cases as that letter in either case", () => {
    expect(requiredText("(^|/)\\.[sS][sS][hH](/.*)?$")).toEqual({ text: ".ssh", anyCase: true });
    expect(requiredText("/[Ee]tc/[sS]hadow")).toEqual({ text: "/etc/shadow", anyCase: true });
    expect(requiredText("[sS]?[hH]x")).toEqual({ text: "hx", anyCase: true });
    expect(requiredText("[ab]cd")).toEqual({ text: "cd", anyCase: false });
    expect(requiredText("[sS]")).toEqual({ text: "s", anyCase: true });
    // only ASCII: lower case can hang on the letters around (a Greek sigma ends a word as ς)
    expect(requiredText("[σΣ]x")).toEqual({ text: "x", anyCase: false });
    expect(requiredText("ΑΣ[aA]")).toEqual({ text: "", anyCase: false });
  });

  it("gives nothing where no literal text is required", () => {
    for (const source of ["a|b", "(a)|b", "[ab]", "\\d+", ".*", "(?:abc)", "a?", "(x)?", "[sS]|x", "[11]"])
      expect(requiredText(source).text, source).toBe("");
  });
});

describe("the starter's path patterns behind the check", () => {
  const patterns = Object.values(STARTER_POLICY.local).flatMap((hook) =>
    Object.values((hook as { filter?: Record<string, unknown> }).filter ?? {}).flatMap((value) => (Array.isArray(value) ? value : [value])),
  );
  const paths = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_rsa.pub",
    "/root/.aws/credentials",
    "~/.config/gcloud/credentials.db",
    "/etc/shadow",
    "/etc/gshadow",
    "~/.pgpass",
    "/home/dev/.my.cnf",
    "~/.config/.wrangler/config/default.toml",
    "/p/.env",
    "/p/.env.example",
    "/p/.ENV",
    "/p/src/a.ts",
    ".env.local",
    "~/.cargo/credentials",
    "~/.m2/settings.xml",
    "/p/settings.xml",
    "~/.local/share/com.vercel.cli/auth.json",
  ];
  it("answer as their expressions do", () => {
    let strings = 0;
    for (const pattern of patterns) {
      if (typeof pattern !== "string") continue;
      strings++;
      // as one of a list: the check runs only on a list's patterns
      for (const path of paths)
        expect(filterMatches({ path: [pattern] }, { path }), `${pattern} on ${path}`).toBe(new RegExp(pattern).test(path));
    }
    expect(strings).toBeGreaterThan(40);
  });
});
