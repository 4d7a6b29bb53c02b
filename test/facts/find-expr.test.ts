// find's expression judged on a dotenv file it meets: a sure "no" keeps it
// out, anything it cannot judge lets it in (a guard must not miss what -exec gets).
import { describe, expect, test } from "vitest";
import { mayMatch } from "../../src/facts/find-expr.ts";

const expr = (text: string) => text.split(" ").map((t) => ({ text: t, resolved: true }));
const secret = { name: ".env", path: "./config/.env" };

describe("find expression", () => {
  test.each([
    ["-name .env", true],
    ["-name *.ts", false],
    ["-iname .ENV", true],
    ["-path */.env*", true],
    ["-path ./src/*", false],
    ["-regex .*/\\.env", true],
    ["-type d", false],
    ["-type f -name .env", true],
    ["! -name *.ts", true],
    ["-not -name .env", false],
    ["-name *.ts -o -name .env", true],
    ["( -name *.ts -o -name *.js ) -exec cat {} ;", false],
    ["-size +1k", true],
    ["! -size +1k", true],
    ["-false", false],
    ["-type d -name node_modules -prune -o -name .env -print", true],
  ])("%s → %s", (expression, expected) => {
    expect(mayMatch(expr(expression), secret)).toBe(expected);
  });

  test("an argument hookit could not resolve is a maybe", () => {
    expect(
      mayMatch(
        [
          { text: "-name", resolved: true },
          { text: "$X", resolved: false },
        ],
        secret,
      ),
    ).toBe(true);
  });
});
