// Which pack rules a call's commands trigger: each command is looked up by its
// program name (the index is built once from the packs' data), never by
// scanning every rule; the rule's subcommand, options and operands are then read
// from its argv.
import { boundedFileText } from "../../base/file-text.ts";
import { normalPath } from "../../base/path-join.ts";
import type { Condition, Pack, Rule } from "./types.ts";

/** What the matcher reads of a command (a CommandFact of src/facts/types.ts). */
interface Command {
  program: string;
  argv: readonly string[];
  cwd?: string | null;
  host?: string;
  input?: string;
  inputFile?: string;
}

/** The texts a line writes into files where it says them, by absolute path (src/facts/types.ts `written`). */
export type Written = Readonly<Record<string, string>>;

/** A script file larger than this is not read: its statements stay unseen. */
const MAX_SCRIPT = 4 * 1024 * 1024;

interface Indexed {
  pack: Pack;
  rule: Rule;
}

export class PackIndex {
  private readonly byProgram = new Map<string, Indexed[]>();
  constructor(packs: readonly Pack[]) {
    for (const pack of packs)
      for (const rule of pack.rules)
        for (const program of rule.programs) {
          const list = this.byProgram.get(program) ?? [];
          list.push({ pack, rule });
          this.byProgram.set(program, list);
        }
  }

  /** `block <pack>/<rule>: <reason>; instead, <what to do>` (or `ask …`) for each rule a command triggers. */
  matches(commands: readonly Command[], written?: Written): string[] {
    const out: string[] = [];
    for (const command of commands) {
      const rules = this.byProgram.get(command.program.toLowerCase()); // rules name programs in lower case
      if (!rules) continue;
      const args = command.argv.slice(1);
      if (asksForHelp(args) || args[0] === "help") continue; // a help page runs nothing (`npm help publish`)
      for (const { pack, rule } of rules) {
        if (rule.remote && command.host === undefined) continue;
        const statements = (words: readonly string[]) => statementsOf(command, words, pack.scriptOptions?.[command.program] ?? [], written);
        if (!ruleFires(rule, args, pack.valueOptions?.[command.program] ?? [], statements)) continue;
        const line = `${rule.ask ? "ask" : "block"} ${pack.id}/${rule.id}: ${rule.reason}; instead, ${rule.instead}`;
        if (!out.includes(line)) out.push(line);
      }
    }
    return out;
  }
}

/**
 * Whether a rule's subcommand and conditions hold for a command's words (after its name): the
 * packs' rules here, and the credential commands of facts/credential-stores.ts, which are said
 * the same way.
 */
export function ruleFires(
  rule: Pick<Rule, "sub" | "when" | "unless">,
  args: readonly string[],
  valueOptions: readonly string[],
  statements: (words: readonly string[]) => string[] = () => [args.join(" ")],
): boolean {
  const rest = rule.sub ? afterSub(args, rule.sub, valueOptions) : args;
  if (rest === undefined) return false;
  const ofRest = () => statements(rest);
  if (rule.when && !holds(rule.when, rest, ofRest)) return false;
  return !(rule.unless && holds(rule.unless, rest, ofRest));
}

