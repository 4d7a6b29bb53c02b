// Languages whose commands are shell commands in another spelling: Tcl (tclsh, wish, expect),
// PowerShell, Emacs Lisp and AppleScript. What their code runs or deletes is written as the
// POSIX shell line that does the same (`file delete -force src` is `rm -rf src`, PowerShell's
// `Remove-Item -Recurse src` too, `(shell-command "…")` and `do shell script "…"` the line they
// hold), and the walker judges that line like any other (inline-code.ts hands them over), so a
// guard on `rm -rf` or `git reset --hard` holds in every spelling. Whatever else the code does is
// left to inline-code.ts's reading of names and verbs, and the call stays marked unresolved.
import { shellQuote } from "./candidate.ts";

/** The shell lines `program`'s code runs, in the language `program` speaks (none for another program). */
export function foreignShellLines(program: string, code: string): string[] {
  const language = LANGUAGES[program];
  return language === undefined ? [] : language(code);
}

// ---- Tcl: one command a line or `;`, words split at blanks, `{…}` quoted as-is, `[…]` a nested command.

const TCL_EXEC_OPTIONS = /^-(keepnewline|ignorestderr|noecho|console|nottycopy|nottyinit|pty|leaveopen|open)$/;

function tclLines(code: string): string[] {
  const out: string[] = [];
  for (const command of tclCommands(code)) {
    const words = tclWords(command);
    const [first, second] = words;
    if (first === "exec" || first === "spawn" || first === "system") {
      let at = 1;
      while (at < words.length && (TCL_EXEC_OPTIONS.test(words[at]!) || words[at] === "--")) at++;
      // `system` hands its words, joined, to sh; `exec` and `spawn` run the first word with the rest as arguments.
      const rest = words.slice(at);
      if (rest.length > 0) out.push(first === "system" ? rest.join(" ") : rest.map(shellQuote).join(" "));
    } else if (first === "file" && (second === "delete" || second === "rename" || second === "copy")) {
      const force = words.includes("-force");
      const names = words.slice(2).filter((w) => w !== "-force" && w !== "--");
      const verb = second === "delete" ? (force ? "rm -rf" : "rm") : second === "rename" ? "mv" : "cp -r";
      if (names.length > 0) out.push(`${verb} -- ${names.map(pathQuote).join(" ")}`);
    }
  }
  return out;
}

/** Tcl's commands, bracketed ones included: split at newlines and `;` outside braces and quotes. */
function tclCommands(code: string): string[] {
  const commands: string[] = [];
  let current = "";
  let braces = 0;
  let quoted = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === "\\" && i + 1 < code.length) {
      current += c + code[++i];
      continue;
    }
    if (c === '"' && braces === 0) quoted = !quoted;
    else if (!quoted && c === "{") braces++;
    else if (!quoted && c === "}") braces = Math.max(0, braces - 1);
    // A nested `[cmd …]` is a command of its own: read where it opens.
    if (!quoted && c === "[") commands.push(...tclCommands(code.slice(i + 1, closing(code, i))));
    if (braces === 0 && !quoted && (c === "\n" || c === ";")) {
      commands.push(current);
      current = "";
    } else current += c;
  }
  commands.push(current);
  // A braced body (`if {…} { exec rm -rf src }`, `proc p {} { … }`) holds commands too.
  for (const body of commands.flatMap((command) => [...command.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!)))
    if (/[\s;]/.test(body)) commands.push(...tclCommands(body));
  return commands.map((command) => command.trim().replace(/^\[/, "").replace(/\]$/, "")).filter(Boolean);
}

function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === "[") depth++;
    else if (code[i] === "]" && --depth === 0) return i;
  }
  return code.length;
}

function tclWords(command: string): string[] {
  const words: string[] = [];
  for (const m of command.matchAll(/\{([^{}]*)\}|"((?:[^"\\]|\\.)*)"|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

// ---- PowerShell: statements at `;`, newlines and pipes; a cmdlet (or its alias) by name, any case.

