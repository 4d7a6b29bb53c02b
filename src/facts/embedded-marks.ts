// What on a command line means a program will run a command line of its own
// that only the facts follow (git settings and hooks, sed `e`, tar's command
// options, ssh's ProxyCommand, a script from `<(…)`, an alias used later, a
// wrapper the conservative reader does not know). Self-protection derives the
// facts when a line holds one of these; a tiny module, with no imports, so the
// hot path can ask it without loading the parser.

/** Program names (as words) whose own features run commands. */
export const RUNS_EMBEDDED = [
  // git's own: a setting given or written, subcommands that run a command line
  "config",
  "rebase",
  "bisect",
  "submodule",
  "difftool",
  "mergetool",
  "sed",
  "gsed",
  "tar",
  "ssh",
  "scp",
  "flock",
  "npx",
  "pnpx",
  "bunx",
  "taskset",
  "prlimit",
  "setpriv",
  "chrt",
  "numactl",
  "sqlite3",
];

/** Texts anywhere on the line: a command-naming variable, a script read from a substitution or stdin. */
export const EMBEDDED_MARKS = [
  "GIT_",
  "LESSOPEN",
  "LESSCLOSE",
  "EDITOR",
  "VISUAL",
  "PAGER",
  "ASKPASS",
  "PROMPT_COMMAND",
  "<(",
  "/dev/stdin",
  "/dev/fd/",
  " -c",
  "--config-env",
  "-pack",
  "-filter",
  "exec -a",
  "--exec",
  " -x",
  // A shell function runs its body with each call's arguments: `f() { hookit "$@"; }; f trust`.
  "()",
  "function ",
];
