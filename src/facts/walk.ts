// Walks a parsed script the way bash would run it (substitutions first, `cd` carried along a list,
// subshells and pipeline stages on a copy of the state) and records each command and path it touches.
import type { Command, FunctionDef, Part, Redirect, Script, Simple, Word } from "./ast.ts";
import { copy, expandString, expandWord, type ExpandContext, type Field, type Lines, type ShellState } from "./expand.ts";
import { everyValue } from "./field.ts";
import { NESTED_TOO_DEEP, parseScript } from "./parse.ts";
import { programBase as basename, type Places } from "./paths.ts";
import { catOperand, loopFeeds, pipelineOutput, scriptOutput, stageProgram } from "./output.ts";
import { caseFolded, knownProgram, positional, runProgram } from "./programs.ts";
import { assignedValue, keptVariables, READS_INTO } from "./positional.ts";
import { newIdentities, noteCopy, noteHash, realProgram, setWords } from "./identity.ts";
import { programCommandsNow } from "./occasional.lazy.ts";
import { PathRecorder } from "./record.ts";
import { spend } from "./budget.ts";
import { tooComplex } from "./unchecked.ts";
import { shellQuote } from "./candidate.ts";
import { codeVariable, presentFor } from "./code-variables.ts";
import type { Loss } from "./work-loss.ts";
import { downloadRedirects, isDownloader, runsFile } from "./downloads.ts";
import { scriptInterpreter } from "./script-files.ts";
import { knownOutput } from "./sub-value.ts";
import { loopMakers, madeUpBy, noteMadeUp } from "./made-up.ts";
import { ESCAPING_PROGRAMS, TEXT_MAKERS } from "./data-programs.ts";
import { RUNS_MADE_UP } from "../base/changed-unread.ts";
import { type OutputRedirect, rememberRedirectWrites } from "./written-scripts.ts";

export type { PathOptions } from "./record.ts";

const MAX_DEPTH = 16;
const ESCAPING: ReadonlySet<string> = new Set(ESCAPING_PROGRAMS);

/** A command's input when the line says what it is: text, the paths it lists, a file; `{}` when hookit cannot know it. */
type Input = { text?: string; lines?: Lines; file?: string };
const MAX_COMMANDS = 2000;

export class Walker extends PathRecorder {
  readonly expand: ExpandContext;
  /** The file the command being walked reads on its standard input (`patch -p1 < fix.patch`), as written. */
  stdinFile: string | undefined;
  /** The command being walked reads a pipe: the program of the stage before (`?` when not one word); else false. */
  pipeFrom: string | false = false;
  /** What a loop's `done < <(find …)` / `done <<< …` feeds the `read`s in its body. */
  loopInput: Lines | undefined;
  /** The text maker whose output a loop's `done < <(…)` feeds its body (made-up.ts); else false. */
  loopMaker: string | false = false;
  /** What each `<(…)` word of the command being run prints, when known (`bash <(echo …)` runs it as a script). */
  procScripts: Array<string | undefined> = [];
  /** The command whose words are being run, for made-up.ts to ask which text maker they carry. */
  running: Simple | undefined;
  /** Variables set earlier on the line from a text maker's output, and the maker. */
  readonly madeVars = new Map<string, string>();
  /** What the line gave descriptors other than the standard input (`exec 3<<<'…'`, `3< x.sh`), by number. */
  readonly inputs = new Map<string, Input>();
  /** `alias g=git` earlier on the line: the alias's words, used where the name starts a later command. */
  readonly aliases = new Map<string, string>();
  /** `git -c alias.x=…` / `git config alias.x …` set earlier on the line. */
  readonly gitAliases = new Map<string, string>();
  /** Shell functions defined on the line: name → body (parse.ts). A call runs the body with its arguments. */
  readonly functions = new Map<string, string>();
  /** Copies, links and `hash -p` names of guarded programs made on the line (identity.ts). */
  readonly identities = newIdentities();
  /** What the line's git commands and `find -delete` put at risk (work-loss.ts); judged on the repository afterwards. */
  readonly losses: Loss[] = [];
  /** Files a download earlier on the line saved, and folders (ending in `/`) one was extracted into (downloads.ts): running one runs the download. */
  readonly downloads = new Set<string>();

