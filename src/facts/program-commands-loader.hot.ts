// The hot path's program-commands-loader.lazy.ts (scripts/build.mjs builds this file in its place):
// program-commands.ts and foreign-code.ts, with their 18 expressions, run the first time a line
// runs one of ESCAPING_PROGRAMS. Run with every parsed call, they cost the compound Bash line of
// bench/instructions.mjs 0.56 M instructions and `echo "hi"` 0.54 M (Node 22.23.5).
type ProgramCommands = typeof import("./program-commands.ts");

export const programCommandsNow = (): ProgramCommands => require("./program-commands.ts");
