// A small, conservative reader of sh/bash command lines for self-protection:
// the simple commands a line would run (nested `$(…)`, backticks, `<(…)` and
// `sh -c` strings included), each as words after quote removal, ANSI-C and
// backslash decoding, tilde, brace and known-variable expansion, with their
// redirects. What it cannot resolve is marked inexact rather than guessed:
// self-protection then treats the word by its text alone.
import type { Env } from "../paths.ts";

/** `^\d+$` as a loop: it runs before every redirect, and an expression would be compiled twice. */
export function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text[i]! < "0" || text[i]! > "9") return false;
  return text !== "";
}

export interface Word {
  text: string;
  /** False when part of the word is only known at run time (`$x`, `$(…)`). */
  exact: boolean;
  /** Unquoted `*`, `?` or `[` (the shell would expand it as a pattern). */
  glob: boolean;
}

export interface Redirect {
  op: string;
  target: Word;
}

export interface SimpleCommand {
  /** `NAME=value` words before the program. */
  assigns: Word[];
  words: Word[];
  redirects: Redirect[];
  /** Heredoc bodies: data for most programs, code for an interpreter (`python3 <<EOF`). */
  stdin?: string[];
  /** Its standard input is the previous command's output (`… | python3`). */
  piped?: boolean;
}

const MAX_DEPTH = 6;
const VAR_RE = /^[A-Za-z_][A-Za-z0-9_]*/;

export interface LexContext {
  env: Env;
  cwd: string;
  /** Variables assigned earlier on the line, by exact value. */
  vars: Map<string, string>;
}

/** Every simple command of `source`, nested ones after the command that holds them. */
export function simpleCommands(source: string, ctx: LexContext, depth = 0): SimpleCommand[] {
  const out: SimpleCommand[] = [];
  if (depth > MAX_DEPTH) {
    out.push({ assigns: [], words: [{ text: source, exact: false, glob: false }], redirects: [] });
    return out;
  }
  new Lexer(source, ctx, depth, out).run();
  return out;
}

class Lexer {
  private i = 0;
  private cmd: SimpleCommand = { assigns: [], words: [], redirects: [] };
  private text = "";
  private exact = true;
  private glob = false;
  private started = false;
  private brace = false;
  private redirect: string | undefined;
  private heredocs: Array<{ delimiter: string; quoted: boolean; strip: boolean; cmd: SimpleCommand }> = [];
  private piped = false;

  constructor(
    private readonly src: string,
    private readonly ctx: LexContext,
    private readonly depth: number,
    private readonly out: SimpleCommand[],
  ) {}

  run(): void {
    const { src } = this;
    while (this.i < src.length) {
      const c = src[this.i] as string;
      if (c === " " || c === "\t") {
        this.endWord();
        this.i++;
      } else if (c === "\n") {
        this.endWord();
        this.endCommand();
        this.i++;
        this.readHeredocs();
      } else if (c === ";" || c === "|" || c === "(" || c === ")") {
        this.endWord();
        this.endCommand();
        // `a | b` pipes; `a || b` does not.
        this.piped = c === "|" && src[this.i + 1] !== "|" && src[this.i - 1] !== "|";
        this.i++;
      } else if (c === "&") {
        if (src[this.i + 1] === ">") {
          this.endWord();
          this.i++;
          this.readRedirect(">");
        } else {
          this.endWord();
          this.endCommand();
          this.i++;
        }
      } else if (c === "#" && !this.started) {
        while (this.i < src.length && src[this.i] !== "\n") this.i++;
      } else if (c === "<" || c === ">") {
        // `2>`: the digits before the operator are a file descriptor, not a word.
        if (isDigits(this.text) && this.exact && !this.glob) this.reset();
        else this.endWord();
        this.readRedirect("");
      } else this.readWordPart();
    }
    this.endWord();
    this.endCommand();
  }

  private readWordPart(): void {
    const { src } = this;
    const c = src[this.i] as string;
    const fresh = !this.started;
    this.started = true;
    if (c === "'") {
      const end = src.indexOf("'", this.i + 1);
      this.text += src.slice(this.i + 1, end < 0 ? src.length : end);
      this.i = end < 0 ? src.length : end + 1;
    } else if (c === '"') {
      this.i++;
      this.readDoubleQuoted();
    } else if (c === "\\") {
      if (src[this.i + 1] === "\n") this.i += 2;
      else {
        this.text += src[this.i + 1] ?? "";
        this.i += 2;
      }
    } else if (c === "$") {
      this.readDollar(false);
    } else if (c === "`") {
      this.readBackticks();
    } else if (c === "~" && this.tildeAllowed(fresh)) {
      const home = this.ctx.env.HOME;
      if (home) this.text += home;
      else {
        this.text += "~";
        this.exact = false;
      }
      this.i++;
    } else {
      if (c === "*" || c === "?" || c === "[") this.glob = true;
      if (c === "{") this.brace = true;
      this.text += c;
      this.i++;
    }
  }