  constructor(at: Places, home: string, env: Readonly<Record<string, string | undefined>>) {
    super(at);
    this.expand = {
      home,
      env,
      subValue: (script, state) => this.subValue(script, state),
      subCandidates: (script, state) => scriptOutput(script, state, this.expand),
      readLines: new Map(),
    };
  }

  script(script: Script, state: ShellState, via: string | undefined, depth: number): void {
    const feeds = loopFeeds(script, state, this.expand);
    const makers = script.length > 1 ? loopMakers(script, this.madeVars) : [];
    const [outer, outerMaker] = [this.loopInput, this.loopMaker];
    script.forEach((pipeline, k) => {
      this.loopInput = feeds[k] ?? outer;
      this.loopMaker = makers[k] || outerMaker;
      this.pipeline(pipeline, state, via, depth);
    });
    this.loopInput = outer;
    this.loopMaker = outerMaker;
  }

  private pipeline(pipeline: Script[number], state: ShellState, via: string | undefined, depth: number): void {
    if (pipeline.cmds.length === 1) {
      this.command(pipeline.cmds[0] as Command, state, via, depth);
      return;
    }
    // Each stage runs in a subshell; what `echo`/`printf` print is the next's input, what `find`/`ls` print `xargs`'s.
    let input: string | undefined;
    const outer = this.pipeFrom;
    let catFile: string | undefined;
    const outerFile = this.stdinFile;
    pipeline.cmds.forEach((cmd, k) => {
      const lines = k > 0 ? pipelineOutput(pipeline.cmds.slice(0, k), state, this.expand) : undefined;
      this.pipeFrom = k > 0 ? stageProgram(pipeline.cmds[k - 1]!) : outer;
      this.stdinFile = catFile ?? (k === 0 ? outerFile : undefined); // `cat x.sh | sh`: as `sh < x.sh`
      this.command(cmd, copy(state), via, depth, input, lines);
      this.pipeFrom = outer;
      input = cmd.t === "simple" && cmd.redirs.every((r) => r.op.startsWith("<")) ? this.subValue([{ cmds: [cmd] }], state) : undefined;
      catFile = cmd.t === "simple" && cmd.redirs.length === 0 ? catOperand(cmd, state, this.expand) : undefined;
    });
    this.stdinFile = outerFile;
  }

  /** A string that a shell will parse again (`sh -c`, `eval`, `watch`, `env -S`). */
  shell(text: string, state: ShellState, via: string, depth: number): void {
    if (depth >= MAX_DEPTH) {
      this.unresolved(tooComplex(`nested more than ${MAX_DEPTH} levels deep`));
      return;
    }
    const parsed = parseScript(text);
    this.define(parsed.functions);
    for (const error of parsed.errors) {
      this.unresolved(
        error.message === NESTED_TOO_DEEP ? tooComplex("substitutions nested too deep") : `syntax: ${error.message} at ${error.at}`,
      );
    }
    this.script(parsed.script, state, via, depth + 1);
  }

  private command(cmd: Command, state: ShellState, via: string | undefined, depth: number, input?: string, lines?: Lines): void {
    if (this.facts.commands.length >= MAX_COMMANDS) {
      this.unresolved(tooComplex(`more than ${MAX_COMMANDS} commands`));
      return;
    }
    spend();
    if (cmd.t === "group") {
      const inner = cmd.subshell ? copy(state) : state;
      this.script(cmd.body, inner, via, depth);
      rememberRedirectWrites(this, this.redirects(cmd.redirs, state, depth), state);
      return;
    }
    this.simple(cmd, state, via, depth, input, lines);
  }

