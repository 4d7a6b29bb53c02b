// Command lines and files some programs act on from their own arguments or
// input, as data: vim's `-c '!cmd'` / `+'r !cmd'` and `:w FILE`, sqlite3's
// `.shell` / `.system`, `.output FILE`, `readfile('x')`, ed's `!cmd`, `w FILE`,
// `r FILE`. Each command line is read as a shell line of its own and each file
// gets its effect (walk.ts `run`), so a guard judges `vim -c '!git push -f'` as
// `git push -f` and `ed x <<< 'w ~/y'` as a write of ~/y. (git's, sed's, tar's
// and ssh's are in git-run.ts and programs.ts.)
import type { ShellState } from "./expand.ts";
import type { Effect } from "./types.ts";
import { copy } from "./expand.ts";
import { shellQuote } from "./candidate.ts";
import { foreignShellLines } from "./foreign-code.ts";
import { textAsRun } from "./written-scripts.ts";
import type { Walker } from "./walk.ts";
import type { ESCAPING_PROGRAMS } from "./data-programs.ts";

/** The most of a command file (`gdb -x FILE`) that is read. */
const MAX_SCRIPT = 64 * 1024;

/** How a program's own command lines are found: in its option values, its operands, its stdin. */
interface CommandSource {
  /**
   * Options whose value is one of the program's commands (`-c CMD`, `--eval=CMD`), and the prefix
   * that is one (`+CMD`). `attached`: short options whose value may follow without a blank (`-Pcmd`).
   */
  options?: readonly string[];
  attached?: readonly string[];
  prefix?: string;
  /** Every operand (after the first, for sqlite3's database) and stdin line may be a command. */
  operands?: "all" | "after-first";
  stdin?: true;
  /** The shell line a command of the program runs, if it runs one. */
  shellOf(command: string): string | undefined;
  /** The files a command of the program reads or writes. */
  filesOf?(command: string): Array<[Effect, string]>;
  /** Options whose value is a file of the program's commands (`gdb -x FILE`), read as the line leaves it. */
  scripts?: readonly string[];
  /** It expands a leading `~` in a file name itself (vim does; sed, ed and sqlite3 do not). */
  tilde?: true;
}

/** Every match of `re`'s first group, with the effect `effectOf` gives its whole match. */
const each = (re: RegExp, effectOf: (match: string) => Effect) => (command: string) =>
  [...command.matchAll(re)]
    .map((m): [Effect, string] => [effectOf(m[0]), m[1]!.trim()])
    .filter(([, name]) => name !== "" && !name.startsWith("!"));

