// Command lines some programs run from their own arguments or input, as data:
// vim's `-c '!cmd'` / `+'r !cmd'` and sqlite3's `.shell` / `.system`. The walker
// reads each one as a shell line of its own (walk.ts `run`), so a guard judges
// `vim -c '!git push -f'` as `git push -f`. (git's, sed's, tar's and ssh's are in
// git-run.ts and programs.ts.)

/** How a program's own command lines are found: in its option values, its operands, its stdin. */
interface CommandSource {
  /** Options whose value is one of the program's commands (`-c CMD`), and the prefix that is one (`+CMD`). */
  options?: readonly string[];
  prefix?: string;
  /** Every operand (after the first, for sqlite3's database) and stdin line may be a command. */
  operands?: "all" | "after-first";
  stdin?: true;
  /** The shell line a command of the program runs, if it runs one. */
  shellOf(command: string): string | undefined;
}

// `:!cmd`, `:r !cmd`, `:w !cmd`, `:silent !cmd`, with an optional range: vim runs cmd in a shell.
const VIM_BANG = /^[\s:]*(?:sil(?:ent)?!?\s+)?(?:[\d.$,%']*\s*)?(?:r(?:ead)?|w(?:rite)?|\d*)?\s*!(.+)$/s;
const vim: CommandSource = { options: ["-c", "--cmd"], prefix: "+", shellOf: (c) => VIM_BANG.exec(c)?.[1] };
// `.shell CMD` / `.system CMD`: sqlite3's shell escapes.
const SQLITE_SHELL = /^\s*\.(?:shell|system)\s+(.+)$/s;
const sqlite: CommandSource = { options: ["-cmd"], operands: "after-first", stdin: true, shellOf: (c) => SQLITE_SHELL.exec(c)?.[1] };

export const PROGRAM_COMMANDS: Readonly<Record<string, CommandSource>> = {
  vim,
  vi: vim,
  nvim: vim,
  ex: vim,
  view: vim,
  vimdiff: vim,
  sqlite3: sqlite,
};

/** The shell lines `program` would run, read from its arguments (known words only) and its known stdin. */
export function programCommands(program: string, args: readonly { text: string; resolved: boolean }[], stdin?: string): string[] {
  const source = PROGRAM_COMMANDS[program];
  if (!source) return [];
  const found: string[] = [];
  const add = (text: string) => {
    const line = source.shellOf(text);
    if (line !== undefined && line.trim() !== "") found.push(line);
  };
  let operand = 0;
  for (let i = 0; i < args.length; i++) {
    const text = args[i]!.text;
    if (source.options?.includes(text)) {
      if (args[i + 1]) add(args[++i]!.text);
    } else if (source.prefix && text.startsWith(source.prefix)) add(text.slice(source.prefix.length));
    else if (!text.startsWith("-") && source.operands && (source.operands === "all" || operand++ > 0)) add(text);
  }
  if (source.stdin && stdin !== undefined) for (const line of stdin.split("\n")) add(line);
  return found;
}
