// The row builders and readers several tool tables share (src/agents/shared/tool-shell.ts,
// tool-patch.ts, and inert() of tool-classes.ts): what each agent's table and normalizer get from them.
import { describe, expect, it } from "vitest";
import { PayloadError } from "../../../src/contract/types.ts";
import { fieldReader } from "../../../src/agents/shared/fields.ts";
import { inert, NO_FILES } from "../../../src/agents/shared/tool-classes.ts";
import { shellNormalizer } from "../../../src/agents/shared/tool-shell.ts";
import { patchRow, readPatch } from "../../../src/agents/shared/tool-patch.ts";

const shell = (options: Parameters<typeof shellNormalizer>[0], input: Record<string, unknown>) =>
  shellNormalizer(options)(input, fieldReader(input, "Shell", "test"));

describe("shellNormalizer", () => {
  it("turns a timeout in milliseconds into Pi's seconds, and keeps one in seconds", () => {
    expect(shell({ timeoutInMs: true }, { command: "ls", timeout: 1500 })).toEqual({ command: "ls", timeout: 1.5 });
    expect(shell({}, { command: "ls", timeout: 30 })).toEqual({ command: "ls", timeout: 30 });
  });

  it("leaves out a timeout that is not a finite number", () => {
    expect(shell({}, { command: "ls", timeout: "30" })).toEqual({ command: "ls" });
    expect(shell({}, { command: "ls", timeout: Number.POSITIVE_INFINITY })).toEqual({ command: "ls" });
  });

  it("runs the command in the directory its `dir` field names, and only that field", () => {
    expect(shell({ dir: "workdir" }, { command: "ls", workdir: "/tmp/x" })).toEqual({ command: "cd -- /tmp/x && ls" });
    expect(shell({}, { command: "ls", workdir: "/tmp/x" })).toEqual({ command: "ls" });
  });

  it("refuses a call without a command", () => {
    expect(() => shell({}, { timeout: 1 })).toThrow(PayloadError);
  });
});

describe("the patch tools", () => {
  it("give one row shape, named by tool and field", () => {
    expect(patchRow("ApplyPatch", "input")).toEqual({
      native: "ApplyPatch",
      as: ["write", "edit"],
      perFile: true,
      fields: { input: "path" },
      note: "one call per file of the patch, as for Codex",
    });
  });

  it("refuse a text that is not a patch, saying which text", () => {
    expect(() => readPatch("not a patch", "test: the patch text")).toThrow(/^test: the patch text cannot be read: /);
  });
});

describe("inert", () => {
  it("makes one row per name with the one reason, in the order given", () => {
    expect(inert(NO_FILES, "B", "A")).toEqual([
      { native: "B", inert: NO_FILES },
      { native: "A", inert: NO_FILES },
    ]);
  });
});
