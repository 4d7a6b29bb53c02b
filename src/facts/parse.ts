// A recursive-descent bash parser, written for what a guard needs: it never
// throws, never backtracks more than a character, and records where it had to
// guess instead of failing (bench/parsers.md says why this beat tree-sitter
// and mvdan/sh here). Words keep their quoting, so expansion (expand.ts) can
// do what bash does: quote removal, `$'…'`, tilde, brace, variables, globs.
import type { Command, FunctionDef, Part, ParseResult, Pipeline, Redirect, Script, Simple, Word } from "./ast.ts";
import { ansiC } from "./ansi-c.ts";

const MAX_DEPTH = 24;
/** The parser's error past MAX_DEPTH (the facts turn it into the too-complex mark). */
export const NESTED_TOO_DEEP = "nested too deep";
const META = new Set([" ", "\t", "\n", ";", "&", "|", "<", ">", "(", ")"]);
const PREFIX_KEYWORDS = new Set(["!", "time", "if", "then", "elif", "else", "do", "while", "until", "{", "coproc"]);
const CLOSING_KEYWORDS = new Set(["fi", "done", "esac", "}"]);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Runs of characters with no meaning inside a word, consumed at once.
const PLAIN_RUN = /[^\s;&|<>()\\'"$`]+/y;
const TEST_RUN = /[^\s\]\\'"$`]+/y;
const QUOTED_RUN = /[^"\\$`]+/y;
// Sticky: matched at the parser's position, never on a copy of the rest of the input.
const EMPTY_PARENS = /\(\s*\)/y;
const KEYWORD = /(!|\{|\}|\[\[|[a-z]+)(?=$|[\s;&|()<>])/y;
const IN = /in(?=$|[\s;])/y;
const ESAC = /esac(?=$|[\s;&|)])/y;
const ASSIGNMENT = /([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=/y;
/** Redirect operators, longest first where one starts another (the order bash reads them in). */
const REDIRECT_OPS = ["<<<", "<<-", "<<", "<>", "<&", ">>", ">&", ">|", "&>>", "&>", "<", ">"];
const DOLLAR_NAME = /\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/y;
const BRACED_NAME = /([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])/y;
const BRACED_OP = /(:?[-=+?])/y;

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isNameStart = (c: string | undefined) => c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_");
const isNameChar = (c: string | undefined) => isNameStart(c) || isDigit(c);

/**
 * The redirect at `pos` — `(\d+|\{name\})?` then an operator — as
 * `/(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})?(<<<|<<-|<<|<>|<&|>>|>&|>\||&>>|&>|<|>)/y`
 * reads it. Spelled out: it is tried at every word, and an expression would be
 * compiled twice (test/facts/parse-redirect.test.ts checks both agree).
 */
export function redirectOpAt(src: string, pos: number): { fd: string; op: string; length: number } | undefined {
  let i = pos;
  if (isDigit(src[i])) while (isDigit(src[i])) i++;
  else if (src[i] === "{" && isNameStart(src[i + 1])) {
    let j = i + 2;
    while (isNameChar(src[j])) j++;
    if (src[j] === "}") i = j + 1;
  }
  const op = REDIRECT_OPS.find((candidate) => src.startsWith(candidate, i));
  return op === undefined ? undefined : { fd: src.slice(pos, i), op, length: i - pos + op.length };
}

interface Heredoc {
  redir: Redirect;
  delim: string;
  strip: boolean;
  quoted: boolean;
}

export function parseScript(source: string): ParseResult {
  const parser = new Parser(source, 0, [], []);
  const script = parser.list(() => false);
  // A stray `)`: note it and read on, so nothing after it goes unseen.
  while (parser.pos < source.length) {
    parser.errors.push(`unexpected "${source[parser.pos]}" at ${parser.pos}`);
    parser.pos++;
    script.push(...parser.list(() => false));
  }
  return { script, errors: parser.errors, functions: parser.functions };
}

class Parser {
  pos = 0;
  private pending: Heredoc[] = [];
  constructor(
    readonly src: string,
    readonly depth: number,
    readonly errors: string[],
    readonly functions: FunctionDef[],
  ) {}

  private peek(offset = 0): string {
    return this.src[this.pos + offset] ?? "";
  }
  private match(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.pos;
    return re.exec(this.src);
  }
  private at(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }
  private done(): boolean {
    return this.pos >= this.src.length;
  }

  private nested(text: string): Script {
    if (this.depth >= MAX_DEPTH) {
      this.errors.push(NESTED_TOO_DEEP);
      return [];
    }
    const inner = new Parser(text, this.depth + 1, this.errors, this.functions);
    const script = inner.list(() => false);
    if (inner.pos < text.length) this.errors.push(`unexpected "${text[inner.pos]}" in a substitution`);
    return script;
  }

  /** Spaces, tabs and line continuations. */
  private blanks(): void {
    for (;;) {
      const c = this.peek();
      if (c === " " || c === "\t" || c === "\r") this.pos++;
      else if (c === "\\" && this.peek(1) === "\n") this.pos += 2;
      else return;
    }
  }

  private comment(): void {
    while (!this.done() && this.peek() !== "\n") this.pos++;
  }

  /** Consumes a newline, then the bodies of the here-documents started on that line. */
  private newline(): void {
    this.pos++;
    const pending = this.pending;
    this.pending = [];
    for (const doc of pending) this.heredocBody(doc);
  }

  private heredocBody(doc: Heredoc): void {
    const lines: string[] = [];
    while (!this.done()) {
      let end = this.src.indexOf("\n", this.pos);
      if (end < 0) end = this.src.length;
      const raw = this.src.slice(this.pos, end);
      this.pos = Math.min(end + 1, this.src.length);
      const line = doc.strip ? raw.replace(/^\t+/, "") : raw;
      if (line === doc.delim) {
        doc.redir.body = lines.join("\n");
        doc.redir.bodySubs = doc.quoted ? [] : this.bodySubs(doc.redir.body);
        return;
      }
      lines.push(line);
    }
    this.errors.push(`here-document "${doc.delim}" is not closed`);
    doc.redir.body = lines.join("\n");
    doc.redir.bodySubs = doc.quoted ? [] : this.bodySubs(doc.redir.body);
  }

  /** Substitutions in text read like a double-quoted string (unquoted heredocs, arithmetic). */
  private bodySubs(text: string): Script[] {
    if (!/[$`]/.test(text)) return [];
    const inner = new Parser(text, this.depth + 1, this.errors, this.functions);
    const parts = inner.doubleQuoted(true);
    return collectSubs(parts);
  }

  /** A list of pipelines joined by `;`, `&`, `&&`, `||` and newlines, up to `stop`. */
  list(stop: () => boolean): Script {
    const script: Script = [];
    for (;;) {
      const before = this.pos;
      this.separators();
      if (this.done() || this.peek() === ")" || stop()) break;
      const pipeline = this.pipeline();
      if (pipeline.cmds.length > 0) script.push(pipeline);
      this.blanks();
      if (this.at("&&") || this.at("||")) {
        this.pos += 2;
        continue;
      }
      if (this.pos === before) {
        this.errors.push(`unexpected "${this.peek()}" at ${this.pos}`);
        this.pos++;
      }
    }
    return script;
  }

  private separators(): void {
    for (;;) {
      this.blanks();
      const c = this.peek();
      if (c === "\n") this.newline();
      else if (c === "#") this.comment();
      else if ((c === ";" && this.peek(1) !== ";") || (c === "&" && this.peek(1) !== "&" && this.peek(1) !== ">")) this.pos++;
      else return;
    }
  }

  private pipeline(): Pipeline {
    const cmds: Command[] = [];
    for (;;) {
      const cmd = this.command();
      if (cmd) cmds.push(cmd);
      this.blanks();
      if (this.at("||") || !(this.at("|&") || this.peek() === "|")) break;
      this.pos += this.at("|&") ? 2 : 1;
      while ((this.blanks(), this.peek() === "\n" || this.peek() === "#")) this.peek() === "#" ? this.comment() : this.newline();
    }
    return { cmds };
  }

  private command(): Command | undefined {
    this.blanks();
    if (this.at("((")) return this.arithmeticCommand();
    if (this.peek() === "(") {
      this.pos++;
      const body = this.list(() => false);
      if (this.peek() === ")") this.pos++;
      else this.errors.push("subshell is not closed");
      return { t: "group", body, subshell: true, redirs: this.trailingRedirects() };
    }
    return this.simple();
  }

  private arithmeticCommand(): Simple {
    const text = this.balanced(2);
    return { t: "simple", assigns: [], redirs: [], data: true, ...this.dataSubs(text) };
  }

  /** After `((`/`$((`: the text up to the matching `))`. */
  private balanced(open: number): string {
    this.pos += open;
    const start = this.pos;
    let depth = 0;
    while (!this.done()) {
      const c = this.peek();
      if (c === "(") depth++;
      else if (c === ")") {
        if (depth === 0 && this.peek(1) === ")") {
          const text = this.src.slice(start, this.pos);
          this.pos += 2;
          return text;
        }
        if (depth === 0) break;
        depth--;
      }
      this.pos++;
    }
    this.errors.push("arithmetic is not closed");
    return this.src.slice(start, this.pos);
  }

  private dataSubs(text: string): { words: Word[] } {
    return { words: this.bodySubs(text).map((script) => [{ t: "sub", script, q: true, src: "" }]) };
  }

  private trailingRedirects(): Redirect[] {
    const redirs: Redirect[] = [];
    for (;;) {
      this.blanks();
      const redir = this.redirect();
      if (!redir) return redirs;
      redirs.push(redir);
    }
  }

  private simple(): Command | undefined {
    const cmd: Simple = { t: "simple", assigns: [], words: [], redirs: [] };
    for (;;) {
      this.blanks();
      const c = this.peek();
      if (this.done() || c === "\n" || c === ";" || c === "|" || c === ")" || (c === "&" && this.peek(1) !== ">")) break;
      if (c === "#") {
        this.comment();
        break;
      }
      if (c === "(") {
        // `name() body`: a function definition; its body is parsed as the next command.
        if (cmd.words.length === 1 && this.match(EMPTY_PARENS)) {
          this.pos = this.src.indexOf(")", this.pos) + 1;
          this.functionDef(lit(cmd.words[0]!));
          return cmd.redirs.length ? cmd : undefined;
        }
        if (cmd.words.length === 0 && cmd.assigns.length === 0) return this.command();
        this.errors.push(`unexpected "(" at ${this.pos}`);
        this.pos++;
        continue;
      }
      const redir = this.redirect();
      if (redir) {
        cmd.redirs.push(redir);
        continue;
      }
      if ((c === "<" || c === ">") && this.peek(1) === "(") {
        cmd.words.push([this.processSub()]);
        continue;
      }
      if (c === "<" || c === ">" || c === "&") {
        this.errors.push(`stray "${c}"`);
        this.pos++;
        continue;
      }
      if (cmd.words.length === 0 && cmd.assigns.length === 0) {
        const keyword = this.keyword();
        if (keyword !== undefined) {
          const handled = this.compound(keyword, cmd);
          if (handled !== "continue") return handled;
          continue;
        }
        const assign = this.assignment();
        if (assign) {
          cmd.assigns.push(assign);
          continue;
        }
      } else if (cmd.words.length === 0) {
        const assign = this.assignment();
        if (assign) {
          cmd.assigns.push(assign);
          continue;
        }
      }
      const start = this.pos;
      const word = this.word(false);
      if (this.pos === start) {
        this.errors.push(`unexpected "${c}" at ${this.pos}`);
        this.pos++;
        continue;
      }
      cmd.words.push(word);
    }
    return cmd.words.length || cmd.assigns.length || cmd.redirs.length ? cmd : undefined;
  }

  /** A reserved word at command position, if one is there. */
  private keyword(): string | undefined {
    const m = this.match(KEYWORD);
    if (!m) return undefined;
    const word = m[1] as string;
    return PREFIX_KEYWORDS.has(word) || CLOSING_KEYWORDS.has(word) || ["for", "select", "case", "function", "[["].includes(word)
      ? word
      : undefined;
  }

  private compound(keyword: string, cmd: Simple): Simple | Command | undefined | "continue" {
    this.pos += keyword.length;
    if (PREFIX_KEYWORDS.has(keyword)) {
      if (keyword === "time") {
        this.blanks();
        if (this.at("-p ")) this.pos += 2;
      }
      return "continue";
    }
    if (CLOSING_KEYWORDS.has(keyword)) {
      cmd.redirs.push(...this.trailingRedirects());
      return cmd.redirs.length ? cmd : undefined;
    }
    if (keyword === "function") {
      this.blanks();
      const name = this.word(false);
      this.blanks();
      if (this.match(EMPTY_PARENS)) this.pos = this.src.indexOf(")", this.pos) + 1;
      if (name) this.functionDef(lit(name));
      return "continue";
    }
    if (keyword === "[[") return this.testCommand();
    if (keyword === "case") return this.caseCommand();
    return this.forCommand();
  }

  /**
   * After `name()`: the body's source, `{ … }` or `( … )`, kept for the calls (walk.ts runs it again
   * with their arguments). The parse goes on into the body as before, which reads it once as written.
   */
  private functionDef(name: string): void {
    let at = this.pos;
    while (at < this.src.length && /\s/.test(this.src[at]!)) at++;
    const open = this.src[at];
    if (name === "" || (open !== "{" && open !== "(")) return;
    const end = closingOf(this.src, at);
    if (end > at) this.functions.push({ name, body: this.src.slice(at + 1, end) });
  }

  private testCommand(): Simple {
    const words: Word[] = [];
    for (;;) {
      this.blanks();
      if (this.done() || this.peek() === "\n") break;
      if (this.at("]]")) {
        this.pos += 2;
        break;
      }
      const start = this.pos;
      words.push(this.word(true));
      if (this.pos === start) this.pos++;
    }
    return { t: "simple", assigns: [], words, redirs: [], data: true };
  }

  private forCommand(): Simple {
    this.blanks();
    if (this.at("((")) return this.arithmeticCommand();
    const name = lit(this.word(false));
    const words: Word[] = [];
    this.skipSpaceAndNewlines();
    if (this.match(IN)) {
      this.pos += 2;
      for (;;) {
        this.blanks();
        const c = this.peek();
        if (this.done() || c === "\n" || c === ";" || c === "&" || c === "|" || c === ")") break;
        const start = this.pos;
        words.push(this.word(false));
        if (this.pos === start) this.pos++;
      }
    }
    return { t: "simple", assigns: NAME.test(name) ? [{ name, value: null }] : [], words, redirs: [], data: true };
  }

  private caseCommand(): Command {
    this.blanks();
    const subject = this.word(false);
    this.skipSpaceAndNewlines();
    if (this.match(IN)) this.pos += 2;
    const body: Script = [{ cmds: [{ t: "simple", assigns: [], words: [subject], redirs: [], data: true }] }];
    const endOfArm = () => this.at(";;") || this.at(";&") || this.match(ESAC) !== null;
    for (;;) {
      this.skipSpaceAndNewlines();
      if (this.done()) {
        this.errors.push("case is not closed");
        break;
      }
      if (this.match(ESAC)) {
        this.pos += 4;
        break;
      }
      if (this.peek() === "(") this.pos++;
      const before = this.pos;
      while (!this.done() && this.peek() !== ")") {
        const start = this.pos;
        this.word(false);
        if (this.pos === start) this.pos++;
      }
      if (this.peek() === ")") this.pos++;
      body.push(...this.list(endOfArm));
      if (this.at(";;&")) this.pos += 3;
      else if (this.at(";;") || this.at(";&")) this.pos += 2;
      if (this.pos === before) this.pos++;
    }
    return { t: "group", body, subshell: false, redirs: this.trailingRedirects() };
  }

  private skipSpaceAndNewlines(): void {
    for (;;) {
      this.blanks();
      if (this.peek() === "\n") this.newline();
      else if (this.peek() === "#") this.comment();
      else return;
    }
  }

  private assignment(): { name: string; value: Word } | undefined {
    // No `=` ahead, no assignment: most words are spared the expression.
    if (!this.src.includes("=", this.pos)) return undefined;
    const m = this.match(ASSIGNMENT);
    if (!m) return undefined;
    this.pos += m[0].length;
    if (this.peek() === "(") {
      // An array: its elements are data here, their substitutions still run.
      const start = ++this.pos;
      let depth = 0;
      while (!this.done() && !(this.peek() === ")" && depth === 0)) {
        if (this.peek() === "(") depth++;
        if (this.peek() === ")") depth--;
        this.pos++;
      }
      const text = this.src.slice(start, this.pos);
      if (this.peek() === ")") this.pos++;
      return { name: m[1] as string, value: [{ t: "lit", v: "", q: true }, ...this.dataSubs(text).words.flat()] };
    }
    return { name: m[1] as string, value: this.word(false) };
  }

  private redirect(): Redirect | undefined {
    const m = redirectOpAt(this.src, this.pos);
    if (!m || ((m.op === "<" || m.op === ">") && this.src[this.pos + m.length] === "(" && !m.fd)) return undefined;
    this.pos += m.length;
    const op = m.op;
    this.blanks();
    const redir: Redirect = { op };
    if (op === "<<" || op === "<<-") {
      const word = this.word(false);
      const quoted = word.some((p) => p.t === "lit" && p.q);
      this.pending.push({ redir, delim: lit(word), strip: op === "<<-", quoted });
      redir.bodySubs = [];
      return redir;
    }
    // `< <(find …)`: the file is a process substitution.
    const proc = (this.peek() === "<" || this.peek() === ">") && this.peek(1) === "(";
    redir.target = proc ? [this.processSub()] : this.word(false);
    return redir;
  }

  private processSub(): Part {
    const start = this.pos;
    this.pos += 2;
    const script = this.list(() => false);
    if (this.peek() === ")") this.pos++;
    return { t: "proc", script, src: this.src.slice(start, this.pos) };
  }

  /** One word up to an unquoted metacharacter; in `[[ ]]` only blanks end it. */
  word(inTest: boolean): Word {
    const parts: Part[] = [];
    while (!this.done()) {
      const c = this.peek();
      if (inTest ? c === " " || c === "\t" || c === "\n" || this.at("]]") : META.has(c)) break;
      if (c === "\\") {
        if (this.peek(1) === "\n") {
          this.pos += 2;
          continue;
        }
        pushLit(parts, this.peek(1) || "\\", true);
        this.pos += this.peek(1) ? 2 : 1;
      } else if (c === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        if (end < 0) this.errors.push("unterminated single quote");
        const stop = end < 0 ? this.src.length : end;
        pushLit(parts, this.src.slice(this.pos + 1, stop), true);
        this.pos = stop + 1;
      } else if (c === "$" && this.peek(1) === "'") {
        this.pos += 2;
        const { text, end } = ansiC(this.src, this.pos);
        if (end >= this.src.length && this.src[end - 1] !== "'") this.errors.push("unterminated $'");
        pushLit(parts, text, true);
        this.pos = end;
      } else if (c === '"' || (c === "$" && this.peek(1) === '"')) {
        this.pos += c === "$" ? 2 : 1;
        const inner = this.doubleQuoted(false);
        // `""` is an argument of its own (`grep "" .env`: the pattern is empty, `.env` is the file).
        if (inner.length === 0) pushLit(parts, "", true);
        parts.push(...inner);
        if (this.peek() === '"') this.pos++;
        else this.errors.push("unterminated double quote");
      } else if (c === "$") {
        parts.push(this.dollar(false));
      } else if (c === "`") {
        parts.push(this.backtick(false));
      } else this.plainRun(parts, inTest ? TEST_RUN : PLAIN_RUN, false);
    }
    return parts;
  }

  /** Consumes a run of characters that mean nothing special here (at least one). */
  private plainRun(parts: Part[], run: RegExp, q: boolean): void {
    const m = this.match(run);
    const text = m?.[0] ? m[0] : this.peek();
    pushLit(parts, text, q);
    this.pos += text.length;
  }

  /** Inside `"…"` (or a whole unquoted here-document body when `toEnd`). */
  doubleQuoted(toEnd: boolean): Part[] {
    const parts: Part[] = [];
    while (!this.done()) {
      const c = this.peek();
      if (c === '"' && !toEnd) break;
      if (c === "\\") {
        const n = this.peek(1);
        if (n === "\n") {
          this.pos += 2;
          continue;
        }
        if (n === "$" || n === "`" || n === '"' || n === "\\") {
          pushLit(parts, n, true);
          this.pos += 2;
          continue;
        }
        pushLit(parts, "\\", true);
        this.pos++;
      } else if (c === "$") parts.push(this.dollar(true));
      else if (c === "`") parts.push(this.backtick(true));
      else this.plainRun(parts, QUOTED_RUN, true);
    }
    return parts;
  }

  private dollar(q: boolean): Part {
    const start = this.pos;
    if (this.at("$((")) {
      const text = this.balanced(3);
      return { t: "arith", subs: this.bodySubs(text), q, src: this.src.slice(start, this.pos) };
    }
    if (this.at("$(")) {
      this.pos += 2;
      const script = this.depth >= MAX_DEPTH ? (this.errors.push(NESTED_TOO_DEEP), this.skipTo(")"), []) : this.list(() => false);
      if (this.peek() === ")") this.pos++;
      else this.errors.push("command substitution is not closed");
      return { t: "sub", script, q, src: this.src.slice(start, this.pos) };
    }
    if (this.at("${")) return this.braced(q, start);
    const m = this.match(DOLLAR_NAME);
    if (!m) {
      this.pos++;
      return { t: "lit", v: "$", q };
    }
    this.pos += m[0].length;
    return { t: "var", name: m[1] as string, q, src: m[0] };
  }

  private skipTo(close: string): void {
    while (!this.done() && this.peek() !== close) this.pos++;
  }

  private braced(q: boolean, start: number): Part {
    this.pos += 2;
    const m = this.match(BRACED_NAME);
    const name = m && this.src[this.pos - 1] === "{" ? (m[1] as string) : "";
    this.pos += name.length;
    const opMatch = this.match(BRACED_OP);
    let op: string | undefined;
    let arg: Word | undefined;
    if (name && opMatch) {
      op = opMatch[1] as string;
      this.pos += op.length;
      const inner = new Parser(this.src, this.depth + 1, this.errors, this.functions);
      inner.pos = this.pos;
      arg = inner.braceWord();
      this.pos = inner.pos;
    } else if (!(name && this.peek() === "}")) {
      op = "other";
      const inner = new Parser(this.src, this.depth + 1, this.errors, this.functions);
      inner.pos = this.pos;
      arg = inner.braceWord();
      this.pos = inner.pos;
    }
    if (this.peek() === "}") this.pos++;
    else this.errors.push("${ is not closed");
    return { t: "var", name: name || "?", ...(op && { op }), ...(arg && { arg }), q, src: this.src.slice(start, this.pos) };
  }

  /** The word of `${name:-word}` up to the closing brace. */
  private braceWord(): Word {
    const parts: Part[] = [];
    while (!this.done() && this.peek() !== "}") {
      const c = this.peek();
      if (c === '"') {
        this.pos++;
        parts.push(...this.doubleQuoted(false));
        if (this.peek() === '"') this.pos++;
      } else if (c === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        const stop = end < 0 ? this.src.length : end;
        pushLit(parts, this.src.slice(this.pos + 1, stop), true);
        this.pos = stop + 1;
      } else if (c === "$") parts.push(this.dollar(false));
      else if (c === "`") parts.push(this.backtick(false));
      else if (c === "\\") {
        pushLit(parts, this.peek(1), true);
        this.pos += 2;
      } else {
        pushLit(parts, c, false);
        this.pos++;
      }
    }
    return parts;
  }

  private backtick(q: boolean): Part {
    const start = this.pos++;
    let text = "";
    while (!this.done() && this.peek() !== "`") {
      if (this.peek() === "\\" && "`\\$".includes(this.peek(1)) && this.peek(1) !== "") {
        text += this.peek(1);
        this.pos += 2;
      } else text += this.src[this.pos++];
    }
    if (this.peek() === "`") this.pos++;
    else this.errors.push("unterminated backtick");
    return { t: "sub", script: this.nested(text), q, src: this.src.slice(start, this.pos) };
  }
}

/** The index of the `}` or `)` that closes the one at `open`, outside quotes; -1 when none does. */
function closingOf(src: string, open: number): number {
  const close = src[open] === "{" ? "}" : ")";
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") i++;
    else if (c === "'") i = src.indexOf("'", i + 1) < 0 ? src.length : src.indexOf("'", i + 1);
    else if (c === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === "\\") i++;
    } else if (c === src[open]) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return -1;
}

function pushLit(parts: Part[], v: string, q: boolean): void {
  const last = parts[parts.length - 1];
  if (last && last.t === "lit" && last.q === q) last.v += v;
  else parts.push({ t: "lit", v, q });
}

/** A word's text when it is all literal (delimiters, names); substitutions drop out. */
export function lit(word: Word): string {
  return word.map((p) => (p.t === "lit" ? p.v : p.src)).join("");
}

function collectSubs(parts: Part[]): Script[] {
  const out: Script[] = [];
  for (const p of parts) {
    if (p.t === "sub" || p.t === "proc") out.push(p.script);
    else if (p.t === "arith") out.push(...p.subs);
    else if (p.t === "var" && p.arg) out.push(...collectSubs(p.arg));
  }
  return out;
}
