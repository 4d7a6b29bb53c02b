// Programs whose words are only data (`echo`, `date`, `ls`): they open, change or run nothing a
// word names. The registry's readers family runs them with `ignore` (programs-readers.ts), and a
// line that is one of them with plain words is read without the parser (literal.ts).
export const DATA_PROGRAMS: readonly string[] = [
  "echo",
  "true",
  "false",
  "test",
  "[",
  ":",
  "sleep",
  "date",
  "whoami",
  "id",
  "uname",
  "hostname",
  "pwd",
  "kill",
  "wait",
  "jobs",
  "history",
  "type",
  "which",
  "hash",
  "ulimit",
  "umask",
  "yes",
  "seq",
  // its words are two sets of characters; the text it changes is its input
  "tr",
  "expr",
  "let",
  "basename",
  "dirname",
  "ls",
  "du",
  "df",
  "ps",
  "printenv",
  "unalias",
  "unset",
  "set",
  "shift",
  "exit",
  "return",
  "break",
  "continue",
  "tput",
  "clear",
  "stty",
  "getopts",
  "shopt",
  "times",
  "disown",
  "fg",
  "bg",
  "tree",
  "stat",
  "realpath",
  "readlink",
  "exa",
  "eza",
  "lsof",
  "pgrep",
  "pkill",
  "uptime",
  "free",
  "top",
  "htop",
];

/**
 * Programs whose output is text they make up as they run, which hookit cannot know before: the
 * interpreters (their inline code's print) and the text filters. A shell or interpreter reading
 * its commands from one of them through a pipe runs code nobody read (programs.ts `runProgram`).
 */
export const TEXT_MAKERS: ReadonlySet<string> = new Set([
  ...[
    "python",
    "python2",
    "python3",
    "pypy",
    "pypy3",
    "node",
    "nodejs",
    "bun",
    "deno",
    "perl",
    "ruby",
    "php",
    "lua",
    "luajit",
    "Rscript",
    "julia",
  ],
  ...["sed", "gsed", "awk", "gawk", "mawk", "nawk", "tr", "rev", "cut", "fold", "iconv", "jq", "yq"],
]);

/**
 * Programs that print a file's text. Through a substitution whose text a shell or interpreter runs
 * as code (`bash -c "$(cat x.sh)"`, `eval "$(< x.sh)"`), that file runs unread: hookit reads a
 * file's text into a value only where the line wrote it (sub-value.ts), never from the disk, so a
 * value cannot carry a file's secrets into the facts (made-up.ts).
 */
export const FILE_PRINTERS: ReadonlySet<string> = new Set(["cat", "tac", "head", "tail", "nl", "zcat", "bzcat", "xzcat", "zstdcat"]);

/**
 * The shells: `-c` runs its value, an operand is a script, and with neither they read commands from
 * their input (programs-shell.ts, xargs.ts). Each line and script is read as a POSIX shell's:
 * nushell, xonsh and elvish write a plain command (`rm -rf ~`) the same way.
 */
export const SHELLS: readonly string[] = [
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "ash",
  "mksh",
  "fish",
  "busybox-sh",
  "tcsh",
  "csh",
  "nu",
  "xonsh",
  "elvish",
];

/** The builtins that set variables from `NAME=value` words (programs-shell.ts, made-up.ts). */
export const ASSIGNING: readonly string[] = ["export", "local", "declare", "typeset", "readonly"];

/** The names a process's own standard input has (git-includes.ts, a `cp` of it: programs-files.ts). */
export const STDIN_FILES: readonly string[] = ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"];

/**
 * Programs that run command lines or open files named in their own arguments or input (vim's `-c
 * '!cmd'`, sqlite3's `.shell`, ed's `w FILE`; program-commands.ts reads each). Named here so the
 * walker loads that module only for a line that runs one of them.
 */
export const ESCAPING_PROGRAMS = [
  "sort",
  "less",
  "more",
  "man",
  "gdb",
  "lldb",
  "emacs",
  "vim",
  "vi",
  "nvim",
  "ex",
  "view",
  "vimdiff",
  "sqlite3",
  "ed",
  "red",
] as const;