  private simple(cmd: Simple, state: ShellState, via: string | undefined, depth: number, piped?: string, pipedLines?: Lines): void {
    // Substitutions run first, each in a subshell: the words', then the assigned values'.
    for (const word of cmd.words) this.subs(word, state, depth);
    for (let i = 0; i < cmd.assigns.length; i++) {
      const value = cmd.assigns[i]!.value;
      if (value) this.subs(value, state, depth);
    }
    for (let i = 0; i < cmd.redirs.length; i++) {
      const subs = cmd.redirs[i]!.bodySubs;
      if (subs) for (const sub of subs) this.script(sub, copy(state), "$()", depth + 1);
    }
    rememberRedirectWrites(this, this.redirects(cmd.redirs, state, depth), state, cmd);
    if (cmd.data) {
      // `for f in a b`: the loop variable takes these values, and (when all are known) only these.
      const values = cmd.assigns.length > 0 ? cmd.words.flatMap((word) => expandWord(word, state, this.expand)) : [];
      for (const a of cmd.assigns) {
        state.vars.set(a.name, null);
        if (values.length > 0) this.expand.readLines.set(a.name, values.every((v) => v.resolved) ? everyValue(values) : values);
      }
      noteMadeUp(cmd, this.madeVars, false);
      return;
    }
    // An alias defined earlier on the line (agents' shells expand them): its words replace the name.
    const head = this.aliases.size > 0 && cmd.words[0]?.length === 1 ? cmd.words[0][0] : undefined;
    const name = head?.t === "lit" && !head.q ? head.v : undefined;
    const alias = name === undefined ? undefined : this.aliases.get(name);
    if (name !== undefined && alias !== undefined && depth < MAX_DEPTH) {
      const rest = cmd.words.slice(1).flatMap((word) => expandWord(word, state, this.expand));
      this.aliases.delete(name); // an alias is not expanded inside itself
      this.shell(`${alias} ${rest.map((f) => shellQuote(f.text)).join(" ")}`, state, "alias", depth);
      this.aliases.set(name, alias);
      return;
    }
    this.procScripts = [];
    for (const word of cmd.words) {
      if (word.length === 1 && word[0]!.t === "proc") this.procScripts.push(this.subValue(word[0]!.script, state));
    }
    const argv = cmd.words.flatMap((word) => expandWord(word, state, this.expand));
    // `curl -fsSL URL > i.sh`: what the download prints is saved where its output goes.
    if (argv[0]?.resolved && isDownloader(basename(argv[0].text))) downloadRedirects(this, cmd.redirs, state);
    noteMadeUp(cmd, this.madeVars, this.pipeFrom !== false && TEXT_MAKERS.has(this.pipeFrom) ? this.pipeFrom : this.loopMaker);
    if (argv.length === 0) {
      for (const a of cmd.assigns) {
        const value = assignedValue(a, state, this.expand, null);
        state.vars.set(a.name, value);
        this.assigned(a.name, value, state, depth);
      }
      return;
    }
    for (const word of cmd.words) this.noteUnknown(word, state);
    const stdin = this.stdinOf(cmd, state);
    // `GIT_SSH_COMMAND='…' git fetch`: the command's own environment, seen by what it runs.
    let own = state;
    if (cmd.assigns.length > 0) {
      own = copy(state);
      for (const a of cmd.assigns) {
        const value = assignedValue(a, state, this.expand, "");
        own.vars.set(a.name, value);
        this.assigned(a.name, value, state, depth);
      }
    }
    const input = stdin ? stdin.text : piped;
    // Input hookit does not read: a `<` file, or a pipe from a program whose output it cannot know.
    const fed = input === undefined && (stdin !== undefined || this.pipeFrom !== false);
    const outerFile = this.stdinFile;
    const outerCommand = this.running;
    if (stdin?.file !== undefined) this.stdinFile = stdin.file;
    this.running = cmd;
    this.run(argv, own, via, depth, input, stdin ? stdin.lines : pipedLines, fed);
    this.stdinFile = outerFile;
    this.running = outerCommand;
    // `IFS=: read -ra p <<< …`: the prefix assignment is the builtin's own, what it reads stays set.
    if (own !== state && READS_INTO.has(argv[0]!.text)) keptVariables(own, state, cmd.assigns);
  }

  /** The text maker whose output the command being run carries in its words or input (made-up.ts); else false. */
  madeUp(): string | false {
    return this.running === undefined ? false : madeUpBy(this.running.words, this.running.redirs, this.madeVars);
  }

  /** A variable a later program runs (`GIT_PAGER`) or loads first (`BASH_ENV=./x.sh`): judged where it is set (code-variables.ts). */
  assigned(name: string, value: string | null, state: ShellState, depth: number): void {
    (this.facts.sets ??= []).push(name);
    const loads = codeVariable(name, value, presentFor(this, state.cwd));
    if (loads && "unknown" in loads) this.unresolved(loads.unknown);
    else for (const line of loads?.lines ?? []) this.shell(line, copy(state), name, depth);
  }

