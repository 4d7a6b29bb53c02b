// Errors are recognised by a registered symbol and a code, so a copy of a class
// from another bundle (the hot path, the CLI, a plugin) is still recognised.
import { expect, test } from "vitest";
import { isPayloadError, PayloadError } from "../../src/contract/types.ts";
import { HookitError, isHookitError } from "../../src/base/errors.ts";

test("an error from another bundle's copy of the class is recognised by its code, a look-alike by name is not", () => {
  // What another bundle's PayloadError looks like from here: its own class, the same symbol and code.
  const fromElsewhere = Object.assign(new Error("x"), { code: "E_PAYLOAD", [Symbol.for("hookit.error")]: true });
  expect(isPayloadError(fromElsewhere)).toBe(true);
  expect(isPayloadError(new PayloadError("x"))).toBe(true);
  const impostor = new Error("x");
  impostor.name = "PayloadError";
  expect(isPayloadError(impostor)).toBe(false);
  expect(isHookitError(new HookitError("E_USAGE", "x"), "E_PAYLOAD")).toBe(false);
  expect(isHookitError(new HookitError("E_USAGE", "x"))).toBe(true);
});
