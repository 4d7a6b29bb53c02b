// What a command substitution prints when hookit can know it without running anything: `$(pwd)`,
// `$(echo …)`, `$(printf …)`, `$(cat <<EOF …)`, `$(command -v git)`, `$(realpath x)`, a file the
// line itself wrote. Anything else is unknown (`undefined`), and what reads it says so.
import { join, posix } from "node:path";
import { systemTempDir } from "../base/temp-dir.ts";
import { resolvePath } from "../base/path-join.ts";
import type { Script } from "./ast.ts";
import { expandString, expandWord, type ShellState } from "./expand.ts";
import { realPath } from "./paths.ts";
import { printfValue } from "./output.ts";
import { onPath } from "./identity.ts";
import { spend } from "./budget.ts";
import { lineFileText } from "./script-files.ts";
import type { Walker } from "./walk.ts";

/** `$(pwd)`, `$(echo …)`, `$(printf %s …)`: output known without running anything. */
export function knownOutput(walker: Walker, script: Script, state: ShellState): string | undefined {
  spend();
  const only = script.length === 1 && script[0]?.cmds.length === 1 ? script[0].cmds[0] : undefined;
  if (only?.t !== "simple" || only.assigns.length > 0 || only.data) return undefined;
  // `$(cat <<<.env)`, `$(cat <<EOF …)`: what the command line feeds it.
  const [redir, ...more] = only.redirs;
  if (redir) {
    const words = only.words.flatMap((w) => expandWord(w, state, walker.expand));
    if (more.length > 0 || words.length !== 1 || words[0]?.text !== "cat") return undefined;
    if (redir.op === "<<<" && redir.target) return expandString(redir.target, state, walker.expand);
    return (redir.op === "<<" || redir.op === "<<-") && !redir.bodySubs?.length ? redir.body?.replace(/\n$/, "") : undefined;
  }
  const argv = only.words.flatMap((w) => expandWord(w, state, walker.expand));
  if (argv.some((f) => !f.resolved)) return undefined;
  const [program, ...args] = argv.map((f) => f.text);
  const [first, second] = args;
  if (program === "pwd" && args.length === 0) return state.cwd ?? undefined;
  // `$(cat x.sh)` of a file the line itself wrote: what it wrote.
  if (program === "cat" && args.length === 1 && !first!.startsWith("-"))
    return lineFileText(walker, first!, state.cwd)?.replace(/\n+$/, "");
  // `$(command -v git)`, `$(which git)`, `$(type -P git)`: where PATH finds it (the name, when nowhere).
  const looked =
    (program === "command" && first === "-v") || (program === "type" && /^-[pP]$/.test(first ?? ""))
      ? args[1]
      : program === "which"
        ? first
        : undefined;
  if (looked !== undefined && args.length === (program === "which" ? 1 : 2)) return onPath(looked, walker.expand.env) ?? looked;
  // `$(realpath x)`, `$(readlink -f x)`: the path resolved, as hookit resolves every path.
  const target =
    program === "realpath" && args.length === 1 ? first : program === "readlink" && /^-[efm]$/.test(first ?? "") ? second : undefined;
  if (target !== undefined && (target.startsWith("/") || state.cwd !== null)) return realPath(resolvePath(state.cwd ?? "/", target));
  // bash's echo takes only -n, -e and -E (bundled too): any other word, `-f` included, is printed.
  if (program === "echo") {
    const options = args.findIndex((a) => !/^-[neE]+$/.test(a));
    const words = options < 0 ? [] : args.slice(options);
    return args.slice(0, options < 0 ? args.length : options).some((a) => a.includes("e")) && words.some((w) => w.includes("\\"))
      ? undefined
      : words.join(" ");
  }
  if ((program === "basename" || program === "dirname") && args.length === 1 && !(args[0] as string).startsWith("-"))
    return program === "basename" ? posix.basename(args[0] as string) : posix.dirname(args[0] as string);
  if (program === "printf" && args[0] !== undefined) return printfValue(args[0], args.slice(1));
  // A fresh name in the temp directory (unless told to make it elsewhere).
  if (program === "mktemp" && args.every((a) => /^-[dqtu]+$/.test(a)))
    return join(walker.expand.env.TMPDIR || systemTempDir(), "tmp.mktemp");
  return undefined;
}
