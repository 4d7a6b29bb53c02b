// Every domain error is a HookitError with a code, recognised across bundles by
// isHookitError (src/base/errors.ts), and an error that explains another keeps it as
// its cause (issue 36).
import { describe, expect, test } from "vitest";
import { PiPayloadError, toEvent } from "../../src/agents/pi/events.ts";
import { PayloadError } from "../../src/contract/types.ts";
import { isHookitError } from "../../src/base/errors.ts";
import { GitError } from "../../src/sources/git.ts";
import { SourceError } from "../../src/sources/sync.ts";

describe("domain errors", () => {
  test.each([
    ["GitError", () => new GitError("fatal: not a git repository"), "E_GIT"],
    ["SourceError", () => new SourceError("hookit.json is not a JSON object of hooks"), "E_SOURCE"],
    ["PiPayloadError", () => new PiPayloadError('Pi turn_end event has no number "turnIndex"'), "E_PAYLOAD"],
    ["PayloadError", () => new PayloadError("stdin is not valid JSON"), "E_PAYLOAD"],
  ] as const)("%s is a hookit error with its code", (_name, make, code) => {
    const error = make();
    expect(isHookitError(error, code)).toBe(true);
    expect(isHookitError(error, "E_USAGE")).toBe(false);
    // What another bundle sees: only the registered mark and the code, never the class.
    const copy = Object.assign(Object.create(null), { ...error, [Symbol.for("hookit.error")]: true, code: error.code });
    expect(isHookitError(copy, code)).toBe(true);
  });

  test("a Pi event hookit cannot read throws a payload error", () => {
    let thrown: unknown;
    try {
      toEvent("turn_end", { type: "turn_end" } as never);
    } catch (error) {
      thrown = error;
    }
    expect(isHookitError(thrown, "E_PAYLOAD")).toBe(true);
  });

  test("an error that explains another keeps it as its cause", () => {
    let parse: unknown;
    try {
      JSON.parse("{");
    } catch (error) {
      parse = error;
    }
    const error = new SourceError("hookit.json in x is not valid JSON", { cause: parse });
    expect(error.cause).toBe(parse);
    expect(new GitError("git fetch failed", { cause: parse }).cause).toBe(parse);
  });
});