/** A word that is only a file's text printed: `$(cat x.sql)`, `$(< x.sql)`, `` `cat x.sql` ``. */
const PRINTED_FILE = /^(?:\$\(|`)\s*(?:cat\s+|<\s*)([^\s;|&()$`'"<>]+)\s*(?:\)|`)$/;

/**
 * The statements a command runs, each on its own (`DELETE FROM a; SELECT … WHERE …` is two): its
 * words, the text the line feeds it, and the script files its options name (`psql -f x.sql`) or its
 * input comes from (`< x.sql`).
 */
function statementsOf(command: Command, args: readonly string[], scriptOptions: readonly string[], written?: Written): string[] {
  const texts = [args.join(" ")];
  if (command.input !== undefined) texts.push(command.input);
  const files: string[] = command.inputFile !== undefined ? [command.inputFile] : [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    const eq = word.indexOf("=");
    // `psql -c "$(cat drop.sql)"`: a word the facts could not know, which is that file's text.
    const printed = PRINTED_FILE.exec(word);
    if (printed) files.push(printed[1] as string);
    else if (scriptOptions.includes(word) && args[i + 1] !== undefined) files.push(args[++i] as string);
    else if (eq > 0 && scriptOptions.includes(word.slice(0, eq))) files.push(word.slice(eq + 1));
    else {
      // A dot-command and its file in one argument: `'.read drop.sql'`.
      const dot = scriptOptions.find((option) => option.startsWith(".") && word.startsWith(`${option} `));
      if (dot) files.push(word.slice(dot.length + 1).trim());
    }
  }
  for (const file of files) {
    // A file the line itself wrote (`echo 'DROP TABLE t;' > x.sql && psql -f x.sql`) holds what it wrote.
    const path = file.startsWith("/") ? file : command.cwd ? `${command.cwd}/${file}` : undefined;
    const text = (path !== undefined ? written?.[normalPath(path)] : undefined) ?? boundedFileText(file, command.cwd ?? null, MAX_SCRIPT);
    if (text !== undefined) texts.push(text);
  }
  return texts.flatMap((text) => text.split(";"));
}

/** The words after the subcommand, or `undefined` when the command is another one. Options (and their values) before and between are skipped. */
function afterSub(args: readonly string[], sub: readonly string[], valueOptions: readonly string[]): string[] | undefined {
  let k = 0;
  const skipped: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word.startsWith("-") && word !== "-") {
      skipped.push(word);
      if (valueOptions.includes(word)) skipped.push(args[++i] ?? "");
      continue;
    }
    if (!spelled(sub[k]!, word)) return undefined;
    if (++k === sub.length) return [...skipped, ...args.slice(i + 1)];
  }
  return undefined;
}

/** `delete|del`, and `delete-*` (any word starting so); `*` alone is any word. */
const spelled = (spellings: string, word: string) =>
  spellings
    .split("|")
    .some((s) => (s.endsWith("*") ? word.toLowerCase().startsWith(s.slice(0, -1).toLowerCase()) : s.toLowerCase() === word.toLowerCase()));

function holds(condition: Condition, words: readonly string[], statements: () => string[]): boolean {
  if (condition.any && !condition.any.some((o) => given(o, words))) return false;
  if (condition.all && !condition.all.every((o) => given(o, words))) return false;
  if (condition.operand !== undefined) {
    const re = new RegExp(condition.operand, "i");
    if (!words.some((w) => !w.startsWith("-") && re.test(w))) return false;
  }
  if (condition.target !== undefined) {
    const last = words.findLast((w) => !w.startsWith("-"));
    if (last === undefined || !new RegExp(condition.target, "i").test(last)) return false;
  }
  if (condition.text !== undefined) {
    const re = new RegExp(condition.text, "is");
    if (!statements().some((statement) => re.test(statement))) return false;
  }
  return true;
}

/** `--force` (or `--force=x`), `-f` (also within `-rf`), or a plain word. */
function given(option: string, words: readonly string[]): boolean {
  if (option.startsWith("--")) return words.some((w) => w === option || w.startsWith(`${option}=`));
  if (/^-[A-Za-z0-9]$/.test(option)) return words.some((w) => w === option || (/^-[A-Za-z0-9]+$/.test(w) && w.includes(option[1]!)));
  return words.some((w) => w.toLowerCase() === option.toLowerCase());
}

/**
 * `--help`, or a `-h` with no operand after it, before any `--`: the program shows its usage and runs nothing else (git, kubectl,
 * terraform, …). Here because the packs may import nothing of the facts; work-loss.ts reads it too.
 */
export function asksForHelp(words: ReadonlyArray<{ text: string } | string>): boolean {
  const texts = words.map((word) => (typeof word === "string" ? word : word.text));
  for (let k = 0; k < texts.length; k++) {
    const text = texts[k] as string;
    if (text === "--") return false;
    if (text === "--help") return true;
    // `-h` is the host to database clients (`psql -h db -c 'DROP …'`, `redis-cli -h db FLUSHALL`):
    // it asks for help only with no operand after it (`kubectl delete -h`).
    if (text === "-h" && texts.slice(k + 1).every((after) => after.startsWith("-"))) return true;
  }
  return false;
}
