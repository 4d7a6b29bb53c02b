// The shell's positional parameters of a script the line runs with words of its own (`sh -c
// SCRIPT _ ARGS`, `bash <(…) ARGS`, a function's call): read by the shell family and the walker.
import type { Word } from "./ast.ts";
import { ARG_SEP, type ExpandContext, expandString, expandWord, type Field, type ShellState } from "./expand.ts";

/** `sh -c 'cat "$1"' _ .env`: the words after the script are `$0`, `$1`, …, and `$@` (also `set --`, a function's call). */
export function positional(state: ShellState, words: Field[]): ShellState {
  const value = (f: Field | undefined) => (f === undefined ? "" : f.resolved ? f.text : null);
  for (let k = 0; k < 10; k++) state.vars.set(String(k), value(words[k]));
  const rest = words.slice(1);
  const known = rest.every((f) => f.resolved);
  state.vars.set("@", known ? rest.map((f) => f.text).join(ARG_SEP) : null);
  state.vars.set("*", known ? rest.map((f) => f.text).join(" ") : null);
  state.vars.set("#", String(rest.length));
  return state;
}

/**
 * What an assignment leaves in its variable: an array's elements (`a=(rm -rf ~/x)`, each word
 * expanded as a command's are) joined as `$@`'s are, when every one is known; a word's value; or
 * `unset` for none.
 */
export function assignedValue(
  assign: { value: Word | null; elements?: Word[] },
  state: ShellState,
  ctx: ExpandContext,
  unset: string | null,
): string | null {
  if (assign.elements) {
    const fields = assign.elements.flatMap((word) => expandWord(word, state, ctx));
    return fields.every((f) => f.resolved) ? fields.map((f) => f.text).join(ARG_SEP) : null;
  }
  return assign.value ? (expandString(assign.value, state, ctx) ?? null) : unset;
}

/** The builtins that read into the variables they name (`read`, `mapfile`), which outlive the command. */
export const READS_INTO = new Set(["read", "mapfile", "readarray"]);

/** The variables a builtin set in its own state (`own`, with its prefix assignments) carried into the line's. */
export function keptVariables(own: ShellState, state: ShellState, assigns: ReadonlyArray<{ name: string }>): void {
  for (const [name, value] of own.vars)
    if (!assigns.some((a) => a.name === name) && state.vars.get(name) !== value) state.vars.set(name, value);
}
