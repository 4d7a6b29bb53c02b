// An argv array as the one shell command line that runs exactly that argv. Codex's `shell` and
// `local_shell` tools take `command` as an argv that Codex executes directly (no shell), but a
// policy's `command` and `hookit.commands` read a command line: joining the words with plain
// spaces would turn `["bash","-lc","rm -rf ~"]` into `bash -lc rm -rf ~` (a shell running only
// `rm`), split an argument that holds spaces, and expand `$VAR`, `~` and globs that exec never
// expands. Each word that is not plainly safe is single-quoted instead.

const SAFE_WORD = /^[A-Za-z0-9_@%+:,./-]+$/;

// A reserved word in command position is syntax to the shell; exec runs a program of that name.
const RESERVED = new Set([
  "!",
  "{",
  "}",
  "[[",
  "]]",
  "case",
  "coproc",
  "do",
  "done",
  "elif",
  "else",
  "esac",
  "fi",
  "for",
  "function",
  "if",
  "in",
  "select",
  "then",
  "time",
  "until",
  "while",
]);

/** One word, quoted when the shell would read it differently from its exact text. */
function shellWord(word: string): string {
  if (SAFE_WORD.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The argv as a command line whose words, after the shell's quote removal, are exactly argv. */
export function shellJoin(argv: readonly string[]): string {
  return argv.map((word, index) => (index === 0 && RESERVED.has(word) ? `'${word}'` : shellWord(word))).join(" ");
}

/**
 * A shell tool's command as it runs in `dir`, the working directory the call names (Gemini
 * `dir_path`, Codex and OpenCode `workdir`, Cursor `working_directory`, Antigravity `Cwd`): the
 * `cd` makes a `command` pattern and the path facts (`hookit.writesOutside`, …) resolve the
 * command's relative paths where they really land. No directory, "" or "." is the payload's cwd.
 * `cwd`, the payload's own working directory, needs no `cd` either. A leading `~/` stays
 * unquoted: read as the home directory, never as a folder named `~`.
 */
export function inDirectory(command: string, dir: unknown, cwd?: string): string {
  if (typeof dir !== "string" || dir === "" || dir === "." || (cwd !== undefined && sameDir(dir, cwd))) return command;
  const word = dir === "~" ? "~" : dir.startsWith("~/") ? `~/${dir.length > 2 ? shellWord(dir.slice(2)) : ""}` : shellWord(dir);
  return `cd -- ${word} && ${command}`;
}

/**
 * What a tool table's row says of a shell tool whose `field` names the directory it runs in
 * (inDirectory's rewrite), after the row's `other` notes. A table a bundle must drop marks the
 * call with an `@__PURE__` comment.
 */
export function inDirectoryNote(field: string, ...other: string[]): string {
  return [...other, `\`${field}\` (the directory it runs in) becomes \`cd -- <${field}> && <command>\``].join("; ");
}

function sameDir(a: string, b: string): boolean {
  const trim = (dir: string) => (dir.length > 1 ? dir.replace(/\/+$/, "") : dir);
  return trim(a) === trim(b);
}
