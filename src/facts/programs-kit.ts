// The toolkit every program entry is written with: what a handler is handed
// (Run), and the common readings — operands read or written, an option that
// names an output file, a wrapper that runs the rest of its words, and the
// fallback for a program hookit has no entry for (`generic`).
import { basename, dirname, join, resolve } from "node:path";
import { existsSync } from "node:fs";
import { copy, type Field, type Lines, type ShellState } from "./expand.ts";
import { fieldPath } from "./field.ts";
import { segmentRegExp } from "./glob.ts";
import { parseOptions, type OptionSpec } from "./options.ts";
import { isDirectory, realPath } from "./paths.ts";
import type { Effect } from "./types.ts";
import { globLoss, unknownDeleteLoss } from "./work-loss.ts";
import type { PathOptions, Walker } from "./walk.ts";

export interface Run {
  walker: Walker;
  state: ShellState;
  depth: number;
  /** Standard input when the command line says what it is (a here-string, a here-document, `echo … |`). */
  stdin?: string;
  /** The paths on standard input when hookit can derive them (`find … |`, `< <(ls -a)`). */
  lines?: Lines;
  /** Standard input comes from something hookit does not read (a pipe from an unknown program, a `<` file). */
  fed?: true;
}
export type Handler = (args: Field[], run: Run, program: string) => void;

/** One program in the registry (index.ts): the names it runs under, and what it does with its words. */
export interface Program {
  names: readonly string[];
  does: Handler;
  /**
   * For self-protection (src/protect/command.ts): `runs-code` — it runs code or a script the line
   * hands it, whose words it may use in any way; `changes-below` — its recursive writes change what
   * is already below a folder (`chmod -R`), as a delete reaches it; `opaque` — hookit knows the program
   * (its packs' rules, its own commands) but not what it does with its words, so they are read as
   * `generic` reads them and self-protection refuses any word of it that names a protected place;
   * `makes-folders` — what it writes is an empty folder (`mkdir`), nothing a later command could run.
   */
  use?: "runs-code" | "changes-below" | "opaque" | "makes-folders";
}

export const mark = (run: Run, fields: readonly Field[], effect: Effect, program: string, options?: PathOptions) => {
  for (const field of fields) run.walker.path(field, effect, program, run.state.cwd, options);
  if (effect !== "delete") return;
  globLoss(fields, run.state.cwd, run.walker.losses);
  // In a script file (a make recipe, a package.json script), a path computed at run time is not a
  // path fact (record.ts), nor a delete in bulk: `rm -f $(OBJS)` in `make clean` is not judged on
  // every file of the work tree.
  if (run.walker.scriptDepth === 0) unknownDeleteLoss(fields, run.state.cwd, options?.recursive === true, run.walker.losses);
};

/**
 * A wrapper running the rest of its words: the command it runs reads the wrapper's input
 * (`echo 'rm -rf ~' | sudo bash` is `bash` reading `rm -rf ~`).
 */
export const exec = (run: Run, argv: Field[], via: string, state: ShellState = run.state) =>
  run.walker.run(argv, state, via, run.depth + 1, run.stdin, run.lines, run.fed === true);

/** A command line a program hands a shell of its own (`git -c core.pager=…`, `tmux new 'cmd'`): read in a copy of the state. */
export const runLine = (run: Run, line: string, via: string) => run.walker.shell(line, copy(run.state), via, run.depth);

/** Reads every operand; `spec` says which options take a value. */
export const reads =
  (spec: OptionSpec = {}): Handler =>
  (args, run, program) => {
    mark(run, parseOptions(args, spec).operands, "read", program);
    args.forEach((_, k) => outputOption(args, k, run, program)); // `openssl enc -in x -out ~/y`, `gpg -o ~/y`
  };

export const writes =
  (spec: OptionSpec = {}): Handler =>
  (args, run, program) =>
    mark(run, parseOptions(args, spec).operands, "write", program);

/** The first operand is data (a pattern, a mode, a script); the rest are read, or written with `-i`. */
export const afterFirst =
  (spec: OptionSpec, effect: Effect, dataUnless?: string[]): Handler =>
  (args, run, program) => {
    const parsed = parseOptions(args, spec);
    const explicit = dataUnless?.some((name) => parsed.values.has(name));
    const files = explicit ? parsed.operands : parsed.operands.slice(1);
    for (const name of ["f", "file", "from-file"]) mark(run, parsed.values.get(name) ?? [], "read", program);
    const inPlace = parsed.flags.has("i") || parsed.flags.has("in-place");
    mark(run, files, effect === "read" && inPlace && (program === "sed" || program === "gsed") ? "write" : effect, program);
    if (inPlace && (program === "sed" || program === "gsed")) mark(run, files, "read", program);
  };

export const ignore: Handler = () => undefined;

export const readsOperands = reads();

