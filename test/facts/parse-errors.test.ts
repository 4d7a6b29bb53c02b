// The parser's guesses carry where they start ({ at, message }), so a reason can point at the
// character, and nothing has to read a position back out of a sentence.
import { describe, expect, it } from "vitest";
import { parseScript } from "../../src/facts/parse.ts";

const errorsOf = (source: string) => parseScript(source).errors;

describe("parse errors", () => {
  it.each([
    ['echo "open', { at: 5, message: "unterminated double quote" }],
    ["echo 'open", { at: 5, message: "unterminated single quote" }],
    ["echo $'open", { at: 5, message: "unterminated $'" }],
    ["echo $(ls", { at: 5, message: "command substitution is not closed" }],
    ["echo ${HOME", { at: 5, message: "${ is not closed" }],
    ["echo `ls", { at: 5, message: "unterminated backtick" }],
    ["echo $((1+2", { at: 5, message: "arithmetic is not closed" }],
    ["x; (ls", { at: 3, message: "subshell is not closed" }],
    ["echo a ) ; ls", { at: 7, message: 'unexpected ")"' }],
  ])("%s", (source, error) => {
    expect(errorsOf(source)).toContainEqual(error);
  });

  it("a well-formed line has none", () => {
    expect(errorsOf("echo \"a\" 'b' $(ls) ${HOME} `pwd` $((1+2)); (cd x)")).toEqual([]);
  });
});
