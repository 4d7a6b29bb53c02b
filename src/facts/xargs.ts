// `xargs` and `parallel`: programs that build a command line from their input.
// Text a known producer pipes in (`echo`, `printf`, a here-string, `find` / `ls`
// where the paths are known) becomes the argv or the shell line that really runs,
// and is judged like any other: `echo / | xargs -I{} bash -c 'rm -rf {}'` is
// `rm -rf /`. Input hookit cannot know is judged as a run-time value: the command
// runs with an unknown word where the input goes, so `rm -rf <input>` is an
// unresolved recursive delete, not nothing.
import type { Field, Lines } from "./expand.ts";
import { parseOptions } from "./options.ts";
import type { Run } from "./programs.ts";

/** At most this many input lines are followed one by one (each a command of its own). */
const MAX_LINES = 64;
/** Where an unknown input goes in a shell line xargs runs: a variable nothing sets. */
const UNKNOWN_INPUT = '"${__hookit_xargs_input}"';
const SHORT_VALUES = "ILlnPsdEaJ";
/** xargs's long options that take a value (the next word, or attached with `=`). */
const LONG_VALUES = ["max-lines", "max-args", "max-procs", "max-chars", "delimiter", "eof", "arg-file", "process-slot-var"];

const run1 = (run: Run, argv: Field[], via: string) => run.walker.run(argv, run.state, via, run.depth + 1);

/**
 * What arrives on the input when the command line says: its words (xargs appending), or its lines
 * (`xargs -I`, `parallel`: each line one value, blanks kept).
 */
function inputLines(run: Run, byLine = false): Lines | undefined {
  if (byLine && run.stdin !== undefined)
    return run.stdin
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((text) => ({ text, resolved: true }));
  return run.lines ?? (run.stdin === undefined ? undefined : words(run.stdin));
}

const words = (text: string): Field[] =>
  text
    .split(/[\s\0]+/)
    .filter((t) => t !== "")
    .map((t) => ({ text: t, resolved: true }));

/**
 * Lines known in full: text the command line feeds it (`echo`, `printf`, a here-string), not the
 * paths of a `find` or `ls`, which may hold more (or lead anywhere) when it runs.
 */
const complete = (run: Run, lines: Lines | undefined): boolean =>
  run.stdin !== undefined && lines !== undefined && lines.every((l) => l.resolved);

/**
 * GNU `-i[R]` and `--replace[=R]` take their value only attached (`{}` without one); `-I R` and
 * BSD `-J R` take the next word. Spelled the one way, so the option reader sees one grammar.
 */
function normalize(args: readonly Field[]): Field[] {
  const out: Field[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const text = a.text;
    if (text === "--" || !text.startsWith("-") || text === "-") break;
    if (text === "-i" || text === "--replace") out.push({ ...a, text: "-I" }, { text: "{}", resolved: true });
    else if (text.startsWith("-i")) out.push({ ...a, text: "-I" }, { ...a, text: text.slice(2) });
    else if (text.startsWith("--replace=")) out.push({ ...a, text: "-I" }, { ...a, text: text.slice("--replace=".length) });
    else {
      out.push(a);
      // A value option's value is the next word, unless attached (`-n1`, `--max-args=1`).
      if ((text.length === 2 && SHORT_VALUES.includes(text[1]!)) || (text.startsWith("--") && LONG_VALUES.includes(text.slice(2))))
        if (args[i + 1]) out.push(args[++i]!);
    }
  }
  return [...out, ...args.slice(i)];
}

export function xargs(args: Field[], run: Run, program: string): void {
  const normal = normalize(args);
  const parsed = parseOptions(normal, {
    short: SHORT_VALUES,
    long: LONG_VALUES,
    posix: true,
  });
  const files = parsed.values.get("a") ?? parsed.values.get("arg-file") ?? [];
  for (let i = 0; i < files.length; i++) run.walker.path(files[i]!, "read", program, run.state.cwd);
  const command = normal.slice(parsed.rest);
  const argv = command.length > 0 ? command : [{ text: "echo", resolved: true }];
  const replaceAll = parsed.values.get("I")?.[0]?.text;
  const replaceWord = parsed.values.get("J")?.[0]?.text;
  const lines = inputLines(run, replaceAll !== undefined);
  if (replaceAll || replaceWord)
    return replacing(argv, run, program, lines, replaceAll ?? (replaceWord as string), replaceAll === undefined);
  // Without a replace string, the input's words are appended.
  if (complete(run, lines)) run1(run, [...argv, ...lines!], program);
  else run1(run, [...argv, unknownInput(lines)], program);
}

/** `-I R` (every word holding R) or BSD `-J R` (a word that is R): once per known line, or once with the input unknown. */
function replacing(argv: Field[], run: Run, program: string, lines: Lines | undefined, r: string, wholeWord: boolean): void {
  const holds = (a: Field) => (wholeWord ? a.text === r : a.text.includes(r));
  if (complete(run, lines)) {
    for (const line of lines!.slice(0, MAX_LINES))
      run1(
        run,
        argv.map((a) => (holds(a) ? { ...a, text: a.text.replaceAll(r, line.text) } : a)),
        program,
      );
    return;
  }
  // The word that is the input, unknown (with what it may be); in a longer word (`sh -c 'rm -rf {}'`) a value nothing sets.
  const input = unknownInput(lines);
  run1(
    run,
    argv.map((a) => (!holds(a) ? a : a.text === r ? input : { ...a, text: a.text.replaceAll(r, UNKNOWN_INPUT) })),
    program,
  );
  if (lines)
    for (const line of lines.slice(0, MAX_LINES))
      run1(
        run,
        argv.map((a) => (holds(a) ? { ...a, text: a.text.replaceAll(r, line.text) } : a)),
        program,
      );
}

function unknownInput(lines: Lines | undefined): Field {
  return { text: "<input>", resolved: false, ...(lines && { candidates: lines }), ...(lines?.under && { under: lines.under }) };
}

/**
 * `parallel CMD ::: a b` runs CMD once per argument (`{}` replaced, or appended); with no CMD each
 * argument is a command line of its own. Reading its input, it works like `xargs -I{}` when CMD holds
 * `{}`, and runs each line as a command line when there is no CMD.
 */
export function parallel(args: Field[], run: Run, program: string): void {
  const sep = args.findIndex((a) => a.text === ":::");
  const end = sep < 0 ? args.length : sep;
  const command = args.slice(parseOptions(args.slice(0, end), { short: "jSX", posix: true }).rest, end);
  const values = sep < 0 ? inputLines(run, true) : args.slice(sep + 1);
  const replaced = command.some((c) => c.text.includes("{}"));
  if (command.length === 0) {
    if (sep >= 0 ? values!.some((v) => !v.resolved) : !complete(run, values))
      return run.walker.unresolved(`${program} runs command lines from its input`);
    for (const line of values!.slice(0, MAX_LINES)) run.walker.shell(line.text, run.state, program, run.depth + 1);
    return;
  }
  if (sep < 0) return replaced ? replacing(command, run, program, values, "{}", false) : xargs(command, run, program);
  for (const arg of values!.slice(0, MAX_LINES))
    run1(
      run,
      replaced ? command.map((c) => (c.text.includes("{}") ? { ...arg, text: c.text.replaceAll("{}", arg.text) } : c)) : [...command, arg],
      program,
    );
}
