// The apply_patch envelope parser behind the Codex adapter's one-event-per-file
// split (harness-protocols §3.4).
import { describe, expect, it } from "vitest";
import { parseApplyPatch, PatchSyntaxError } from "../../../src/agents/shared/apply-patch.ts";

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");

describe("parseApplyPatch", () => {
  it("reads the captured Codex 0.171.0 patch", () => {
    expect(parseApplyPatch("*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n")).toEqual([
      { kind: "add", path: "hello.txt", content: "hello\n" },
    ]);
  });

  it("splits an update into hunks at @@ and End of File, keeping context on both sides", () => {
    const text = patch(
      "*** Update File: /abs/a.py",
      "@@ def f():",
      "     x = 1",
      "-    return x",
      "+    return x + 1",
      "",
      "@@",
      "-a",
      "-b",
      "+c",
      "*** End of File",
    );
    expect(parseApplyPatch(text)).toEqual([
      {
        kind: "update",
        path: "/abs/a.py",
        hunks: [
          { oldText: "    x = 1\n    return x\n", newText: "    x = 1\n    return x + 1\n" },
          { oldText: "a\nb", newText: "c" },
        ],
      },
    ]);
  });

  it("accepts a first hunk without @@, CRLF line ends and surrounding blank lines", () => {
    const text = `\n\n${patch("*** Update File: f", " ctx", "+added")}\n\n`.replace(/\n/g, "\r\n");
    expect(parseApplyPatch(text)).toEqual([{ kind: "update", path: "f", hunks: [{ oldText: "ctx", newText: "ctx\nadded" }] }]);
  });

  it("reads a context line that looks like a marker as context", () => {
    expect(parseApplyPatch(patch("*** Update File: notes.md", " *** Add File: x", "-a", "+b"))).toEqual([
      { kind: "update", path: "notes.md", hunks: [{ oldText: "*** Add File: x\na", newText: "*** Add File: x\nb" }] },
    ]);
  });

  it("reads deletes, renames and pure renames", () => {
    expect(parseApplyPatch(patch("*** Delete File: gone.txt", "*** Update File: a", "*** Move to: b"))).toEqual([
      { kind: "delete", path: "gone.txt" },
      { kind: "update", path: "a", moveTo: "b", hunks: [] },
    ]);
  });

  it.each([
    ["no Begin Patch", "*** Add File: a\n+x\n*** End Patch", /first line must be "\*\*\* Begin Patch"/],
    ["no End Patch", "*** Begin Patch\n*** Add File: a\n+x", /last line must be "\*\*\* End Patch"/],
    ["only Begin Patch", "*** Begin Patch", /last line must be "\*\*\* End Patch"/],
    ["an empty patch", patch(), /names no file/],
    ["a stray line", patch("hello"), /line 2 is not a file operation: "hello"/],
    ["an added file with a context line", patch("*** Add File: a", "+x", " y"), /line 4 is not a file operation/],
    ["a path-less header", patch("*** Delete File:   "), /line 2 names no path/],
    ["an update that changes nothing", patch("*** Update File: a", " same"), /update of a changes no line/],
    ["a bad hunk line", patch("*** Update File: a", "-x", "?y"), /line 4 in the update of a is not a hunk line: "\?y"/],
  ])("rejects %s", (_label, text, message) => {
    expect(() => parseApplyPatch(text)).toThrow(PatchSyntaxError);
    expect(() => parseApplyPatch(text)).toThrow(message);
  });
});
