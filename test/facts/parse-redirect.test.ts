// The parser reads a redirect's file descriptor and operator with plain code
// (src/facts/parse.ts redirectOpAt), not the expression it replaced; both must
// read every text the same way, or a redirect's target would be missed.
import { describe, expect, test } from "vitest";
import { redirectOpAt } from "../../src/facts/parse.ts";

const REDIRECT = /(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})?(<<<|<<-|<<|<>|<&|>>|>&|>\||&>>|&>|<|>)/y;

function asExpression(src: string, pos: number) {
  REDIRECT.lastIndex = pos;
  const m = REDIRECT.exec(src);
  return m ? { fd: m[1] ?? "", op: m[2], length: m[0].length } : undefined;
}

const PIECES = ["<", ">", "&", "|", "-", "1", "2", "10", "{", "}", "fd", "_x", "9a", " ", "(", "x", "="];

describe("redirectOpAt", () => {
  test("reads every generated text as the expression does, at every position", () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let redirects = 0;
    for (let n = 0; n < 20000; n++) {
      const src = Array.from({ length: 1 + next(6) }, () => PIECES[next(PIECES.length)]).join("");
      for (let pos = 0; pos <= src.length; pos++) {
        const expected = asExpression(src, pos);
        if (expected) redirects++;
        expect(redirectOpAt(src, pos), `${JSON.stringify(src)} at ${pos}`).toEqual(expected);
      }
    }
    expect(redirects).toBeGreaterThan(5000); // the comparison was exercised
  });

  test.each(["2>&1", "{fd}>log", "&>>all", "<<<word", "<<-EOF", ">|x", "12<>f", "{1x}>f", "{}>f", "x>f"])("%s", (src) => {
    expect(redirectOpAt(src, 0)).toEqual(asExpression(src, 0));
  });
});
