// The shape the shell parser (parse.ts) hands to the fact walker (walk.ts).
// It keeps only what decides what a command does: words as quoted/unquoted
// parts and the substitutions inside them, redirects, and where a subshell
// starts. Everything else of bash's grammar (if/while/case/functions) is
// flattened into the commands it may run — a guard must see them all.

/** One piece of a word. `q` = quoted: no tilde, brace, glob or field splitting. */
export type Part =
  | { t: "lit"; v: string; q: boolean }
  | { t: "var"; name: string; op?: string; arg?: Word; q: boolean; src: string }
  | { t: "sub"; script: Script; q: boolean; src: string }
  | { t: "arith"; subs: Script[]; q: boolean; src: string }
  | { t: "proc"; script: Script; src: string };

export type Word = Part[];

interface Assign {
  name: string;
  /** `null`: a loop variable or `read` target, value unknown. */
  value: Word | null;
  /** An array's elements (`a=(x y)`): its value holds only their substitutions. */
  elements?: Word[];
}

export interface Redirect {
  op: string;
  /** The descriptor written before the operator (`3<<<`, `2>`), as written; absent for the default one. */
  fd?: string;
  /** The file (or fd for `>&`/`<&`); absent for here-documents. */
  target?: Word;
  /** Substitutions inside an unquoted here-document body: they run. */
  bodySubs?: Script[];
  /** A here-document's text (what a shell reading it as a script would run). */
  body?: string;
}

export interface Simple {
  t: "simple";
  assigns: Assign[];
  words: Word[];
  redirs: Redirect[];
  /** Words that are not a command (`for` lists, `case` subjects, `[[ … ]]`): only their substitutions run. */
  data?: true;
}

interface Group {
  t: "group";
  body: Script;
  subshell: boolean;
  redirs: Redirect[];
}

export type Command = Simple | Group;

/** A pipeline: with more than one command, each runs in its own subshell. */
export interface Pipeline {
  cmds: Command[];
}

export type Script = Pipeline[];

/**
 * One place the parser had to guess: `at` is the offset in the text it was reading where the
 * trouble starts (an unclosed quote's opening; for a substitution's body, an offset in that body).
 */
export interface ParseError {
  at: number;
  message: string;
}

export interface ParseResult {
  script: Script;
  /** Where the parser had to guess (unterminated quote, stray operator, too deep). */
  errors: ParseError[];
  /** `name() { … }` / `function name { … }`: each function's body as source, for the calls that pass it arguments. */
  functions: FunctionDef[];
}

export interface FunctionDef {
  name: string;
  body: string;
}
