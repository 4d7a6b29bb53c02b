// Properties of the parser and fact walker shared by the quick run (test/facts)
// and the long one (test/fuzz): never throw, never hang, degrade to
// "unresolved", and quoted data stays one argument.
import fc from "fast-check";
import { expect } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { shellQuote } from "../../src/facts/candidate.ts";
import { UNCHECKED } from "../../src/facts/unchecked.ts";

const PIECES = [
  " ",
  "\t",
  "\n",
  ";",
  "&",
  "&&",
  "||",
  "|",
  "(",
  ")",
  "{",
  "}",
  "<",
  ">",
  ">>",
  "<<",
  "<<-",
  "<<<",
  "2>&1",
  "$",
  "$(",
  "${",
  "`",
  "'",
  '"',
  "$'",
  "\\",
  "#",
  "*",
  "?",
  "[",
  "]",
  "~",
  "=",
  ",",
  "..",
  "/",
  "-",
  "-rf",
  "rm",
  "cat",
  ".env",
  "EOF",
  "sh -c",
  "eval",
  "find",
  "-exec",
  "{}",
  "+",
  "xargs",
  "sudo",
  "cd",
  "git push",
  "if",
  "then",
  "fi",
  "for",
  "in",
  "do",
  "done",
  "case",
  "esac",
  ";;",
  "((",
  "))",
  "[[",
  "]]",
  "function",
  "x",
  "HOME",
  "$HOME",
  "a=b",
  "\\x",
  "\\'",
  "!",
  "time",
  "-c",
  "%",
];

export const shellish = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 }), fc.string({ unit: "binary", maxLength: 3 })), { maxLength: 60 })
  .map((parts) => parts.join(""));

export function checkNeverThrows(numRuns: number, cwd: string, env: Record<string, string>): void {
  fc.assert(
    fc.property(shellish, (command) => {
      const started = performance.now();
      const facts = deriveCommandFacts(command, { cwd, env });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(Array.isArray(facts.commands) && Array.isArray(facts.paths)).toBe(true);
      expect(facts.unresolved.filter((u) => u.startsWith(UNCHECKED))).toEqual([]);
      for (const path of facts.paths) expect(path.resolved ? path.path.startsWith("/") : true).toBe(true);
    }),
    { numRuns },
  );
}

export function checkDataStaysData(numRuns: number, cwd: string, env: Record<string, string>): void {
  fc.assert(
    fc.property(
      fc.string({ unit: "binary", maxLength: 80 }).filter((s) => !s.includes("\0")),
      (text) => {
        const facts = deriveCommandFacts(`git commit -m ${shellQuote(text)}`, { cwd, env });
        expect(facts.commands.map((c) => c.argv)).toEqual([["git", "commit", "-m", text]]);
        expect(facts.paths).toEqual([]);
      },
    ),
    { numRuns },
  );
}
