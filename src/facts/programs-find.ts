// find: what it lists, what `-delete` and `-exec rm` remove, the commands
// `-exec` runs on what it matched.
import { basename, join } from "node:path";
import { realPath } from "./paths.ts";
import type { Field } from "./expand.ts";
import { findOutput } from "./output.ts";
import { findLoss } from "./work-loss.ts";
import { exec, mark, type Program, type Run } from "./programs-kit.ts";

export const FIND: Program[] = [
  {
    names: ["find"],
    does: find,
  },
];

/** Programs `find -exec` runs to delete what it matched. */
export const FIND_DELETERS = new Set(["rm", "rmdir", "unlink", "shred"]);

function find(args: Field[], run: Run, program: string): void {
  // What `{}` stands for: the roots, and — under a `-name`/`-path` test — files matching it there.
  const { roots, rest, found } = findOutput(args, run.state.cwd);
  mark(run, roots, "list", program);
  let i = rest;
  for (; i < args.length; i++) {
    const text = (args[i] as Field).text;
    if (text === "-delete") {
      mark(run, found, "delete", program, { recursive: true });
      run.walker.losses.push(findLoss(roots, args.slice(rest), run.state.cwd));
    } else if (["-fprint", "-fprint0", "-fprintf", "-fls"].includes(text) && args[i + 1]) mark(run, [args[++i] as Field], "write", program);
    else if (["-exec", "-execdir", "-ok", "-okdir"].includes(text)) {
      const end = args.findIndex((a, k) => k > i && (a.text === ";" || (a.text === "+" && args[k - 1]?.text === "{}")));
      const stop = end < 0 ? args.length : end;
      const command = args.slice(i + 1, stop);
      // `-exec rm {} +`: a delete of what find matches, judged like `-delete` (a recursive one takes matched folders whole).
      const deleter = command[0]?.resolved ? basename(command[0].text) : "";
      if (FIND_DELETERS.has(deleter)) {
        const recursive = command.slice(1).some((a) => /^-[a-zA-Z]*[rR]/.test(a.text) || a.text === "--recursive");
        run.walker.losses.push(findLoss(roots, args.slice(rest), run.state.cwd, recursive));
      } else homeRoots(roots, run, program);
      for (const hit of found) {
        exec(
          run,
          command.map((a) =>
            a.text === "{}" ? hit : a.text.includes("{}") ? { ...hit, text: a.text.replaceAll("{}", hit.text), pattern: undefined } : a,
          ),
          `find ${text}`,
        );
      }
      i = stop;
    }
  }
}

/**
 * `find ~ -name id_rsa -exec cat {} +`: the command runs on matches at any depth, and hookit names
 * only those at the top; from the home folder, above it or inside it (`find ~/.config -exec cat
 * {} +`), what the home's folders hold is read, as a recursive reader of it reads it (record.ts,
 * secretsIn).
 */
function homeRoots(roots: readonly Field[], run: Run, program: string): void {
  const home = run.walker.at.home;
  const cwd = run.state.cwd;
  for (const root of roots) {
    if (!root.resolved || (cwd === null && !root.text.startsWith("/"))) continue;
    const dir = realPath(root.text.startsWith("/") ? root.text : join(cwd as string, root.text));
    if (home === dir || home.startsWith(dir === "/" ? "/" : `${dir}/`) || dir.startsWith(`${home}/`))
      run.walker.secretsIn(root, program, cwd);
  }
}
