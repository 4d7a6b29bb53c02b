// The hot path's occasional.lazy.ts (scripts/build.mjs builds this file in its place): each
// module, and what it imports, runs the first time a line needs it. Run with every parsed call,
// their expressions and tables cost the compound Bash line of bench/instructions.mjs 1.0 M
// instructions (129.17 → 128.35 → 127.74 M) and `echo "hi"` 1.1 M (121.30 → 119.86 M); a line
// with inline code pays for compiling inline-code.ts's own, which the code cache's usual calls do
// not run (`python3 -c 'print(1)'` 130.14 → 131.05 M, Node 22.23.5).
type ProgramCommands = typeof import("./program-commands.ts");
type InlineCode = typeof import("./inline-code.ts");

export const programCommandsNow = (): ProgramCommands => require("./program-commands.ts");
export const inlineCodeNow = (): InlineCode => require("./inline-code.ts");
