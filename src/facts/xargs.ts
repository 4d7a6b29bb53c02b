// `xargs` and `parallel`: programs that build a command line from their input.
// Text a known producer pipes in (`echo`, `printf`, a here-string, `find` / `ls`
// where the paths are known) becomes the argv or the shell line that really runs,
// and is judged like any other: `echo / | xargs -I{} bash -c 'rm -rf {}'` is
// `rm -rf /`. Input hookit cannot know is judged as a run-time value: the command
// runs with an unknown word where the input goes, so `rm -rf <input>` is an
// unresolved recursive delete, not nothing.
import { copy, type Field, type Lines } from "./expand.ts";
import { parseOptions } from "./options.ts";
import { printfValue } from "./output.ts";
import type { Run } from "./programs.ts";
import { SHELLS } from "./data-programs.ts";
import { walkShellScript } from "./script-files.ts";
import { programBase } from "./paths.ts";

/** At most this many input lines are followed one by one (each a command of its own). */
const MAX_LINES = 64;
/** Where an unknown input goes in a shell line xargs runs: a variable nothing sets. */
const UNKNOWN_INPUT = '"${__hookit_xargs_input}"';
const SHORT_VALUES = "ILlnPsdEaJ";
/** xargs's long options that take a value (the next word, or attached with `=`). */
const LONG_VALUES = ["max-lines", "max-args", "max-procs", "max-chars", "delimiter", "eof", "arg-file", "process-slot-var"];

const run1 = (run: Run, argv: Field[], via: string) => run.walker.run(argv, run.state, via, run.depth + 1);

/** How xargs cuts its input into items: at one character (`-0`, `-d`), else at blanks (at line ends only with `-I`). */
interface Cutting {
  delimiter?: string;
  byLine: boolean;
}

/**
 * The items on the input as xargs reads them: the text the command line feeds it (`echo`, `printf`,
 * a here-string), cut as xargs cuts it, else the paths a `find` / `ls` before it prints.
 */
function inputItems(run: Run, cutting: Cutting): Lines | undefined {
  if (run.stdin === undefined) return run.lines;
  return items(run.stdin, cutting).map((text) => ({ text, resolved: true }));
}

/** parallel's input: each line one value, as written (it reads no quotes in it). */
function parallelInput(run: Run): Lines | undefined {
  if (run.stdin === undefined) return run.lines;
  return run.stdin
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((text) => ({ text, resolved: true }));
}

/**
 * xargs's reading of its input. With a delimiter, every character between two is the item's,
 * newlines and quotes included (`echo 'rm -rf ~' | xargs -0 sh -c` runs `rm -rf ~`). Without one,
 * blanks and newlines end an item (only newlines with `-I`) except inside '…' or "…", and a
 * backslash keeps the next character (`echo '"rm -rf ~"' | xargs sh -c` is `sh -c 'rm -rf ~'`).
 * GNU xargs stops at a quote left open; its text is kept here as one item, so it is still judged.
 */
function items(text: string, { delimiter, byLine }: Cutting): string[] {
  if (delimiter !== undefined) {
    const parts = text.split(delimiter);
    if (parts.at(-1) === "") parts.pop();
    return parts;
  }
  const out: string[] = [];
  let item = "";
  let started = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote !== undefined && c !== "\n") {
      if (c === quote) quote = undefined;
      else item += c;
    } else if (c === "\n" || (!byLine && (c === " " || c === "\t"))) {
      quote = undefined;
      if (started) out.push(byLine ? item.trim() : item);
      item = "";
      started = false;
    } else {
      if (c === "'" || c === '"') quote = c;
      else if (c === "\\" && i + 1 < text.length) item += text[++i];
      else item += c;
      started ||= c !== " " && c !== "\t";
    }
  }
  if (started) out.push(byLine ? item.trim() : item);
  return out;
}

/** `-d`'s value as xargs reads it: one character, or a C escape (`\n`, `\t`, `\0`, `\x0a`, `\012`), as printf reads them. */
const delimiterOf = (value: string): string => (printfValue(value.replaceAll("%", "%%"), []) ?? value).slice(0, 1);

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
    // `--replace=` with nothing after it is read as `{}`: what it replaces is then at least seen.
    else if (text.startsWith("--replace=")) out.push({ ...a, text: "-I" }, { ...a, text: text.slice("--replace=".length) || "{}" });
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
  for (const file of files) run.walker.path(file, "read", program, run.state.cwd);
  const command = normal.slice(parsed.rest);
  const argv = command.length > 0 ? command : [{ text: "echo", resolved: true }];
  const replaceAll = parsed.values.get("I")?.[0]?.text;
  const replaceWord = parsed.values.get("J")?.[0]?.text;
  const delimiter = parsed.values.get("d") ?? parsed.values.get("delimiter");
  const cutting: Cutting = {
    byLine: replaceAll !== undefined,
    ...(parsed.flags.has("0") || parsed.flags.has("null")
      ? { delimiter: "\0" }
      : delimiter?.[0] && { delimiter: delimiterOf(delimiter[0].text) }),
  };
  // `-a FILE`: the arguments come from the file, whatever the pipe holds. Handed to a shell's `-c`
  // (`xargs -a cmds.txt -I{} sh -c {}`), each line of it runs: the file is read as a script.
  const lines = files.length > 0 ? undefined : inputItems(run, cutting);
  const source =
    files[0] ?? (lines === undefined && run.walker.stdinFile !== undefined ? { text: run.walker.stdinFile, resolved: true } : undefined);
  if (source !== undefined && argv[0] !== undefined && SHELLS.includes(programBase(argv[0].text)) && argv.some((a) => a.text === "-c"))
    walkShellScript(run, source, copy(run.state), `${program} ${source.text}`);
  if (replaceAll || replaceWord)
    return replacing(argv, run, program, lines, replaceAll ?? (replaceWord as string), replaceAll === undefined);
  // Without a replace string, the input's items are appended: all of them, or `-n N` at a time
  // (`echo 'a "rm -rf ~"' | xargs -n1 sh -c` runs `sh -c 'rm -rf ~'` on its own).
  if (!complete(run, lines)) {
    run1(run, [...argv, unknownInput(lines)], program);
    return;
  }
  const known = lines as Lines;
  const per = batchSize(parsed.values.get("n") ?? parsed.values.get("max-args"));
  for (let at = 0; at < Math.min(known.length, MAX_LINES * per); at += per) run1(run, [...argv, ...known.slice(at, at + per)], program);
  if (known.length === 0) run1(run, argv, program);
}

