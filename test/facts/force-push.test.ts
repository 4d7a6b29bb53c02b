// `hookit.forcePushes` (src/facts/force-push.ts) against the expressions the starter used on
// `hookit.commands` before it (test/engine/_force-push-patterns.ts): on every command line of the
// starter's cases, and on generated ones, a command is a force push exactly when they said so.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { factCandidate } from "../../src/facts/candidate.ts";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { FORCE_PUSH_PATTERNS } from "../engine/_force-push-patterns.ts";
import { ATTACKS, INNOCENT } from "../starter/cases.ts";
import { useProject } from "./_project.ts";

const project = useProject();
const patterns = FORCE_PUSH_PATTERNS.map((p) => new RegExp(p));
const byPatterns = (line: string) => patterns.some((re) => re.test(line));

function both(command: string): { fact: string[]; expected: string[] } {
  const candidate = factCandidate(deriveCommandFacts(command, { cwd: project.dir, env: project.env }));
  return { fact: candidate["hookit.forcePushes"]!, expected: candidate["hookit.commands"]!.filter(byPatterns) };
}

describe("hookit.forcePushes says what the force-push expressions said", () => {
  test.each([...(ATTACKS["no-force-push"] ?? []), ...INNOCENT.filter((c) => c.includes("push"))])("%s", (command) => {
    const { fact, expected } = both(command);
    expect(fact).toEqual(expected);
  });

  test("on generated git lines", () => {
    const word = fc.constantFrom(
      "push",
      "-f",
      "--force",
      "--force-with-lease",
      "-uf",
      "-fu",
      "--m",
      "--mirror",
      "--mirr",
      "--mi",
      "+main",
      "'+a b'",
      "origin",
      "main",
      "-c",
      "remote.origin.mirror=true",
      "remote.o.push=+refs/*",
      "remote.o.mirror=no",
      "-C",
      "x",
      "commit",
      "-m",
      "'push -f'",
      "--",
      "-n",
      "--dry-run",
      "-v",
      "--tags",
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 7 }), (words) => {
        const { fact, expected } = both(["git", ...words].join(" "));
        expect(fact).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});