  /** `~` at a word's start, or after `=` in `NAME=~/…` / `--opt=~/…`. */
  private tildeAllowed(fresh: boolean): boolean {
    const next = this.src[this.i + 1];
    if (next !== undefined && !"/ \t\n:;|&)".includes(next)) return false;
    return fresh || (this.exact && /^(?:[A-Za-z_][A-Za-z0-9_]*|-{1,2}[\w-]+)=$/.test(this.text));
  }

  private readDoubleQuoted(): void {
    const { src } = this;
    while (this.i < src.length && src[this.i] !== '"') {
      const c = src[this.i] as string;
      if (c === "\\" && '"\\$`\n'.includes(src[this.i + 1] ?? "")) {
        if (src[this.i + 1] !== "\n") this.text += src[this.i + 1];
        this.i += 2;
      } else if (c === "$") this.readDollar(true);
      else if (c === "`") this.readBackticks();
      else {
        this.text += c;
        this.i++;
      }
    }
    this.i++;
  }

  private readDollar(quoted: boolean): void {
    const { src } = this;
    const next = src[this.i + 1];
    if (next === "'" && !quoted) {
      const { value, end } = ansiC(src, this.i + 2);
      this.text += value;
      this.i = end;
    } else if (next === '"' && !quoted) {
      this.i += 2;
      this.readDoubleQuoted();
    } else if (next === "(") {
      const arithmetic = src[this.i + 2] === "(";
      const end = matching(src, this.i + 1);
      if (!arithmetic) this.nested(src.slice(this.i + 2, end));
      this.exact = false;
      this.i = end + 1;
    } else if (next === "{") {
      const end = src.indexOf("}", this.i + 2);
      const inner = src.slice(this.i + 2, end < 0 ? src.length : end);
      this.expand(VAR_RE.exec(inner)?.[0] === inner ? inner : undefined, inner);
      this.i = end < 0 ? src.length : end + 1;
    } else {
      const name = VAR_RE.exec(src.slice(this.i + 1))?.[0];
      if (name) {
        this.expand(name, name);
        this.i += 1 + name.length;
      } else if (next !== undefined && "?$!#@*-0123456789".includes(next)) {
        this.exact = false;
        this.text += `$${next}`;
        this.i += 2;
      } else {
        this.text += "$";
        this.i++;
      }
    }
  }

  private expand(name: string | undefined, raw: string): void {
    const value = name === undefined ? undefined : (this.ctx.vars.get(name) ?? known(name, this.ctx));
    if (value === undefined) {
      this.exact = false;
      this.text += `\${${raw}}`;
    } else this.text += value;
  }

