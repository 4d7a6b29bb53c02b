// Which of the parser's two code caches a command line loads (scripts/build.mjs makes both,
// the hot path's facts loader picks one before compiling the parser). Reading a cache costs
// every call about 28 instructions per byte, while a function missing from it is compiled when
// first needed: the code that expands globs and walks folders for searches is a sixth of the
// whole cache and most lines never run it. A wrong guess costs time, never different facts.
import { holdsWord, isWordChar } from "../word-search.ts";

/** Programs that search or list folders (their handlers walk the tree for dotenv files, read ignore rules). */
const SEARCHERS = ["grep", "egrep", "fgrep", "rg", "ag", "ack", "find", "fd", "ls", "tree", "du", "locate"];

/**
 * `search` for a line that may expand a glob or search folders (its cache was warmed on such
 * lines as well as on the others), `plain` for any other; without a line, `search`.
 */
export function factsCacheKind(command?: string): "search" | "plain" {
  return command === undefined || searchesOrGlobs(command) ? "search" : "plain";
}

function searchesOrGlobs(command: string): boolean {
  for (let i = 0; i < command.length; i++) {
    const c = command.charCodeAt(i);
    // `*`, `?`, `[`, `{`: a pattern the shell expands (or a brace list, which often holds one).
    if (c === 42 || c === 63 || c === 91 || c === 123) return true;
  }
  for (const searcher of SEARCHERS) if (holdsWord(command, searcher, inName)) return true;
  return false;
}

/** A character of a program's name: `-` and `.` too (`ls`, not `false`, `tools` or `git ls-files`). */
const inName = (code: number) => isWordChar(code) || code === 45 || code === 46;
