// A line that is one command of plain words, run by a program whose words are data (`echo hello`,
// `pwd`, `date -u`, `ls src`): the full reading of it (parse.ts, walk.ts) gives that one command
// and nothing else, so it is given here without loading the parser. Self-protection and the
// policy's hooks read every other line in full. A plain word has no quote, escape, expansion,
// glob, brace, tilde, assignment, comment, operator or redirect: the shell passes it as written.
// test/facts/literal.test.ts checks, over generated lines, that these facts are the full reading's.
import { DATA_PROGRAMS } from "./data-programs.ts";
import { realPath } from "./paths.ts";
import type { Facts } from "./types.ts";

const DATA: ReadonlySet<string> = new Set(DATA_PROGRAMS);
const MAX_LITERAL = 1024;

/** `[A-Za-z0-9_./,:@%+-]`: a character the shell passes as written. */
const isPlain = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 64 && code <= 90) || (code >= 43 && code <= 58) || code === 95 || code === 37;

/** Words of plain characters, one blank between each: `[A-Za-z0-9_./,:@%+-]+( [A-Za-z0-9_./,:@%+-]+)*`. */
function plainWords(command: string): boolean {
  let last = 32; // no blank first
  for (let i = 0; i < command.length; i++) {
    const code = command.charCodeAt(i);
    if (code === 32 ? last === 32 : !isPlain(code)) return false;
    last = code;
  }
  return last !== 32;
}

/**
 * The facts of `command` run in `cwd` when it is one such command; undefined for any other line.
 * A loop, not an expression: it runs on every shell call, and V8 compiles an expression on its
 * first match (docs/performance.md); the program is looked up first, so most lines stop there.
 */
export function literalFacts(command: string, cwd: string): Facts | undefined {
  const blank = command.indexOf(" ");
  if (!DATA.has(blank < 0 ? command : command.slice(0, blank)) || command.length > MAX_LITERAL || !plainWords(command)) return undefined;
  const argv = command.split(" ");
  return { commands: [{ argv, program: argv[0] as string, cwd: realPath(cwd) }], paths: [], unresolved: [] };
}
