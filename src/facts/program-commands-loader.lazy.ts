// Loads program-commands.ts, needed only for a line that runs one of ESCAPING_PROGRAMS
// (data-programs.ts). The hot-path build swaps this file for program-commands-loader.hot.ts, whose
// `require` runs the module (and the foreign-code one it imports) only then. Here (tests, in-process
// hosts) it is simply imported.
import * as programCommands from "./program-commands.ts";

export const programCommandsNow = (): typeof programCommands => programCommands;
