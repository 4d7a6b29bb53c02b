// Code hookit cannot run (`python -c`, `perl -e`, an awk program) still names
// the files it opens. A dotenv name anywhere in it counts as an access; a
// quoted path (or one joined from quoted parts) counts with the effect the
// code's verbs suggest — a delete when it calls unlink/rmtree/rm, a read and a
// write when it opens for writing, a read otherwise — so `perl -e 'unlink
// glob("~/*")'` is judged like `rm -rf ~/*`, and `python3 -c 'open(
// os.path.expanduser("~/.aws/credentials"))'` like `cat ~/.aws/credentials`. The call stays
// flagged unresolved: this is what can be named, not all the code may do.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Field } from "./expand.ts";
import { copy } from "./expand.ts";
import type { Run } from "./programs.ts";
import { foreignShellLines } from "./foreign-code.ts";
import { RUNS_MADE_UP } from "../base/changed-unread.ts";
import { shellQuote } from "./candidate.ts";

const DOTENV_NAME = /(?:^|[^A-Za-z0-9_./-])((?:[A-Za-z0-9_.-]*\/)*\.env(?:\.[A-Za-z0-9_-]+)*)(?![A-Za-z0-9_-])/g;
const QUOTED = /(["'`])((?:(?!\1)[^\\\n]|\\.){1,4096}?)\1/g;
const DELETES =
  /\b(unlink|unlinkSync|rmtree|remove_tree|rmdir|rmdirSync|rm_rf|rm_r|rm_f|rmSync|rimraf|remove|removeSync|removedirs|remove_entry|remove_dir|delete|deleteSync|rm)\b|\brm\s+-/;
/** Calls that delete a whole tree: `shutil.rmtree`, `fs.rmSync(…, { recursive: true })`, `FileUtils.rm_rf`, `rm -r`. */
const TREE_DELETES =
  /\b(rmtree|remove_tree|rm_rf|rm_r|rimraf|removedirs|rmdir|rmdirSync|remove_entry|remove_dir_all|recursive)\b|\brm\s+-[a-zA-Z]*[rR]/;
/** The home folder named through an API: `os.homedir()`, `Path.home()`, `Dir.home`, `$ENV{HOME}`, `os.environ["HOME"]`, `expanduser("~")`. */
const HOME_API =
  /\bhomedir\s*\(|\bPath\.home\s*\(|\bDir\.home\b|\$ENV\s*\{\s*["']?HOME["']?\s*\}|\bENV\s*\[\s*["']HOME["']\s*\]|\benviron(?:\.get)?\s*[[(]\s*["']HOME["']|\bgetenv\s*\(\s*["']HOME["']|\bprocess\.env\.HOME\b|\bexpanduser\s*\(\s*["']~["']\s*\)/;
const WRITES =
  /\b(writeFile|writeFileSync|writeTextFile|writeTextFileSync|appendFile|appendFileSync|write_text|write_bytes|createWriteStream|copyFile|copyFileSync|cp|copy|copy2|copyfile|copytree|move|rename|renameSync|symlink|symlinkSync|chmod|truncate|mkdir|mkdirSync|makedirs|touch|File\.write|IO\.write)\b|open\s*\([^)]*,\s*["'][wax+]|open\s*\(\s*[A-Z]*\s*,\s*["']?[>+]|>\s*\$?["']/;

/** Quoted parts in a row, as arguments of one call (`, `) or operands of a path operator (` / `). */
const JOINED = /(["'])[^"'\\\n]{1,255}\1(?:\s*[,/]\s*(["'])[^"'\\\n]{1,255}\2)+/g;

/** A quoted string that names a file: absolute, from home, or relative with a slash or a leading dot. */
const pathLike = (text: string) => /^(\/|~(\/|$)|\.{1,2}\/)/.test(text) || (/^[\w.-]+\/[\w./*-]*$/.test(text) && !/^\w+:\/\//.test(text));

/** The calls that hand a string to a shell: `system("…")`, `os.system`, `execSync`, `popen`, `subprocess.run`, Lua's `os.execute`, PHP's `shell_exec`. */
const SHELL_CALLS =
  "\\b(?:system|popen|execSync|exec|spawnSync|getoutput|getstatusoutput|check_output|check_call|call|run|Popen|execute|shell_exec|passthru|proc_open)\\s*\\(";
/**
 * Code that hands a string to a shell somewhere: one of those calls (Perl's and Ruby's `system "…"`
 * without brackets too), backticks, Ruby's `%x(…)`, Perl's `qx(…)`; or that names a process API at
 * all, called under another name (`from os import system as s`, `const { execSync: x } = …`,
 * `getattr(os, 'system')`); Perl's `open(…, "|-", …)`; awk's pipes (`print … | "cmd"`, `"cmd" | getline`).
 */
const SHELLS_OUT = new RegExp(
  `${SHELL_CALLS}|\\b(?:system|exec)\\s+["'\`]|\`|%x[^\\w\\s]|\\bqx\\s*[^\\w\\s]` +
    `|\\b(?:system|popen|exec\\w*|spawn\\w*|subprocess|child_process|Open3|Popen|shell_exec|passthru|proc_open|pcntl_exec)\\b` +
    `|["'](?:\\|-|-\\|)["']|\\|\\s*["']|["']\\s*\\|\\s*getline`,
);
/** A list of quoted words handed to a process API as its argv (`subprocess.run(['git', 'push', '-f'])`), after the program when it is apart (`execFileSync('git', ['push'])`). */
const ARGV_LIST = /(?:(["'])([^"'\\\s]{1,255})\1\s*,\s*)?\[\s*((?:(["'])[^"'\\\n]{0,255}\4\s*,\s*)+(["'])[^"'\\\n]{0,255}\5)\s*,?\s*\]/g;
/** Perl's `qx` and Ruby's `%x` take any delimiter, brackets paired: `qx{rm -rf ~}`, `qx!…!`, `%x[…]`. */
const QUOTE_OPERATOR = /(?:\bqx\s*|%x)([^\w\s])/g;
const OPENING = "([{<";
const CLOSING = ")]}>";
/** Code handed to the language's own `exec`/`eval` as a quoted literal: `exec("import os; os.system(…)")`. */
const EVALUATED = /\b(?:exec|eval|compile|Function|instance_eval)\s*\(\s*(["'`])((?:(?!\1)[^\\\n]|\\.){1,4096}?)\1/g;
/** Code that decodes text (`b64decode`, `Buffer.from(…, "base64")`, `fromCharCode`, `unhexlify`, `pack("H*")`, a string reversed)… */
const DECODES =
  /\b(?:b64decode|b32decode|a85decode|decodebytes|unhexlify|fromhex|fromCharCode|atob|decode64|unpack1?|pack|rot13|codecs\.decode|Buffer\.from|chr)\s*\(|\[\s*::\s*-1\s*\]|split\(\s*(["'])\1\s*\)\.reverse\b|\bbase64\b/;
/** …and hands text to a shell or its own evaluator (backticks: in the languages whose backticks run a shell): what runs is made up as it runs. */
let runsText: RegExp | undefined;
/** Made on first use: only code that decodes something is tested with it. */
const RUNS_TEXT = (): RegExp =>
  (runsText ??= new RegExp(
    `${SHELL_CALLS}|\\b(?:eval|exec|compile|Function|instance_eval)\\s*[( ]|\\b(?:system|exec)\\s+|%x[^\\w\\s]|\\bqx\\s*[^\\w\\s]`,
  ));
/** A shell-out whose first argument is a quoted line: `os.system("…")`, `execSync(\`…\`)`, `subprocess.run("…", shell=True)`, Perl's and Ruby's `system "…"`. */
const SHELL_CALL = new RegExp(
  `(?:${SHELL_CALLS}\\s*|\\b(?:system|exec)\\s+|%x[({[]|\\bqx\\s*[({/])(["'\`])((?:(?!\\1)[^\\\\\\n]|\\\\.){1,4096}?)\\1`,
  "g",
);
/** Ruby's, Perl's and PHP's backticks run their text in a shell, Julia's as a command (JavaScript's are only strings). */
const BACKTICKS = /`((?:[^`\\\n]|\\.){1,4096}?)`/g;
const BACKTICK_SHELLS = ["ruby", "perl", "php", "julia"];

/**
 * What code names: the shell lines it runs, the files it opens. A script file (`inFile`, read by
 * script-files.ts) is longer than a one-liner and names files for many reasons (a log message, a
 * path it only prints), so from a file only its plain shell-outs (`os.system("…")`,
 * `execSync(\`…\`)`) and the files it names as reads count, never a delete or write guessed from a
 * verb somewhere else in it: an honest script that writes `out.csv` and mentions `/etc/hosts` runs.
 */
export function codeMentions(code: string, run: Run, program: string, inFile = false, nested = 0): void {
  const { walker } = run;
  const cwd = run.state.cwd;
  // Tcl's `exec`, PowerShell's `Remove-Item`, Lisp's `(shell-command …)`: the shell line each stands for.
  for (const line of foreignShellLines(program, code)) walker.shell(line, copy(run.state), `${program} code`, run.depth);
  // A quoted command line the code runs through a shell is judged as that command line.
  if (inFile) {
    const lines = [...code.matchAll(SHELL_CALL)].map((m) => m[2] as string);
    if (BACKTICK_SHELLS.includes(program)) lines.push(...[...code.matchAll(BACKTICKS)].map((m) => m[1] as string));
    for (const line of lines) walker.shell(line, copy(run.state), `${program} script`, run.depth);
  } else if (SHELLS_OUT.test(code)) {
    for (const m of code.matchAll(QUOTED))
      if (/\s/.test(m[2] as string)) walker.shell(m[2] as string, copy(run.state), `${program} inline code`, run.depth);
    // A one-word line is a command too where a shell call is handed it (`os.system('reboot')`); any
    // other quoted word is more likely data, and a line with blanks was read above.
    const words = [...code.matchAll(SHELL_CALL)].map((m) => m[2] as string);
    if (BACKTICK_SHELLS.includes(program)) words.push(...[...code.matchAll(BACKTICKS)].map((m) => m[1] as string));
    for (const word of words) if (!/\s/.test(word)) walker.shell(word, copy(run.state), `${program} inline code`, run.depth);
    for (const line of quoteOperators(code)) walker.shell(line, copy(run.state), `${program} inline code`, run.depth);
    for (const line of argvLines(code)) walker.shell(line, copy(run.state), `${program} inline code`, run.depth);
  }
  if (!inFile && DECODES.test(code) && (RUNS_TEXT().test(code) || (BACKTICK_SHELLS.includes(program) && code.includes("`"))))
    walker.unresolved(`${RUNS_MADE_UP}: ${program} runs text its code decodes`);
  // Code in a literal its own `exec`/`eval` runs is read as the same language's code, once.
  if (!inFile && nested < 2)
    for (const m of code.matchAll(EVALUATED)) codeMentions(unescaped(m[2] as string), run, program, false, nested + 1);
  if (!inFile) for (const m of code.matchAll(DOTENV_NAME)) walker.path({ text: m[1] as string, resolved: true }, "access", program, cwd);
  const verb = inFile ? undefined : DELETES.test(code) ? "delete" : WRITES.test(code) ? "write" : undefined;
  for (const raw of [...quotedPaths(code), ...joinedPaths(code)]) {
    const text = raw === "~" ? walker.expand.home : raw.startsWith("~/") ? walker.expand.home + raw.slice(1) : raw;
    const field: Field = { text, resolved: true, ...(/[*?[]/.test(text) && { pattern: text }) };
    if (verb === "delete") walker.path(field, "delete", program, cwd, { recursive: true, noFollow: true });
    else {
      // Code that deletes nothing may read what it names (`open(os.path.expanduser("~/.aws/credentials"))`).
      walker.path(field, "read", program, cwd);
      if (verb === "write") walker.path(field, "write", program, cwd);
    }
  }
  // `FileUtils.rm_rf(Dir.home)`, `execSync('rm -rf ' + os.homedir())`: code that deletes or writes
  // and names the home folder through an API may do it to the home folder itself.
  if (verb !== undefined && HOME_API.test(code)) {
    const home: Field = { text: walker.expand.home, resolved: true };
    walker.path(home, verb, program, cwd, verb === "delete" ? { recursive: TREE_DELETES.test(code), noFollow: true } : {});
  }
  // A bare name the code deletes (`os.remove('notes.md')`, `shutil.rmtree('.')`) counts when it is
  // there: most quoted words of code name no file. As with `rm`, one file is not a recursive delete.
  if (verb === "delete" && cwd !== null)
    for (const name of bareNames(code, cwd))
      walker.path({ text: name, resolved: true }, "delete", program, cwd, { recursive: TREE_DELETES.test(code), noFollow: true });
  // Otherwise a bare name of a file that is there is opened (`open('creds.txt').read()`).
  else if (!inFile && cwd !== null)
    for (const name of bareNames(code, cwd)) {
      if (name === "." || name === "..") continue;
      walker.path({ text: name, resolved: true }, "read", program, cwd);
      if (verb === "write") walker.path({ text: name, resolved: true }, "write", program, cwd);
    }
}

/** The quoted single names (`'.'`, `'build'`) that are files or folders in `cwd`. */
function* bareNames(code: string, cwd: string): Generator<string> {
  for (const m of code.matchAll(QUOTED)) {
    const name = m[2] as string;
    if (/^[\w.-]{1,255}$/.test(name) && (name === "." || name === ".." || existsSync(join(cwd, name)))) yield name;
  }
}

/** The quoted strings of the code that name a file (a `${…}` or `$(…)` in one is not known). */
function* quotedPaths(code: string): Generator<string> {
  for (const m of code.matchAll(QUOTED)) {
    const raw = m[2] as string;
    if (pathLike(raw) && !raw.includes("${") && !raw.includes("$(")) yield raw;
  }
}

/**
 * A path built from quoted parts: `path.join(os.homedir(), ".ssh", "id_rsa")`, `Path.home() /
 * ".aws" / "credentials"`, `File.join(Dir.home, ".kube", "config")`. The parts, joined with `/`,
 * name the file from wherever the code starts (the home, most often: the guards match the end).
 */
function* joinedPaths(code: string): Generator<string> {
  for (const m of code.matchAll(JOINED)) {
    const parts = [...(m[0] as string).matchAll(QUOTED)].map((q) => q[2] as string);
    if (parts.length >= 2 && parts.every((p) => /^[\w.~-][\w./~-]*$/.test(p))) yield parts.join("/").replace(/\/{2,}/g, "/");
  }
}

/** Each argv list of quoted words (ARGV_LIST) as the command line it runs, each word quoted. */
function* argvLines(code: string): Generator<string> {
  for (const m of code.matchAll(ARGV_LIST)) {
    const words = [...(m[3] as string).matchAll(QUOTED)].map((q) => unescaped(q[2] as string));
    if (m[2] !== undefined) words.unshift(m[2]);
    yield words.map(shellQuote).join(" ");
  }
}

/** The text of each `qx{…}` / `%x(…)`: up to the paired bracket (nested ones counted) or the same delimiter. */
function* quoteOperators(code: string): Generator<string> {
  for (const m of code.matchAll(QUOTE_OPERATOR)) {
    const open = m[1] as string;
    const close = CLOSING[OPENING.indexOf(open)] ?? open;
    let depth = 1;
    const start = (m.index as number) + m[0].length;
    for (let i = start; i < code.length && i < start + 4096; i++) {
      const c = code[i];
      if (c === "\\") i++;
      else if (c === close && --depth === 0) {
        yield code.slice(start, i);
        break;
      } else if (c === open && close !== open) depth++;
    }
  }
}

/** A quoted literal's text as the language reads it: `\"` is `"`, `\\` is `\`, `\n` a new line. */
const unescaped = (text: string): string => text.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
