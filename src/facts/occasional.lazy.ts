// Modules only some lines need, loaded on first need. The hot-path build swaps this file for
// occasional.hot.ts, whose `require` runs each module (and what it imports) the first time a line
// needs it; here (tests, in-process hosts) they are simply imported.
import * as inlineCode from "./inline-code.ts";
import * as programCommands from "./program-commands.ts";

/** vim's, sqlite3's, ed's own commands and files: for a line that runs one of ESCAPING_PROGRAMS (data-programs.ts). */
export const programCommandsNow = (): typeof programCommands => programCommands;
/** What inline code or a script names: for a line that runs an interpreter's code. */
export const inlineCodeNow = (): typeof inlineCode => inlineCode;