/** Options that name the file a program writes, in most programs that have them (`gcc -o`, `pandoc -o`, `openssl -out`). */
const OUTPUT_OPTIONS = new Set([
  "-o",
  "--output",
  "-out",
  "--out",
  "--output-file",
  "--outfile",
  "--output-dir",
  "--outdir",
  "--out-dir",
  "--outDir",
  "--outFile",
]);

/** The value of an output option at `args[k]`, recorded as written. */
function outputOption(args: Field[], k: number, run: Run, program: string): void {
  const text = (args[k] as Field).text;
  const eq = text.indexOf("=");
  const output = OUTPUT_OPTIONS.has(text)
    ? args[k + 1]
    : eq > 0 && OUTPUT_OPTIONS.has(text.slice(0, eq))
      ? { text: text.slice(eq + 1), resolved: true }
      : undefined;
  if (output?.resolved && /^[/.~]|\//.test(output.text)) run.walker.path(output, "write", program, run.state.cwd);
}

/** Every operand that names a path (has a `/`, starts with `.`, or exists) gets `effect`: `access` where hookit cannot say what the program does with it. */
export function generic(args: Field[], run: Run, program: string, effect: Effect = "access"): void {
  for (let k = 0; k < args.length; k++) {
    const arg = args[k]!;
    if (!arg.resolved) continue;
    let text = arg.text;
    outputOption(args, k, run, program);
    if (text.startsWith("-")) {
      const eq = text.indexOf("=");
      if (eq < 0) continue;
      text = text.slice(eq + 1);
    } else if (/^[A-Za-z_][A-Za-z0-9_.-]*=/.test(text)) text = text.slice(text.indexOf("=") + 1);
    if (text.startsWith("@")) text = text.slice(1);
    if (text === "" || text.length > 4096 || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) continue;
    const pathLike = text.includes("/") || text.startsWith(".");
    if (pathLike || (run.state.cwd !== null && existsSync(join(run.state.cwd, text)))) {
      run.walker.path({ text, resolved: true }, effect, program, run.state.cwd);
    }
  }
}

/** What a copy into a directory writes: `dir/<name of each source>` (`cp x /tmp/` writes /tmp/x, not /tmp). */
export function intoDirectory(run: Run, dest: Field[], sources: Field[], isTarget: boolean): Field[] {
  const [dir] = dest;
  const cwd = run.state.cwd;
  if (!dir?.resolved || dest.length !== 1 || sources.some((s) => !s.resolved) || (cwd === null && !dir.text.startsWith("/"))) return dest;
  if (!isTarget && !isDirectory(realPath(resolve(cwd ?? "/", dir.text)))) return dest; // `cp -r src newdir/` makes newdir
  return sources.map((source) => ({ text: join(dir.text, basename(source.text.replace(/(.)\/+$/, "$1"))), resolved: true }));
}

/** Later paths through `to` lead to `from` (a symlink's target is relative to the link's folder). */
export function rememberLink(run: Run, from: Field, to: Field, symbolic: boolean): void {
  const cwd = run.state.cwd;
  if (!from.resolved || !to.resolved || cwd === null) return;
  let link = resolve(cwd, to.text);
  if (to.text.endsWith("/") || isDirectory(realPath(link))) link = join(link, basename(from.text));
  run.walker.links.set(link, resolve(symbolic ? dirname(link) : cwd, from.text));
}

/** The secret-named files under each directory a recursive copier reads, less those an `--exclude` glob names. */
export function secretsOf(run: Run, sources: readonly Field[], program: string, excludes: readonly Field[]): void {
  const patterns = excludes.filter((f) => f.resolved).map((f) => segmentRegExp(f.text.replace(/^.*\//, "")));
  for (const source of sources)
    run.walker.secretsIn(source, program, run.state.cwd, { file: (name) => !patterns.some((re) => re.test(name)) });
}

export function wrapper(spec: OptionSpec): Handler {
  return (args, run, program) => {
    const parsed = parseOptions(args, spec);
    exec(run, args.slice(parsed.rest), program);
  };
}

/** `mv a b`: b holds what a held, for a later delete of b (record.ts, moves). */
export function rememberMoves(run: Run, sources: readonly Field[], landings: readonly Field[]): void {
  const cwd = run.state.cwd;
  landings.forEach((landing, i) => {
    const [to, from] = [fieldPath(landing, cwd), sources[i] === undefined ? undefined : fieldPath(sources[i] as Field, cwd)];
    const origin = from === undefined ? undefined : (run.walker.moves.get(from) ?? from);
    // `mv a b; mv b a`: a holds its own files again, not a move of them.
    if (to === undefined || origin === undefined || to === origin) {
      if (to !== undefined) run.walker.moves.delete(to);
    } else run.walker.moves.set(to, origin);
  });
}
