// Text a program makes up as it runs (TEXT_MAKERS: inline code's print, a text filter) reaching a
// command as its words or its input through a substitution: `eval "$(python3 -c …)"`,
// `sh -c "$(rev <<< …)"`, `source <(python3 -c …)`, `sh < <(tr … )`, and the same through a
// variable set from one (`X=$(python3 -c …); eval "$X"`), and a file's text printed the same way
// (`bash -c "$(cat x.sh)"`: data-programs.ts FILE_PRINTERS). The pipe's case (`python3 -c … | sh`) is
// the walker's pipeFrom; both end in programs.ts runProgram, which marks a shell or interpreter
// that then runs that text as code nobody read.
import type { Redirect, Script, Simple, Word } from "./ast.ts";
import { ASSIGNING, FILE_PRINTERS, TEXT_MAKERS } from "./data-programs.ts";
import { stageProgram } from "./output.ts";
import { READS_INTO } from "./positional.ts";

/** The program that prints what a substitution's script gives: its last pipeline's last stage (`$(< x)` is cat's). */
function printedBy(script: Script): string | undefined {
  const stages = script.at(-1)?.cmds;
  const last = stages?.at(-1);
  if (last?.t === "simple" && last.words.length === 0 && last.redirs.some((r) => r.op === "<")) return "cat";
  return last === undefined ? undefined : stageProgram(last);
}

/** The text maker whose output `word` carries, directly or through a variable `made` knows. */
function wordMaker(word: Word, made: ReadonlyMap<string, string>): string | undefined {
  for (const part of word) {
    const program = part.t === "sub" || part.t === "proc" ? printedBy(part.script) : part.t === "var" ? made.get(part.name) : undefined;
    if (program !== undefined && (TEXT_MAKERS.has(program) || FILE_PRINTERS.has(program))) return program;
  }
  return undefined;
}

/** The text maker whose output the command's words or its input (`< <(…)`, `<<< "$(…)"`) carry; else false. */
export function madeUpBy(words: readonly Word[], redirs: readonly Redirect[], made: ReadonlyMap<string, string>): string | false {
  for (const word of words) {
    const maker = wordMaker(word, made);
    if (maker !== undefined) return maker;
  }
  for (const redir of redirs) {
    if ((redir.op !== "<" && redir.op !== "<<<") || !redir.target) continue;
    const maker = wordMaker(redir.target, made);
    if (maker !== undefined) return maker;
  }
  return false;
}

/**
 * Notes (or forgets) in `made` the variables a command sets from a text maker's output: its
 * assignments when it is only those (`X=$(…)`), an `export`/`local`/`declare` of `X=$(…)`, a `for`
 * loop's variable over such words, and what `read`/`mapfile` read when `fedBy` (the maker feeding
 * the command's input: a pipe, a loop's `done < <(…)`) or its own redirects make it up.
 */
export function noteMadeUp(cmd: Simple, made: Map<string, string>, fedBy: string | false): void {
  const head = cmd.words[0]?.length === 1 ? cmd.words[0][0] : undefined;
  if (cmd.data) {
    const maker = cmd.words.map((word) => wordMaker(word, made)).find((m) => m !== undefined);
    for (const { name } of cmd.assigns) maker === undefined ? made.delete(name) : made.set(name, maker);
  } else if (cmd.words.length === 0) for (const { name, value } of cmd.assigns) note(name, value, made);
  else if (head?.t === "lit" && ASSIGNING.includes(head.v))
    for (const word of cmd.words.slice(1)) {
      const first = word[0];
      const name = first?.t === "lit" ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(first.v)?.[1] : undefined;
      if (name !== undefined) note(name, word, made);
    }
  else if (head?.t === "lit" && READS_INTO.has(head.v)) {
    const maker = madeUpBy([], cmd.redirs, made) || fedBy;
    if (maker === false) return;
    // its names: the words that are not options (a value option's value counts too: over-marking only refuses more)
    for (const word of cmd.words.slice(1))
      if (word.length === 1 && word[0]?.t === "lit" && /^[A-Za-z_]\w*$/.test(word[0].v)) made.set(word[0].v, maker);
  }
}

/** For each of a script's pipelines, the text maker a later `done < <(…)` / `done <<< …` feeds it from (as output.ts loopFeeds reads the feeds). */
export function loopMakers(script: Script, made: ReadonlyMap<string, string>): Array<string | false> {
  const makers: Array<string | false> = [];
  let maker: string | false = false;
  for (let k = script.length - 1; k >= 0; k--) {
    const only = script[k]?.cmds.length === 1 ? script[k]?.cmds[0] : undefined;
    if (only?.t === "simple" && only.words.length === 0 && only.assigns.length === 0 && !only.data && only.redirs.length > 0)
      maker = madeUpBy([], only.redirs, made);
    makers[k] = maker;
  }
  return makers;
}

function note(name: string, value: Word | null, made: Map<string, string>): void {
  const maker = value === null ? undefined : wordMaker(value, made);
  if (maker !== undefined) made.set(name, maker);
  else made.delete(name);
}
