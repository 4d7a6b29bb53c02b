// Walks a parsed script the way bash would run it — substitutions first, `cd`
// carried along a list, subshells and pipeline stages on a copy of the state —
// and records each simple command and each path it touches.
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command, Part, Redirect, Script, Simple, Word } from "./ast.ts";
import { expandString, expandWord, type ExpandContext, type Field, type ShellState } from "./expand.ts";
import { parseScript } from "./parse.ts";
import type { Places } from "./paths.ts";
import { runProgram } from "./programs.ts";
import { PathRecorder } from "./record.ts";
import type { Effect } from "./types.ts";

export type { PathOptions } from "./record.ts";

const MAX_DEPTH = 16;
const MAX_COMMANDS = 2000;

export class Walker extends PathRecorder {
  readonly expand: ExpandContext;

  constructor(at: Places, home: string, env: Readonly<Record<string, string | undefined>>) {
    super(at);
    this.expand = { home, env, subValue: (script, state) => this.subValue(script, state) };
  }

  script(script: Script, state: ShellState, via: string | undefined, depth: number): void {
    for (const pipeline of script) {
      if (pipeline.cmds.length === 1) { this.command(pipeline.cmds[0] as Command, state, via, depth); continue; }
      // Each stage runs in a subshell; what `echo`/`printf` print is the next stage's known input.
      let input: string | undefined;
      for (const cmd of pipeline.cmds) {
        this.command(cmd, copy(state), via, depth, input);
        input = cmd.t === "simple" && cmd.redirs.length === 0 ? this.subValue([{ cmds: [cmd] }], state) : undefined;
      }
    }
  }

  /** A string that a shell will parse again (`sh -c`, `eval`, `watch`, `env -S`). */
  shell(text: string, state: ShellState, via: string, depth: number): void {
    if (depth >= MAX_DEPTH) { this.unresolved("nested too deep"); return; }
    const parsed = parseScript(text);
    for (const error of parsed.errors) this.unresolved(`syntax: ${error}`);
    this.script(parsed.script, state, via, depth + 1);
  }

  private command(cmd: Command, state: ShellState, via: string | undefined, depth: number, input?: string): void {
    if (this.facts.commands.length >= MAX_COMMANDS) { this.unresolved("too many commands"); return; }
    if (cmd.t === "group") {
      const inner = cmd.subshell ? copy(state) : state;
      this.script(cmd.body, inner, via, depth);
      this.redirects(cmd.redirs, state, depth);
      return;
    }
    this.simple(cmd, state, via, depth, input);
  }

  private simple(cmd: Simple, state: ShellState, via: string | undefined, depth: number, piped?: string): void {
    // Substitutions run first, each in a subshell.
    for (const word of [...cmd.words, ...cmd.assigns.flatMap((a) => (a.value ? [a.value] : []))]) this.subs(word, state, depth);
    for (const redir of cmd.redirs) for (const script of redir.bodySubs ?? []) this.script(script, copy(state), "$()", depth + 1);
    this.redirects(cmd.redirs, state, depth);
    if (cmd.data) {
      for (const a of cmd.assigns) state.vars.set(a.name, null);
      return;
    }
    const argv = cmd.words.flatMap((word) => expandWord(word, state, this.expand));
    if (argv.length === 0) {
      for (const a of cmd.assigns) state.vars.set(a.name, a.value ? expandString(a.value, state, this.expand) ?? null : null);
      return;
    }
    for (const word of cmd.words) this.noteUnknown(word, state);
    this.run(argv, state, via, depth, this.stdinOf(cmd, state) ?? piped);
  }

  /** The text on a command's standard input when it is written in the command (`<<<`, here-documents). */
  private stdinOf(cmd: Simple, state: ShellState): string | undefined {
    let text: string | undefined;
    for (const redir of cmd.redirs) {
      if (redir.op === "<<<" && redir.target) text = expandString(redir.target, state, this.expand);
      else if (redir.op === "<<" || redir.op === "<<-") text = redir.body;
      else if (redir.op === "<" || redir.op === "<>") text = undefined;
    }
    return text;
  }

