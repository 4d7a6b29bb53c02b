// `{hookit.<fact>}` in a message Action: the call's own values, listed for the model.
import { expect, test } from "vitest";
import { FACTS } from "../../src/engine/filter.ts";
import { messageWithFacts } from "../../src/engine/message-facts.ts";

const withFacts = (facts: Record<string, string[]>) => {
  const candidate: Record<string, unknown> = {};
  Object.defineProperty(candidate, FACTS, { value: facts, enumerable: false });
  return candidate;
};

test("a fact's values replace its placeholder, relative to the call's directory, with their count", () => {
  const candidate = withFacts({ "hookit.discards": ["/w/app/src/a.ts", "/w/app/notes.txt", "/elsewhere/b", "stash@{0}"] });
  expect(messageWithFacts("would lose {hookit.discards}.", candidate, "/w/app")).toBe(
    "would lose src/a.ts, notes.txt, /elsewhere/b, stash@{0} (4).",
  );
});

test("one value is named without a count", () => {
  expect(messageWithFacts("would lose {hookit.discards}.", withFacts({ "hookit.discards": ["/w/notes.txt"] }), "/w")).toBe(
    "would lose notes.txt.",
  );
});

test("a long list is cut after eight, saying how many more", () => {
  const files = Array.from({ length: 20 }, (_, i) => `/w/f${i}`);
  expect(messageWithFacts("{hookit.discards}", withFacts({ "hookit.discards": files }), "/w")).toBe(
    "f0, f1, f2, f3, f4, f5, f6, f7 and 12 more (20)",
  );
});

test("a placeholder of a fact the call does not have, or an empty one, stays as written", () => {
  const candidate = withFacts({ "hookit.discards": [] });
  expect(messageWithFacts("x {hookit.discards} {hookit.nothing}", candidate, "/w")).toBe("x {hookit.discards} {hookit.nothing}");
  expect(messageWithFacts("x {hookit.discards}", {}, "/w")).toBe("x {hookit.discards}");
});