const PS_DELETE = new Set(["remove-item", "ri", "rm", "rmdir", "rd", "del", "erase"]);
const PS_READ = new Set(["get-content", "gc", "cat", "type"]);
const PS_WRITE = new Set(["set-content", "sc", "add-content", "ac", "out-file", "clear-content", "clc", "new-item", "ni"]);
const PS_COPY = new Set(["copy-item", "cpi", "copy", "cp"]);
const PS_MOVE = new Set(["move-item", "mi", "move", "mv"]);
const PS_EVAL = new Set(["invoke-expression", "iex"]);
const PS_START = new Set(["start-process", "saps", "start"]);
/** Parameters whose value is not a path (`-Filter *.log`): the word after them is skipped. */
const PS_VALUES = /^-(filter|include|exclude|credential|stream|value|encoding|itemtype|type|argumentlist|wait|verb|workingdirectory)$/i;
const PS_PATH = /^-(path|literalpath|lp|p|filepath|destination)$/i;

/** A download (`iwr`, `irm`, `DownloadString`, …) and an evaluator (`iex`, `[scriptblock]::Create`) in one piece of code. */
const PS_DOWNLOADS = /\b(iwr|invoke-webrequest|irm|invoke-restmethod|downloadstring|curl|wget)\b/i;
const PS_EVALUATES = /\b(iex|invoke-expression)\b|\[scriptblock\]::create/i;

function powershellLines(code: string): string[] {
  const out: string[] = [];
  // `iwr URL | iex`, `iex (irm URL)`, `iex (New-Object Net.WebClient).DownloadString(URL)`: what the
  // download prints runs, as `curl URL | sh` runs it.
  if (PS_DOWNLOADS.test(code) && PS_EVALUATES.test(code))
    out.push(`curl -fsSL ${shellQuote(/https?:\/\/[^\s'"`)]+/.exec(code)?.[0] ?? "https://unknown")} | sh`);
  for (const statement of psStatements(code)) {
    const words = psWords(statement.trim().replace(/^[&.]\s*/, ""));
    const name = words[0]?.toLowerCase();
    if (name === undefined) continue;
    const args = words.slice(1);
    const operands: string[] = [];
    for (let k = 0; k < args.length; k++) {
      const word = args[k]!;
      if (PS_PATH.test(word) && args[k + 1] !== undefined) operands.push(args[++k]!);
      else if (PS_VALUES.test(word)) k++;
      else if (!word.startsWith("-")) operands.push(word);
    }
    const quoted = operands.map(pathQuote).join(" ");
    if (PS_DELETE.has(name)) {
      const recursive = args.some((w) => /^-r(e(c(u(r(se?)?)?)?)?)?$/i.test(w));
      if (operands.length > 0) out.push(`rm ${recursive ? "-rf " : "-f "}-- ${quoted}`);
    } else if (PS_READ.has(name)) out.push(`cat -- ${quoted}`);
    else if (PS_WRITE.has(name)) out.push(`tee -- ${operands.slice(0, 1).map(pathQuote).join(" ")}`);
    else if (PS_COPY.has(name)) out.push(`cp -r -- ${quoted}`);
    else if (PS_MOVE.has(name)) out.push(`mv -- ${quoted}`);
    else if (PS_EVAL.has(name)) out.push(...operands.flatMap(powershellLines));
    else if (PS_START.has(name))
      out.push(
        words
          .slice(1)
          .filter((w) => !w.startsWith("-"))
          .join(" "),
      );
    else if (name === "cmd" || name === "cmd.exe") out.push(args.filter((w) => !/^\/[a-z]$/i.test(w)).join(" "));
    // A program run by name (`git reset --hard`) is a command line as it stands.
    else out.push(statement.trim().replace(/^[&.]\s*/, ""));
  }
  return out;
}

/** PowerShell's statements: split at `;`, newlines, `|`, `&&` and `||` outside quotes. */
function psStatements(code: string): string[] {
  const out: string[] = [];
  let current = "";
  let quote: string | undefined;
  for (const c of code) {
    if (quote !== undefined) quote = c === quote ? undefined : quote;
    else if (c === "'" || c === '"') quote = c;
    // A script block's braces (`& { Remove-Item … }`, `if ($x) { … }`) hold statements too.
    else if (c === ";" || c === "\n" || c === "|" || c === "&" || c === "{" || c === "}") {
      out.push(current);
      current = "";
      continue;
    }
    current += c;
  }
  out.push(current);
  // `& prog` calls prog: a lone `&` left an empty statement before it.
  return out.filter((statement) => statement.trim() !== "");
}

/** PowerShell's words: `'…'` literal (`''` a quote), `"…"` with backtick escapes, or a run without blanks. */
function psWords(statement: string): string[] {
  return [...statement.matchAll(/'((?:[^']|'')*)'|"((?:[^"`]|`.)*)"|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replaceAll("''", "'") : m[2] !== undefined ? m[2].replace(/`(.)/g, "$1") : m[3]!,
  );
}