  /** One command line after expansion: record it, then what its program does. */
  run(argv: Field[], state: ShellState, via: string | undefined, depth: number, stdin?: string): void {
    const first = argv[0];
    if (!first) return;
    const program = first.resolved ? basename(first.text) : "";
    if (!first.resolved) this.unresolved(`program: ${first.text}`);
    this.facts.commands.push({
      argv: argv.map((f) => f.text), program, cwd: state.cwd,
      ...(via && { via }), ...(argv.some((f) => !f.resolved) && { unresolved: true as const }),
    });
    if (depth >= MAX_DEPTH) { this.unresolved("nested too deep"); return; }
    runProgram(program, argv.slice(1), { walker: this, state, depth, ...(stdin !== undefined && { stdin }) });
  }

  private subs(word: Word, state: ShellState, depth: number): void {
    for (const part of word) this.partSubs(part, state, depth);
  }

  private partSubs(part: Part, state: ShellState, depth: number): void {
    if (part.t === "sub" || part.t === "proc") this.script(part.script, copy(state), "$()", depth + 1);
    else if (part.t === "arith") for (const s of part.subs) this.script(s, copy(state), "$()", depth + 1);
    else if (part.t === "var" && part.arg) this.subs(part.arg, state, depth);
  }

  private noteUnknown(word: Word, state: ShellState): void {
    for (const part of word) {
      if (part.t === "var" && expandString([part], state, this.expand) === undefined) {
        this.unresolved(`variable $${part.name}`);
      } else if (part.t === "sub") this.unresolved("command substitution");
    }
  }

  private redirects(redirs: Redirect[], state: ShellState, depth: number): void {
    for (const redir of redirs) {
      if (!redir.target) continue;
      this.subs(redir.target, state, depth);
      const [field] = expandWord(redir.target, state, this.expand);
      if (!field) continue;
      const op = redir.op;
      if ((op === ">&" || op === "<&") && /^(\d+-?|-)$/.test(field.text)) continue; // fd duplication
      if (op === "<<<") continue; // a here-string is data
      const effects: Effect[] = op === "<" || op === "<&" ? ["read"] : op === "<>" ? ["read", "write"] : ["write"];
      for (const effect of effects) this.path(field, effect, "redirect", state.cwd);
    }
  }

  /** `$(pwd)`, `$(echo …)`, `$(printf %s …)`: output known without running anything. */
  subValue(script: Script, state: ShellState): string | undefined {
    const only = script.length === 1 && script[0]?.cmds.length === 1 ? script[0].cmds[0] : undefined;
    if (!only || only.t !== "simple" || only.redirs.length > 0 || only.assigns.length > 0 || only.data) return undefined;
    const argv = only.words.flatMap((w) => expandWord(w, state, this.expand));
    if (argv.some((f) => !f.resolved)) return undefined;
    const [program, ...args] = argv.map((f) => f.text);
    if (program === "pwd" && args.length === 0) return state.cwd ?? undefined;
    if (program === "echo" && !args.some((a) => a.startsWith("-"))) return args.join(" ");
    if (program === "printf" && args[0] === "%s") return args.slice(1).join("");
    // A fresh name in the temp directory (unless told to make it elsewhere).
    if (program === "mktemp" && args.every((a) => /^-[dqtu]+$/.test(a))) return join(this.expand.env.TMPDIR || tmpdir(), "tmp.mktemp");
    return undefined;
  }
}

export function copy(state: ShellState): ShellState {
  return { cwd: state.cwd, oldpwd: state.oldpwd, vars: new Map(state.vars) };
}

function basename(text: string): string {
  const trimmed = text.replace(/\/+$/, "");
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}