  /** A command's standard input when the command line says what it is: `<<<`, a here-document, `< <(find …)`. */
  private stdinOf(cmd: Simple, state: ShellState): Input | undefined {
    let stdin: Input | undefined;
    for (const redir of cmd.redirs) {
      const only = redir.target?.length === 1 ? redir.target[0] : undefined;
      let input: Input | undefined;
      if (redir.op === "<<<" && redir.target) input = { text: expandString(redir.target, state, this.expand) };
      else if (redir.op === "<<" || redir.op === "<<-") input = { text: redir.body };
      else if (redir.op === "<" && only?.t === "proc") input = { lines: scriptOutput(only.script, state, this.expand) };
      else if (redir.op === "<" && redir.target) {
        const file = expandString(redir.target, state, this.expand);
        input = file === undefined ? {} : { file };
      } else if (redir.op === "<" || redir.op === "<>") input = {};
      // `<&3`: what descriptor 3 was given earlier on the line (`exec 3<<<'…'`), else an input hookit cannot know.
      else if (redir.op === "<&" && only?.t === "lit" && /^\d+$/.test(only.v) && only.v !== "0") input = this.inputs.get(only.v) ?? {};
      if (input === undefined) continue;
      if (redir.fd !== undefined && redir.fd !== "0")
        this.inputs.set(redir.fd, input); // another descriptor's, not the command's input
      else stdin = input;
    }
    return stdin;
  }

  /** Functions a parse found (`f() { … }`): later calls on the line run their bodies. */
  define(functions: readonly FunctionDef[]): void {
    for (const definition of functions) this.functions.set(definition.name, definition.body);
  }

  /** One command line after expansion: record it, then what its program does. */
  run(argv: Field[], state: ShellState, via: string | undefined, depth: number, stdin?: string, lines?: Lines, fed = false): void {
    const first = argv[0];
    if (!first) return;
    const program = first.resolved ? basename(first.text) : "";
    if (program !== "" && this.identity(program, argv, state, via, depth, stdin, lines)) return;
    if (!first.resolved) this.unresolved(`program: ${first.text}`);
    // `$(python3 -c "print('rm')") -rf ~`: a program named by made-up text (made-up.ts).
    const made = first.resolved ? false : this.madeUp();
    if (made !== false) this.unresolved(`${RUNS_MADE_UP}: ${first.text} is what ${made} prints`);
    if (first.text.includes("/")) runsFile(this, first, state.cwd, program);
    this.facts.commands.push({
      argv: argv.map((f) => f.text),
      program,
      cwd: state.cwd,
      ...(via && { via }),
      ...(state.host !== undefined && { host: state.host }),
      ...(argv.some((f) => !f.resolved) && { unresolved: true as const }),
      ...(stdin !== undefined && { input: stdin }),
      ...(fed && { fed: true as const }),
      ...(this.stdinFile !== undefined && { inputFile: this.stdinFile }),
    });
    // A possible spelling too, with each unknown argument's first named value (`git push ${X:--f}`).
    if (argv.some((f) => f.candidates?.length)) {
      const variant = argv.map((f) => f.candidates?.[0]?.text ?? f.text);
      this.facts.commands.push({
        argv: variant,
        program: basename(variant[0] as string),
        cwd: state.cwd,
        ...(via && { via }),
        ...(state.host !== undefined && { host: state.host }),
        unresolved: true,
      });
      // `${CMD:-rm} -rf ~/x`: a program word hookit cannot know is also the program it names.
      if (!first.resolved && first.candidates?.[0]?.resolved && depth < MAX_DEPTH)
        this.run([first.candidates[0], ...argv.slice(1)], state, via ?? first.text, depth + 1, stdin, lines, fed);
    }
    if (depth >= MAX_DEPTH) {
      this.unresolved(tooComplex(`nested more than ${MAX_DEPTH} levels deep`));
      return;
    }
    // `./x.sh`: a script run by its path is its `#!` interpreter running it (script-files.ts).
    const interpreter = first.text.includes("/") && !knownProgram(program) ? scriptInterpreter(first, state.cwd, this) : undefined;
    if (interpreter) {
      this.run([...interpreter, first, ...argv.slice(1)], state, via ?? first.text, depth + 1, stdin, lines, fed);
      return;
    }
    // `vim -c '!…'`, `sqlite3 db '.shell …'`, `ed`'s `w FILE`: the program's own shell escapes and files.
    if (ESCAPING.has(program)) programCommandsNow().programCommands(program, argv.slice(1), stdin, this, state, depth);
    runProgram(program, argv.slice(1), {
      walker: this,
      state,
      depth,
      ...(stdin !== undefined && { stdin }),
      ...(lines && { lines }),
      ...(fed && { fed }),
    });
  }