/** `-n N`'s items a command: every item without it. */
function batchSize(value: readonly Field[] | undefined): number {
  const n = Number(value?.[0]?.text);
  return Number.isInteger(n) && n > 0 ? n : Number.POSITIVE_INFINITY;
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
  return {
    text: "<input>",
    resolved: false,
    ...(lines && { candidates: lines }),
    ...(lines?.under && { under: lines.under }),
    ...(lines?.findListing && { findListing: lines.findListing }),
  };
}

/** GNU parallel's options that take the next word as their value (`--results out`, `-j 4`). */
const PARALLEL_SHORT = "jSadCEIn";
const PARALLEL_LONG = [
  "jobs",
  "sshlogin",
  "results",
  "res",
  "joblog",
  "colsep",
  "delimiter",
  "arg-file",
  "tmpdir",
  "workdir",
  "wd",
  "env",
  "halt",
  "timeout",
  "retries",
  "delay",
  "load",
  "memfree",
  "nice",
  "tag-string",
  "basefile",
  "return",
  "transferfile",
  "sshloginfile",
  "shebang-wrap",
  "max-args",
  "max-replace-args",
  "max-lines",
  "eof",
  "replace",
  "tagstring",
];
/** The separators of parallel's argument groups: `:::` (words), `:::+` (linked), `::::`/`::::+` (files: unknown). */
const GROUP = /^::::?\+?$/;

/**
 * `parallel CMD ::: a b ::: c d` runs CMD once per combination of the groups' arguments (`{}` all of
 * them, `{1}` `{2}` one group's, or appended); with no CMD each combination is a command line of its
 * own. Reading its input (no group), it works like `xargs -I{}` when CMD holds `{}`, and runs each
 * line as a command line when there is no CMD.
 */
export function parallel(args: Field[], run: Run, program: string): void {
  const sep = args.findIndex((a) => GROUP.test(a.text));
  const end = sep < 0 ? args.length : sep;
  const parsed = parseOptions(args.slice(0, end), { short: PARALLEL_SHORT, long: PARALLEL_LONG, posix: true });
  const command = args.slice(parsed.rest, end);
  const fromFile = parsed.values.has("a") || parsed.values.has("arg-file");
  const groups = sep < 0 ? undefined : argumentGroups(args.slice(sep));
  const values = groups ? combinations(groups) : fromFile ? undefined : parallelInput(run);
  const replaced = command.some((c) => /\{\d*\}/.test(c.text));
  if (command.length === 0) {
    if (groups ? values!.some((v) => !v.resolved) : !complete(run, values))
      return run.walker.unresolved(`${program} runs command lines from its input`);
    for (const line of values!.slice(0, MAX_LINES)) run.walker.shell(line.text, run.state, program, run.depth + 1);
    return;
  }
  if (!groups) return replaced ? replacing(command, run, program, values, "{}", false) : xargs(command, run, program);
  for (const combo of (values as Combination[]).slice(0, MAX_LINES)) {
    const fill = (c: Field): Field => ({
      ...c,
      ...(!combo.resolved && { resolved: false }),
      text: c.text.replace(/\{(\d*)\}/g, (_, n: string) => (n === "" ? combo.text : (combo.parts[Number(n) - 1] ?? ""))),
    });
    run1(run, replaced ? command.map((c) => (/\{\d*\}/.test(c.text) ? fill(c) : c)) : [...command, ...combo.fields], program);
  }
}

type Combination = Field & { parts: string[]; fields: Field[] };

/** The groups after the command: each `:::` group's words; a `::::` group (files) is one unknown value. */
function argumentGroups(rest: Field[]): Field[][] {
  const groups: Field[][] = [];
  for (const field of rest) {
    if (GROUP.test(field.text)) groups.push(field.text.startsWith("::::") ? [{ text: "<input>", resolved: false }] : []);
    else if (groups.at(-1)?.[0]?.text !== "<input>") groups.at(-1)!.push(field);
  }
  return groups.map((g) => (g.length === 0 ? [{ text: "", resolved: true }] : g));
}

/** Every combination of one value from each group, in parallel's order (the last group varies fastest). */
function combinations(groups: Field[][]): Combination[] {
  let combos: Combination[] = [{ text: "", resolved: true, parts: [], fields: [] }];
  for (const group of groups) {
    const next: Combination[] = [];
    for (const combo of combos)
      for (const value of group) {
        if (next.length >= MAX_LINES) break;
        const parts = [...combo.parts, value.text];
        next.push({ text: parts.join(" "), resolved: combo.resolved && value.resolved, parts, fields: [...combo.fields, value] });
      }
    combos = next;
  }
  return combos;
}