// `:!cmd`, `:r !cmd`, `:w !cmd`, `:silent !cmd`, with an optional range: vim runs cmd in a shell.
const VIM_BANG = /^[\s:]*(?:sil(?:ent)?!?\s+)?(?:[\d.$,%']*\s*)?(?:r(?:ead)?|w(?:rite)?|\d*)?\s*!(.+)$/s;
// `:w FILE`, `:sav FILE`, `:wq FILE`, `:x FILE` write it; `:r FILE`, `:e FILE` read it.
const VIM_FILE = /^[\s:]*(?:[\d.$,%']*\s*)?(?:w(?:rite)?|wq|x(?:it)?|sav(?:eas)?|up(?:date)?|r(?:ead)?|e(?:dit)?)!?\s+([^|]+)/gs;
const vim: CommandSource = {
  options: ["-c", "--cmd"],
  prefix: "+",
  tilde: true,
  shellOf: (c) => VIM_BANG.exec(c)?.[1],
  filesOf: each(VIM_FILE, (m) => (/^[\s:]*(?:[\d.$,%']*\s*)?(r|e)/.test(m) ? "read" : "write")),
};
// `.shell CMD` / `.system CMD`: sqlite3's shell escapes.
const SQLITE_SHELL = /^\s*\.(?:shell|system)\s+(.+)$/s;
// `.output FILE`, `.once FILE`, `.backup FILE`, `.save FILE` write; `.read`, `.import`, `.restore`, `.open` read.
const SQLITE_DOT = /^\s*\.(output|once|backup|save|read|import|restore|open)\s+(?:-\S+\s+)*(?:main\s+)?(\S+)/;
// `readfile('x')` / `writefile('x', …)` in SQL.
const SQLITE_FUNC = /\b(readfile|writefile)\s*\(\s*'([^']+)'/gi;
const sqlite: CommandSource = {
  options: ["-cmd"],
  operands: "after-first",
  stdin: true,
  shellOf: (c) => SQLITE_SHELL.exec(c)?.[1],
  filesOf: (c) => {
    const out: Array<[Effect, string]> = [];
    const dot = SQLITE_DOT.exec(c);
    if (dot) out.push([/^(read|import|restore|open)$/.test(dot[1]!) ? "read" : "write", dot[2]!]);
    for (const m of c.matchAll(SQLITE_FUNC)) out.push([m[1]!.toLowerCase() === "readfile" ? "read" : "write", m[2]!]);
    return out;
  },
};
// ed reads its commands from its input: `!cmd`, `r !cmd`, `w !cmd` run one; `w FILE`, `W FILE`, `r FILE`, `e FILE` name one.
const ED_BANG = /^\s*(?:[\d.$,;'a-z]*\s*)?(?:r|w|e)?\s*!(.+)$/s;
const ED_FILE = /^\s*(?:[\d.$,;']*\s*)?([wWreE]|wq)\s+(.+)$/s;
const ed: CommandSource = {
  stdin: true,
  shellOf: (c) => ED_BANG.exec(c)?.[1],
  filesOf: (c) => {
    const m = ED_FILE.exec(c);
    return m && !m[2]!.startsWith("!") ? [[/^[reE]$/.test(m[1]!) ? "read" : "write", m[2]!.trim()]] : [];
  },
};

// less's `+CMD` runs CMD as if typed at the start, `!cmd` a shell line (`LESS='+!…'` too: code-variables.ts);
// macOS's more is less.
const less: CommandSource = { prefix: "+", shellOf: (c) => /^\+?\s*!(.+)$/s.exec(c)?.[1] };
// man's pager (`-P`, `--pager`) and HTML browser (`-H`, `--html`) are command lines man runs.
const man: CommandSource = { options: ["-P", "--pager", "--html"], attached: ["-P", "-H"], shellOf: (c) => c };
// gdb's `shell CMD`, `!CMD`, the last stage of `pipe`/`|`, and `python CODE`; lldb's `platform shell CMD` and `script CODE`.
const GDB_SHELL = /^\s*(?:shell\s|!)\s*(.+)$|^\s*(?:pipe|\|).*?\|\s*(.+)$/s;
const GDB_PYTHON = /^\s*(?:python|py|pi|python-interactive)\s+(.+)$/s;
const debuggerLine = (shell: RegExp, python: RegExp) => (c: string) => {
  const line = shell.exec(c);
  if (line) return line[1] ?? line[2];
  const code = python.exec(c)?.[1];
  return code === undefined ? undefined : `python3 -c ${shellQuote(code)}`;
};
const gdb: CommandSource = {
  options: ["-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--iex", "-init-eval-command", "--init-eval-command"],
  scripts: ["-x", "--x", "-command", "--command"],
  stdin: true,
  shellOf: debuggerLine(GDB_SHELL, GDB_PYTHON),
};
const lldb: CommandSource = {
  options: ["-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"],
  scripts: ["-s", "--source", "-S", "--source-before-file"],
  stdin: true,
  shellOf: debuggerLine(/^\s*(?:platform\s+)?shell\s+(.+)$/s, /^\s*script\s+(.+)$/s),
};
// Emacs's `--eval EXPR`: the Lisp forms that run a shell line or a program, or delete (foreign-code.ts).
const emacs: CommandSource = {
  options: ["--eval", "-eval", "--execute", "-execute"],
  shellOf: (c) => foreignShellLines("emacs", c).join("\n") || undefined,
};

// sort's `--compress-program=PROG` runs PROG for its temporary files.
const sort: CommandSource = { options: ["--compress-program"], shellOf: (c) => c };

/** One source a program of ESCAPING_PROGRAMS, no more and no fewer (the type holds the two lists together). */
export const PROGRAM_COMMANDS: Readonly<Record<(typeof ESCAPING_PROGRAMS)[number], CommandSource>> = {
  sort,
  less,
  more: less,
  man,
  gdb,
  lldb,
  emacs,
  vim,
  vi: vim,
  nvim: vim,
  ex: vim,
  view: vim,
  vimdiff: vim,
  sqlite3: sqlite,
  ed,
  red: ed,
};

/**
 * The shell lines `program` would run and the files it would read or write, read from its
 * arguments (known words only) and its known stdin, handed to the walker as lines and paths.
 */
export function programCommands(
  program: string,
  args: readonly { text: string; resolved: boolean }[],
  stdin: string | undefined,
  walker: Walker,
  state: ShellState,
  depth: number,
): void {
  const source = (PROGRAM_COMMANDS as Readonly<Record<string, CommandSource>>)[program];
  if (!source) return;
  const add = (text: string) => {
    const line = source.shellOf(text);
    if (line !== undefined && line.trim() !== "") walker.shell(line, copy(state), `${program} !`, depth);
    else
      for (const [effect, name] of source.filesOf?.(text) ?? []) {
        const file = source.tilde && (name === "~" || name.startsWith("~/")) ? walker.expand.home + name.slice(1) : name;
        walker.path({ text: file, resolved: true }, effect, program, state.cwd);
      }
  };
  let operand = 0;
  for (let i = 0; i < args.length; i++) {
    const text = args[i]!.text;
    const eq = text.startsWith("--") ? text.indexOf("=") : -1;
    const attached = source.attached?.find((o) => text.startsWith(o) && text.length > o.length);
    if (source.options?.includes(text)) {
      if (args[i + 1]) add(args[++i]!.text);
    } else if (eq > 0 && source.options?.includes(text.slice(0, eq))) add(text.slice(eq + 1));
    else if (attached !== undefined) add(text.slice(attached.length));
    else if (source.scripts?.includes(text) || (eq > 0 && source.scripts?.includes(text.slice(0, eq)))) {
      const file = eq > 0 ? text.slice(eq + 1) : args[++i]?.text;
      const script = file === undefined ? undefined : textAsRun(walker, file, state.cwd, MAX_SCRIPT);
      for (const line of script?.split("\n") ?? []) add(line);
    } else if (source.prefix && text.startsWith(source.prefix)) add(text.slice(source.prefix.length));
    else if (!text.startsWith("-") && source.operands && (source.operands === "all" || operand++ > 0)) add(text);
  }
  if (source.stdin && stdin !== undefined) for (const line of stdin.split("\n")) add(line);
}