  /** What a command runs beyond its name (identity.ts): a function's body, `set --`, `hash -p`, a copy of a guarded program. True for a function's call. */
  private identity(
    program: string,
    argv: Field[],
    state: ShellState,
    via: string | undefined,
    depth: number,
    stdin?: string,
    lines?: Lines,
  ): boolean {
    const name = argv[0]!.text;
    const body = name.includes("/") ? undefined : this.functions.get(name);
    if (body !== undefined && depth < MAX_DEPTH) {
      this.functions.delete(name); // a function that calls itself is read once
      this.shell(body, positional(copy(state), argv), `${name}()`, depth);
      this.functions.set(name, body);
      return true;
    }
    const set = program === "set" ? setWords(argv) : undefined;
    if (set) positional(state, [{ text: state.vars.get("0") ?? "sh", resolved: true }, ...set]);
    else if (program === "hash") noteHash(argv, this.identities);
    else noteCopy(program, argv, state, this.identities, this.expand.env);
    if (!name.includes("/") && !this.identities.hashed.has(name) && knownProgram(program)) return false;
    const real = realProgram(name, state, this.identities, this.expand.env) ?? caseFolded(program);
    if (real !== undefined && depth < MAX_DEPTH)
      this.run([{ text: real, resolved: true }, ...argv.slice(1)], state, via ?? `${name} (${real})`, depth + 1, stdin, lines);
    return false;
  }

  private subs(word: Word, state: ShellState, depth: number): void {
    for (const part of word) this.partSubs(part, state, depth);
  }

  private partSubs(part: Part, state: ShellState, depth: number): void {
    if (part.t === "sub" || part.t === "proc") this.script(part.script, copy(state), "$()", depth + 1);
    else if (part.t === "arith") for (const sub of part.subs) this.script(sub, copy(state), "$()", depth + 1);
    else if (part.t === "var" && part.arg) this.subs(part.arg, state, depth);
  }

  private noteUnknown(word: Word, state: ShellState): void {
    for (const part of word) {
      if (part.t === "var" && expandString([part], state, this.expand) === undefined) {
        this.unresolved(`variable $${part.name}`);
      } else if (part.t === "sub") this.unresolved("command substitution");
    }
  }

  /** Records what the redirects read and write; returns the ones that write, with their file. */
  private redirects(redirs: Redirect[], state: ShellState, depth: number): OutputRedirect[] {
    const outputs: OutputRedirect[] = [];
    for (const redir of redirs) {
      if (!redir.target) continue;
      this.subs(redir.target, state, depth);
      const field = expandWord(redir.target, state, this.expand)[0];
      if (!field) continue;
      const op = redir.op;
      if ((op === ">&" || op === "<&") && /^(\d+-?|-)$/.test(field.text)) continue; // fd duplication
      if (op === "<<<") continue; // a here-string is data
      // `<` and `<&` read, `<>` reads and writes, the rest write (in that order).
      if (op === "<" || op === "<&" || op === "<>") this.path(field, "read", "redirect", state.cwd);
      if (op === "<" || op === "<&") continue;
      this.path(field, "write", "redirect", state.cwd, { keepsText: true }); // its text: written-scripts.ts
      outputs.push({ redir, field });
    }
    return outputs;
  }

  /** `$(pwd)`, `$(echo …)`, `$(printf %s …)`: output known without running anything (sub-value.ts). */
  subValue(script: Script, state: ShellState): string | undefined {
    return knownOutput(this, script, state);
  }
}
