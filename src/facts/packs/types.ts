// What a pack is: a named, versioned set of rules over the commands a call would
// run (their argv after every wrapper and expansion, src/facts/types.ts). A rule
// names its program and subcommand and the options or operands that make it
// destructive; it is data (rules/<pack>.toml, expanded by `npm run gen:packs` into
// packs.generated.json), read by the matcher (match.ts), the docs
// (scripts/gen-docs: docs/packs.md), `hookit packs` and `hookit init --packs`.

/** A test on the words after the subcommand; every part given must hold. */
export interface Condition {
  /** Any of these options is given: `--force` (also `--force=…`), `-f` (also inside `-rf`), or a plain word. */
  any?: string[];
  /** Each of these is given (same spelling as `any`). */
  all?: string[];
  /** A regular expression (case-insensitive) that some operand matches. */
  operand?: string;
  /** A regular expression (case-insensitive) the words joined by spaces match: SQL in `-c`, a JSON body. */
  text?: string;
  /** A regular expression (case-insensitive) the last operand matches: where a copy goes (`scp a host:/etc/`). */
  target?: string;
}

export interface Rule {
  /** Unique in its pack; the fact names it `<pack>/<id>`. */
  id: string;
  /** The programs (basenames) it is about. */
  programs: string[];
  /** The subcommand words that must come first (options skipped); each may list spellings: `delete|del`. */
  sub?: string[];
  /** When it fires (without `when`, the subcommand alone does). */
  when?: Condition;
  /**
   * It fires only on a command that runs on another machine (`ssh host '…'`, CommandFact.host): there
   * hookit sees no files or repositories, so the command's shape alone must say it is harmless.
   */
  remote?: true;
  /** What makes the same command harmless (a dry run, `--help`). */
  unless?: Condition;
  /** `ask`: the user is asked instead of the call being refused. */
  ask?: true;
  /** What it destroys, for the refusal. */
  reason: string;
  /** What to do instead. */
  instead: string;
}

export interface Pack {
  id: string;
  version: number;
  /** Its family: each pack hookit ships is its own, named by its id. */
  family: string;
  title: string;
  /** Options of the pack's programs that take the next word as their value (`-n prod`), so it is not read as a subcommand. */
  valueOptions?: Record<string, string[]>;
  /**
   * Options whose value is a file of statements the program runs (`psql -f x.sql`): a rule's `text`
   * is also matched against those files, and against what the line feeds the program on its input
   * (a here-document, `< x.sql`).
   */
  scriptOptions?: Record<string, string[]>;
  rules: Rule[];
}
