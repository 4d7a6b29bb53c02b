// Which of the parser's two code caches a command line loads (scripts/build.mjs makes both,
// the hot path's facts loader picks one before compiling the parser). Reading a cache costs
// every call about 28 instructions per byte, while a function missing from it is compiled when
// first needed: the code that expands globs and walks folders for searches is a sixth of the
// whole cache and most lines never run it. A wrong guess costs time, never different facts.

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
  for (let i = 0; i < SEARCHERS.length; i++) if (holdsName(command, SEARCHERS[i]!)) return true;
  return false;
}

const isNameChar = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 45 || code === 46;

/** `name` as a whole word of the line (`ls`, not `false` or `tools`). */
function holdsName(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const after = at + name.length;
    if ((at === 0 || !isNameChar(text.charCodeAt(at - 1))) && (after === text.length || !isNameChar(text.charCodeAt(after)))) return true;
  }
  return false;
}
