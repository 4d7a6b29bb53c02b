// The text-level edits under every installer transform: appending to an array
// and removing an element are exact inverses, and nothing else in the file moves.
import fc from "fast-check";
import { findNodeAtLocation } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { InstallError } from "../../src/install/errors.ts";
import { appendToArray, parseObject, removeAt } from "../../src/install/jsonc.ts";

const FILE = "/p/settings.json";
const ITEM = { matcher: "*", hooks: [{ type: "command", command: "x" }] };

/** Appends ITEM at `path`, then removes it again (pruning the containers it created). */
function roundTrip(text: string, path: string[]): { added: string; restored: string } {
  const added = appendToArray(text, path, ITEM, FILE);
  const array = findNodeAtLocation(parseObject(added, FILE), path);
  const last = (array?.children ?? []).length - 1;
  expect(last).toBeGreaterThanOrEqual(0);
  return { added, restored: removeAt(added, [...path, last], FILE, true) };
}

describe("appendToArray / removeAt", () => {
  const cases: Record<string, string> = {
    "empty object": "{}",
    "empty object, newline": "{}\n",
    "compact one-liner": '{"a":1}',
    "nested existing array": '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash" }\n    ]\n  }\n}\n',
    "trailing comma and comment after the last item":
      '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash" }, // mine\n    ],\n  },\n}\n',
    "comment after the last item, no comma": '{\n  "hooks": {\n    "PreToolUse": [\n      1 // one\n    ]\n  }\n}\n',
    "block comment after a trailing comma": '{\n  "hooks": {\n    "PreToolUse": [\n      1, /* one */\n    ]\n  }\n}\n',
    "one-line array with trailing comma": '{ "hooks": { "PreToolUse": [1,] } }',
    "empty container holding a comment": '{\n  "hooks": {\n    // nothing yet\n  }\n}\n',
    "tabs and CRLF": '{\r\n\t"a": [\r\n\t\t1\r\n\t],\r\n\t"hooks": {\r\n\t\t"X": []\r\n\t}\r\n}\r\n',
    "four-space indent": '{\n    "model": "opus",\n    "hooks": {\n        "Stop": [{"hooks": []}]\n    }\n}\n',
  };
  for (const [name, text] of Object.entries(cases)) {
    it(`restores the exact bytes: ${name}`, () => {
      const { added, restored } = roundTrip(text, ["hooks", "PreToolUse"]);
      expect(added).not.toBe(text);
      expect(restored).toBe(text);
    });
  }

  it("keeps the user's end-of-line comment on the user's item", () => {
    const { added } = roundTrip(cases["trailing comma and comment after the last item"]!, ["hooks", "PreToolUse"]);
    expect(added).toContain('{ "matcher": "Bash" }, // mine\n      {\n        "matcher": "*"');
  });

  it("indents new items like their siblings, with tabs and CRLF kept", () => {
    const { added } = roundTrip(cases["tabs and CRLF"]!, ["a"]);
    expect(added).toContain('\t\t1,\r\n\t\t{\r\n\t\t\t"matcher": "*",');
    expect(added).not.toMatch(/[^\r]\n/);
  });

  it("keeps a one-line array on one line for a one-line item", () => {
    const text = '{ "extensions": ["/a.ts", "/b.ts"] }\n';
    const added = appendToArray(text, ["extensions"], "/c.mjs", FILE);
    expect(added).toBe('{ "extensions": ["/a.ts", "/b.ts", "/c.mjs"] }\n');
    expect(removeAt(added, ["extensions", 2], FILE, true)).toBe(text);
  });

  it("round-trips any JSON settings object, however it is indented", () => {
    const settings = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 6 }).filter((key) => key !== "hooks" && key !== "__proto__"),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const indent = fc.constantFrom(0, 2, 4, "\t");
    fc.assert(
      fc.property(settings, indent, fc.boolean(), (value, unit, crlf) => {
        let text = JSON.stringify(value, null, unit) + "\n";
        if (crlf) text = text.replace(/\n/g, "\r\n");
        const { restored } = roundTrip(text, ["hooks", "PreToolUse"]);
        expect(restored).toBe(text);
      }),
    );
  });
});

describe("errors", () => {
  it("names the file, line and column of a syntax error", () => {
    const text = '{\n  "a": 1,\n  "b": ]\n}\n';
    expect(() => appendToArray(text, ["hooks", "X"], ITEM, FILE)).toThrow(InstallError);
    expect(() => appendToArray(text, ["hooks", "X"], ITEM, FILE)).toThrow(/^\/p\/settings\.json:3:8: ValueExpected/);
  });

  it("refuses a top level that is not an object", () => {
    expect(() => parseObject("[1]", FILE)).toThrow(`${FILE}: the top level must be a JSON object`);
  });

  it("refuses to guess when a container has the wrong type", () => {
    expect(() => appendToArray('{"hooks": []}', ["hooks", "X"], ITEM, FILE)).toThrow("`hooks` is an array, expected an object");
    expect(() => appendToArray('{"hooks": {"X": {}}}', ["hooks", "X"], ITEM, FILE)).toThrow("`hooks.X` is an object, expected an array");
  });
});
