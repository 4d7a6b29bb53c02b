// A recursive-descent bash parser, written for what a guard needs: it never throws, never
// backtracks more than a character, and records where it had to guess instead of failing
// (bench/parsers.md says why this beat tree-sitter and mvdan/sh here). Words keep their quoting,
// so expansion (expand.ts) can do what bash does: quote removal, `$'…'`, tilde, brace, variables, globs.
import type { Command, ParseResult, Pipeline, Redirect, Script, Simple, Word } from "./ast.ts";
import { closingOf, lit, NESTED_TOO_DEEP, redirectOpAt, WordReader } from "./parse-words.ts";

export { NESTED_TOO_DEEP, redirectOpAt } from "./parse-words.ts";

const PREFIX_KEYWORDS = new Set(["!", "time", "if", "then", "elif", "else", "do", "while", "until", "{", "coproc"]);
const CLOSING_KEYWORDS = new Set(["fi", "done", "esac", "}"]);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Sticky: matched at the parser's position, never on a copy of the rest of the input.
const EMPTY_PARENS = /\(\s*\)/y;
const KEYWORD = /(!|\{|\}|\[\[|[a-z]+)(?=$|[\s;&|()<>])/y;
const IN = /in(?=$|[\s;])/y;
const ESAC = /esac(?=$|[\s;&|)])/y;
const ASSIGNMENT = /([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=/y;

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
    parser.errors.push({ at: parser.pos, message: `unexpected "${source[parser.pos]}"` });
    parser.pos++;
    script.push(...parser.list(() => false));
  }
  return { script, errors: parser.errors, functions: parser.functions };
}

class Parser extends WordReader {
  private pending: Heredoc[] = [];

  protected fork(text: string): Parser {
    return new Parser(text, this.depth + 1, this.errors, this.functions);
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
    this.fail(`here-document "${doc.delim}" is not closed`);
    doc.redir.body = lines.join("\n");
    doc.redir.bodySubs = doc.quoted ? [] : this.bodySubs(doc.redir.body);
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
        this.fail(`unexpected "${this.peek()}"`);
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
      const opening = this.pos++;
      const body = this.list(() => false);
      if (this.peek() === ")") this.pos++;
      else this.fail("subshell is not closed", opening);
      return { t: "group", body, subshell: true, redirs: this.trailingRedirects() };
    }
    return this.simple();
  }

  private arithmeticCommand(): Simple {
    const text = this.balanced(2);
    return { t: "simple", assigns: [], redirs: [], data: true, ...this.dataSubs(text) };
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
        this.fail(`unexpected "("`);
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
        this.fail(`stray "${c}"`);
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
        this.fail(`unexpected "${c}"`);
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
    const data: Simple = { t: "simple", assigns: [], words: [subject], redirs: [], data: true };
    const body: Script = [{ cmds: [data] }];
    const endOfArm = () => this.at(";;") || this.at(";&") || this.match(ESAC) !== null;
    for (;;) {
      this.skipSpaceAndNewlines();
      if (this.done()) {
        this.fail("case is not closed");
        break;
      }
      if (this.match(ESAC)) {
        this.pos += 4;
        break;
      }
      if (this.peek() === "(") this.pos++;
      const before = this.pos;
      // The arm's patterns are data, but their substitutions run as the case tries them.
      while (!this.done() && this.peek() !== ")") {
        const start = this.pos;
        const pattern = this.word(false);
        if (this.pos === start) this.pos++;
        else data.words.push(pattern);
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

  private assignment(): { name: string; value: Word; elements?: Word[] } | undefined {
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
      return {
        name: m[1] as string,
        value: [{ t: "lit", v: "", q: true }, ...this.dataSubs(text).words.flat()],
        elements: this.arrayWords(text),
      };
    }
    // `BASH_ENV=<(…)`: the value is the substitution's file name
    const lead = (this.peek() === "<" || this.peek() === ">") && this.peek(1) === "(" ? [this.processSub()] : [];
    return { name: m[1] as string, value: [...lead, ...this.word(false)] };
  }

  private redirect(): Redirect | undefined {
    const m = redirectOpAt(this.src, this.pos);
    if (!m || ((m.op === "<" || m.op === ">") && this.src[this.pos + m.length] === "(" && !m.fd)) return undefined;
    this.pos += m.length;
    const op = m.op;
    this.blanks();
    const redir: Redirect = { op, ...(m.fd !== "" && { fd: m.fd }) };
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
}
