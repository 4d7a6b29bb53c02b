// `hookit.commands` joins each argv shell-quoted (src/facts/candidate.ts). The
// quoting is a character loop, not an expression (it runs on every word of a
// line); it must quote exactly the words the expression would, so a policy's
// patterns see the same text.
import { describe, expect, test } from "vitest";
import { shellQuote } from "../../src/facts/candidate.ts";

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
const asExpression = (arg: string) => (SAFE.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`);

describe("shellQuote", () => {
  test("quotes every one-character word as the expression does", () => {
    for (let code = 0; code < 0x180; code++) {
      const arg = String.fromCharCode(code);
      expect(shellQuote(arg), `U+${code.toString(16)}`).toBe(asExpression(arg));
    }
  });

  test.each(["", "plain", "--force-with-lease", "+main", "a b", "it's", "''", "$HOME", "x=1,y:2/3.4@5%", "tab\there", "é"])(
    "quotes %j as the expression does",
    (arg) => {
      expect(shellQuote(arg)).toBe(asExpression(arg));
    },
  );
});