  private readBackticks(): void {
    const end = this.src.indexOf("`", this.i + 1);
    this.nested(this.src.slice(this.i + 1, end < 0 ? this.src.length : end).replace(/\\`/g, "`"));
    this.exact = false;
    this.i = end < 0 ? this.src.length : end + 1;
  }

  private readRedirect(prefix: string): void {
    const { src } = this;
    let op = prefix;
    while (this.i < src.length && "<>|&-".includes(src[this.i] as string) && op.length < 3) {
      if (src[this.i] === "-" && !op.startsWith("<<")) break;
      op += src[this.i];
      this.i++;
      if ((op === "<" || op === ">") && src[this.i] === "(") {
        // Process substitution: a command, not a file.
        const end = matching(src, this.i);
        this.nested(src.slice(this.i + 1, end));
        this.i = end + 1;
        this.started = true;
        this.exact = false;
        return;
      }
    }
    while (src[this.i] === " " || src[this.i] === "\t") this.i++;
    if (op.startsWith("<<") && op !== "<<<") {
      const start = this.i;
      while (this.i < src.length && !" \t\n;|&<>".includes(src[this.i] as string)) this.i++;
      const raw = src.slice(start, this.i);
      this.heredocs.push({ delimiter: raw.replace(/['"\\]/g, ""), quoted: /['"\\]/.test(raw), strip: op === "<<-", cmd: this.cmd });
      return;
    }
    this.redirect = op;
  }

  /** Heredoc bodies are data, except `$(…)` and backticks in an unquoted one, which run. */
  private readHeredocs(): void {
    for (const doc of this.heredocs.splice(0)) {
      const lines: string[] = [];
      while (this.i < this.src.length) {
        const nl = this.src.indexOf("\n", this.i);
        const line = this.src.slice(this.i, nl < 0 ? this.src.length : nl);
        this.i = nl < 0 ? this.src.length : nl + 1;
        if ((doc.strip ? line.replace(/^\t+/, "") : line) === doc.delimiter) break;
        lines.push(line);
      }
      const body = lines.join("\n");
      (doc.cmd.stdin ??= []).push(body);
      if (!doc.quoted) for (const inner of substitutions(body)) this.nested(inner);
    }
  }

  private nested(source: string): void {
    this.out.push(...simpleCommands(source, this.ctx, this.depth + 1));
  }

  private reset(): void {
    this.text = "";
    this.exact = true;
    this.glob = false;
    this.started = false;
    this.brace = false;
  }

  private endWord(): void {
    if (!this.started) return;
    const words = this.brace ? braces(this.text) : [this.text];
    // Indexed loops on this path: see "Loops" in docs/performance.md.
    for (let i = 0; i < words.length; i++) {
      const text = words[i]!;
      const word: Word = { text, exact: this.exact, glob: this.glob };
      if (this.redirect !== undefined) {
        this.cmd.redirects.push({ op: this.redirect, target: word });
      } else if (this.cmd.words.length === 0 && text.includes("=") && /^[A-Za-z_][A-Za-z0-9_]*=/.test(text)) this.cmd.assigns.push(word);
      else this.cmd.words.push(word);
    }
    this.redirect = undefined;
    this.reset();
  }

  private endCommand(): void {
    const { cmd } = this;
    if (cmd.words.length === 0 && cmd.assigns.length > 0) {
      // `d=.hookit; rm -rf $d`: a later word of the line can use the value.
      for (let i = 0; i < cmd.assigns.length; i++) {
        const assign = cmd.assigns[i]!;
        const eq = assign.text.indexOf("=");
        if (assign.exact) this.ctx.vars.set(assign.text.slice(0, eq), assign.text.slice(eq + 1));
      }
    }
    if (cmd.words.length > 0 || cmd.assigns.length > 0 || cmd.redirects.length > 0) {
      if (this.piped) cmd.piped = true;
      this.out.push(cmd);
    }
    this.piped = false;
    this.cmd = { assigns: [], words: [], redirects: [] };
  }
}

function known(name: string, ctx: LexContext): string | undefined {
  if (name === "PWD") return ctx.cwd;
  if (name === "HOME" || name === "USER" || name.startsWith("XDG_") || name === "CODEX_HOME" || name === "TMPDIR") return ctx.env[name];
  return undefined;
}

/** The index of the `)` matching the `(` at `open`, skipping quoted text. */
function matching(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") i++;
    else if (c === "'") i = Math.max(i, src.indexOf("'", i + 1));
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return src.length;
}

function substitutions(body: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "$" && body[i + 1] === "(") {
      const end = matching(body, i + 1);
      out.push(body.slice(i + 2, end));
      i = end;
    } else if (body[i] === "`") {
      const end = body.indexOf("`", i + 1);
      out.push(body.slice(i + 1, end < 0 ? body.length : end));
      i = end < 0 ? body.length : end;
    }
  }
  return out;
}

/** `a{b,c}d` → `abd`, `acd` (one level at a time, bounded). */
function braces(text: string, budget = 64): string[] {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(text);
  if (!match || budget <= 0) return [text];
  const head = text.slice(0, match.index);
  const tail = text.slice(match.index + match[0].length);
  return (match[1] as string).split(",").flatMap((part) => braces(head + part + tail, budget / 2));
}

/** Decodes `$'…'` from `start` (just after the quote). */
function ansiC(src: string, start: number): { value: string; end: number } {
  let value = "";
  let i = start;
  const simple: Record<string, string> = {
    n: "\n",
    t: "\t",
    r: "\r",
    a: "\x07",
    b: "\b",
    e: "\x1b",
    E: "\x1b",
    f: "\f",
    v: "\v",
    "\\": "\\",
    "'": "'",
    '"': '"',
    "?": "?",
  };
  while (i < src.length && src[i] !== "'") {
    if (src[i] !== "\\") {
      value += src[i++];
      continue;
    }
    const c = src[i + 1] ?? "";
    const hex = /^x([0-9a-fA-F]{1,2})/.exec(src.slice(i + 1));
    const uni = /^[uU]([0-9a-fA-F]{1,8})/.exec(src.slice(i + 1));
    const oct = /^([0-7]{1,3})/.exec(src.slice(i + 1));
    if (hex) {
      value += String.fromCharCode(parseInt(hex[1] as string, 16));
      i += 1 + hex[0].length;
    } else if (uni) {
      value += String.fromCodePoint(Math.min(parseInt(uni[1] as string, 16), 0x10ffff));
      i += 1 + uni[0].length;
    } else if (oct) {
      value += String.fromCharCode(parseInt(oct[1] as string, 8));
      i += 1 + oct[0].length;
    } else {
      value += simple[c] ?? `\\${c}`;
      i += 2;
    }
  }
  return { value, end: i + 1 };
}