// ---- Emacs Lisp: the forms that run a shell line or a program, and those that delete.

const LISP_STRING = '"((?:[^"\\\\]|\\\\.)*)"';
const LISP_SHELL = new RegExp(
  `\\((?:async-)?shell-command(?:-to-string)?\\s+${LISP_STRING}|\\(call-process-shell-command\\s+${LISP_STRING}`,
  "g",
);
const LISP_PROCESS = /\((?:call-process|process-lines|start-process|make-process)\s+([^()]*)\)/g;
const LISP_DELETE = new RegExp(`\\((delete-directory|delete-file)\\s+${LISP_STRING}\\s*([^)\\s]*)`, "g");

function lispLines(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(LISP_SHELL)) out.push(unescape(m[1] ?? m[2]!));
  // `(call-process "rm" nil nil nil "-rf" "src")`: the program and its string arguments.
  for (const m of code.matchAll(LISP_PROCESS)) {
    const strings = [...m[1]!.matchAll(new RegExp(LISP_STRING, "g"))].map((s) => unescape(s[1]!));
    // start-process's first string is the process's name, not its program.
    const argv = m[0].startsWith("(start-process") ? strings.slice(1) : strings;
    if (argv.length > 0) out.push(argv.map(shellQuote).join(" "));
  }
  for (const m of code.matchAll(LISP_DELETE)) {
    const recursive = m[1] === "delete-directory" && m[3] !== "" && m[3] !== "nil";
    out.push(`rm ${recursive ? "-rf" : "-f"} -- ${pathQuote(unescape(m[2]!))}`);
  }
  return out;
}

// ---- AppleScript and JavaScript for Automation (osascript): `do shell script "…"`, `doShellScript("…")`.

const APPLESCRIPT_SHELL = /do\s+shell\s+script\s+"((?:[^"\\]|\\.)*)"|doShellScript\s*\(\s*(["'`])((?:(?!\2)[^\\]|\\.)*)\2/g;

function appleScriptLines(code: string): string[] {
  return [...code.matchAll(APPLESCRIPT_SHELL)].map((m) => unescape(m[1] ?? m[3]!));
}

const unescape = (text: string) => text.replace(/\\(.)/g, "$1");

/**
 * A file name for the shell line: quoted, but a leading `~/` left to expand, as Tcl 8's `file`
 * commands, PowerShell's cmdlets and Emacs's file functions expand it themselves (a program's
 * arguments, from `exec` or `call-process`, are passed as written).
 */
const pathQuote = (name: string) => (name === "~" ? "~" : name.startsWith("~/") ? `~/${shellQuote(name.slice(2))}` : shellQuote(name));

const LANGUAGES: Readonly<Record<string, (code: string) => string[]>> = {
  tclsh: tclLines,
  wish: tclLines,
  expect: tclLines,
  jimsh: tclLines,
  pwsh: powershellLines,
  powershell: powershellLines,
  emacs: lispLines,
  osascript: appleScriptLines,
};
