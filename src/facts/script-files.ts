// Script files a command runs (`bash x.sh`, `python3 x.py`, `source x.sh`, `./x.sh`), read while
// judging the line: a model that writes a script in one call and runs it in the next is judged
// on what the script says, as if it had typed it. A shell script is walked like a command line,
// except that what it computes at run time (an unknown variable's path) is left out rather than
// counted as a path outside the project: that is every script's normal business, and the guards
// would otherwise refuse honest build scripts. What it plainly names, or sets and then uses, counts.
// An interpreter's script is read as its inline code is (inline-code.ts).
import type { Field, ShellState } from "./expand.ts";
import { inlineCodeNow } from "./occasional.lazy.ts";
import type { Run } from "./programs-kit.ts";
import type { PathRecorder } from "./record.ts";
import { textAsRun, writtenText } from "./written-scripts.ts";

/** A larger script is not read (it stays a `script file:` the facts cannot see into). */
const MAX_SCRIPT = 64 * 1024;

/**
 * The text of the script file `file` names, when it is a readable text file of at most 64 KiB:
 * what the line itself wrote there earlier (written-scripts.ts), or else what the disk holds.
 */
function scriptText(file: Field, cwd: string | null, recorder: PathRecorder): string | undefined {
  if (!file.resolved) return undefined;
  const text = textAsRun(recorder, file.text, cwd, MAX_SCRIPT);
  return text === undefined || text.includes("\0") ? undefined : text;
}

/**
 * The text the line itself wrote into `file` (`echo … > x.sh; bash -c "$(cat x.sh)"`), or
 * undefined. Never the disk's: a value becomes part of the facts (`hookit.commands`, the shells'
 * HOOKIT_COMMANDS), and `$(cat .env)` must not put the file's secrets there.
 */
export function lineFileText(recorder: PathRecorder, file: string, cwd: string | null): string | undefined {
  return writtenText(recorder, file, cwd) ?? undefined;
}

/**
 * A script with more command separators than this is not read: a line past the facts' budget is
 * refused whole (budget.ts), and a long build script is honest work. It stays a `script file:`.
 */
const MAX_SCRIPT_COMMANDS = 800;
const tooLong = (text: string) => (text.match(/\n|;|&&|\|\|?/g)?.length ?? 0) > MAX_SCRIPT_COMMANDS;

/** Walks a shell script's text in `state` (its own `$0`, `$1`, … set by the caller); false when it could not be read. */
export function walkShellScript(run: Run, file: Field, state: ShellState, via: string): boolean {
  const text = scriptText(file, run.state.cwd, run.walker);
  if (text === undefined || tooLong(text)) return false;
  walkScriptText(run, text, state, via);
  return true;
}

/** Reads what a script file says with the walker in script mode (what it computes at run time left out). */
function inScript(run: Run, read: () => void): void {
  run.walker.scriptDepth++;
  try {
    read();
  } finally {
    run.walker.scriptDepth--;
  }
}

/** Walks a script's text (a file's, a package.json script's) as the shell would run it. */
export function walkScriptText(run: Run, text: string, state: ShellState, via: string): void {
  inScript(run, () => run.walker.shell(text, state, via, run.depth));
}

/** Reads an interpreter's script as its code (the paths it names, the shell lines it runs). */
export function readCodeScript(run: Run, file: Field, program: string): void {
  // Code the line itself just wrote (`echo "…" > k.py; python3 k.py`) is typed code, read as `-c`'s is.
  const written = file.resolved ? writtenText(run.walker, file.text, run.state.cwd) : undefined;
  if (typeof written === "string") return inlineCodeNow().codeMentions(written, run, program);
  const text = scriptText(file, run.state.cwd, run.walker);
  if (text !== undefined) inScript(run, () => inlineCodeNow().codeMentions(text, run, program, true));
}

/**
 * What runs a script executed by its path (`./x.sh`): the interpreter and option of its `#!` line
 * (`#!/usr/bin/env -S python3 -u` is python3 -u), or sh for a text file without one, as the
 * kernel and the shell do. Undefined for a binary, or a file that cannot be read.
 */
export function scriptInterpreter(file: Field, cwd: string | null, recorder: PathRecorder): Field[] | undefined {
  const text = scriptText(file, cwd, recorder);
  if (text === undefined) return undefined;
  if (!text.startsWith("#!")) return [{ text: "sh", resolved: true }];
  const words = (text.slice(2).split("\n", 1)[0] as string).trim().split(/\s+/).filter(Boolean);
  let at = 0;
  if (words[0]?.replace(/^.*\//, "") === "env") for (at = 1; words[at]?.startsWith("-"); ) at++;
  const program = words[at]?.replace(/^.*\//, "");
  if (!program) return undefined;
  return [program, ...words.slice(at + 1)].map((w) => ({ text: w, resolved: true }));
}
