// The normalizer a plain TOOL_CLASSES row becomes (src/agents/shared/renames.ts), and the rows
// that cannot be one: they need the agent's own normalizer, or the call is refused.
import { describe, expect, it } from "vitest";
import { PayloadError } from "../../../src/contract/types.ts";
import { fieldReader } from "../../../src/agents/shared/fields.ts";
import { normalizeWith, plainNormalizers, renamer } from "../../../src/agents/shared/renames.ts";
import type { MappedTool } from "../../../src/agents/shared/tool-classes.ts";
import { normalizeKimiTool } from "../../../src/agents/kimi/tools.ts";
import { normalizeClaudeTool } from "../../../src/agents/claude/tools.ts";

const run = (row: MappedTool, input: Record<string, unknown>) => {
  const normalize = renamer(row);
  if (!normalize) throw new Error(`${row.native} is not a plain row`);
  return normalize(input, fieldReader(input, row.native, "test"));
};

describe("a plain row", () => {
  const read: MappedTool = { native: "ReadIt", as: "read", fields: { file: "path", from: "offset", count: "limit" } };

  it("renames each field and keeps only the ones Pi has", () => {
    expect(run(read, { file: "a.txt", from: 3, count: 9, extra: "x" })).toEqual({ path: "a.txt", offset: 3, limit: 9 });
  });

  it("leaves out an optional field of the wrong type", () => {
    expect(run(read, { file: "a.txt", from: "3", count: Number.NaN })).toEqual({ path: "a.txt" });
  });

  it("refuses a call without a field Pi requires, naming the native field", () => {
    expect(() => run(read, { from: 3 })).toThrow(PayloadError);
    expect(() => run(read, { file: ["a.txt"] })).toThrow(/tool_input\.file of ReadIt must be a string/);
  });

  it("fills one edit from `edits[].…` fields", () => {
    const edit: MappedTool = { native: "Change", as: "edit", fields: { f: "path", o: "edits[].oldText", n: "edits[].newText" } };
    expect(run(edit, { f: "a", o: "x", n: "y" })).toEqual({ path: "a", edits: [{ oldText: "x", newText: "y" }] });
    expect(() => run(edit, { f: "a", o: "x" })).toThrow(PayloadError);
  });

  it("refuses a path spelt two ways with two values, and takes the last number", () => {
    const find: MappedTool = { native: "Find", as: "find", fields: { pattern: "pattern", path: "path", dir: "path" } };
    expect(run(find, { pattern: "*", dir: "src" })).toEqual({ pattern: "*", path: "src" });
    expect(run(find, { pattern: "*", path: "src", dir: "src" })).toEqual({ pattern: "*", path: "src" });
    expect(() => run(find, { pattern: "*", path: "src", dir: "/etc" })).toThrow(/two different values/);
    const grep: MappedTool = { native: "G", as: "grep", fields: { pattern: "pattern", context: "context", "-C": "context" } };
    expect(run(grep, { pattern: "x", context: 2, "-C": 5 })).toEqual({ pattern: "x", context: 5 });
  });
});

describe("rows that are not plain", () => {
  it.each<[string, MappedTool]>([
    ["a field Pi's tool does not have", { native: "Bash", as: "bash", fields: { command: "command", timeout: "timeout" } }],
    ["a list of edits", { native: "MultiEdit", as: "edit", fields: { file_path: "path", edits: "edits" } }],
    ["no field for a required one", { native: "W", as: "write", fields: { file_path: "path" } }],
    ["one call per file", { native: "P", as: ["write", "edit"], perFile: true, fields: { patch: "path" } }],
  ])("%s", (_why, row) => {
    expect(renamer(row)).toBeUndefined();
  });

  it("are refused when no normalizer of the agent's own covers them", () => {
    const table = plainNormalizers([{ native: "Bash", as: "bash", fields: { command: "command", timeout: "timeout" } }], {});
    const input = { command: "cat .env" };
    expect(() => normalizeWith(table, "Bash", input, fieldReader(input, "Bash", "test"))).toThrow(PayloadError);
    expect(normalizeWith(table, "mcp__x__y", input, fieldReader(input, "mcp__x__y", "test"))).toEqual({ toolName: "mcp__x__y", input });
  });
});

describe("the agents' tables", () => {
  it("Claude's Grep reads its flags from the row", () => {
    expect(normalizeClaudeTool("Grep", { pattern: "k", "-i": true, context: 1, "-C": 2, head_limit: 5 }, "t").input).toEqual({
      pattern: "k",
      ignoreCase: true,
      context: 2,
      limit: 5,
    });
  });

  it("Kimi's Glob refuses `path` and `directory` that disagree (one of them is what the CLI lists)", () => {
    expect(normalizeKimiTool("Glob", { pattern: "*", directory: "lib" }, "t").input).toEqual({ pattern: "*", path: "lib" });
    expect(() => normalizeKimiTool("Glob", { pattern: "*", path: "src", directory: "/etc" }, "t")).toThrow(/two different values/);
  });
});
