// The words of a bash command line, as the parser (parse.ts) reads them: quoting
// kept (single, double, `$'…'`, backslashes), and the expansions inside a word
// — `$name`, `${…}` with its operators, `$(…)`, backticks, `$((…))`, `<(…)` —
// each read into a part of its own, so expansion (expand.ts) can do what bash does.
// The grammar around the words (lists, pipelines, compound commands,
// redirects, here-documents) is the Parser's, which extends this reader.
import type { FunctionDef, ParseError, Part, Script, Word } from "./ast.ts";
import { ansiC } from "./ansi-c.ts";

/** How deep substitutions may nest before the reading stops (the facts turn it into the too-complex mark). */
const MAX_DEPTH = 24;
/** The parser's error past MAX_DEPTH. */
export const NESTED_TOO_DEEP = "nested too deep";
const META = new Set([" ", "\t", "\n", ";", "&", "|", "<", ">", "(", ")"]);
// Runs of characters with no meaning inside a word, consumed at once.
const PLAIN_RUN = /[^\s;&|<>()\\'"$`]+/y;
const TEST_RUN = /[^\s\]\\'"$`]+/y;
const QUOTED_RUN = /[^"\\$`]+/y;
const DOLLAR_NAME = /\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/y;
const BRACED_NAME = /([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])/y;
const BRACED_OP = /(:?[-=+?])/y;

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isNameStart = (c: string | undefined) => c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_");
const isNameChar = (c: string | undefined) => isNameStart(c) || isDigit(c);

export abstract class WordReader {
  pos = 0;
  constructor(
    readonly src: string,
    readonly depth: number,
    readonly errors: ParseError[],
    readonly functions: FunctionDef[],
  ) {}

  /** Notes a place the reader had to guess, and reads on. */
  protected fail(message: string, at: number = this.pos): void {
    this.errors.push({ at, message });
  }

  /** A reader of `text` one level deeper (a substitution, `${…}`'s word), sharing the errors and functions. */
  protected abstract fork(text: string): WordReader;
  /** A list of pipelines up to `stop`: the grammar's (parse.ts). */
  abstract list(stop: () => boolean): Script;

  protected peek(offset = 0): string {
    return this.src[this.pos + offset] ?? "";
  }

  protected match(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.pos;
    return re.exec(this.src);
  }

  protected at(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }

  protected done(): boolean {
    return this.pos >= this.src.length;
  }

  /** Spaces, tabs and line continuations. */
  protected blanks(): void {
    for (;;) {
      const c = this.peek();
      if (c === " " || c === "\t" || c === "\r") this.pos++;
      else if (c === "\\" && this.peek(1) === "\n") this.pos += 2;
      else return;
    }
  }

  protected skipTo(close: string): void {
    while (!this.done() && this.peek() !== close) this.pos++;
  }

  /** After `((`/`$((`: the text up to the matching `))`. */
  protected balanced(open: number): string {
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
    this.fail("arithmetic is not closed", start - open);
    return this.src.slice(start, this.pos);
  }

  /** Substitutions in text read like a double-quoted string (unquoted heredocs, arithmetic). */
  protected bodySubs(text: string): Script[] {
    if (!/[$`]/.test(text)) return [];
    const inner = this.fork(text);
    const parts = inner.doubleQuoted(true);
    return collectSubs(parts);
  }

  /** The words of an array's `( … )` (`a=(rm -rf ~/x)`): each an element, blanks, newlines and comments between. */
  protected arrayWords(text: string): Word[] {
    const inner = this.fork(text);
    const words: Word[] = [];
    for (;;) {
      inner.blanks();
      if (inner.peek() === "\n") inner.pos++;
      else if (inner.peek() === "#") inner.skipTo("\n");
      else if (inner.done()) return words;
      else {
        const start = inner.pos;
        const word = inner.word(false);
        if (inner.pos === start) return words;
        words.push(word);
      }
    }
  }

  protected nested(text: string): Script {
    if (this.depth >= MAX_DEPTH) {
      this.fail(NESTED_TOO_DEEP);
      return [];
    }
    const inner = this.fork(text);
    const script = inner.list(() => false);
    if (inner.pos < text.length) this.fail(`unexpected "${text[inner.pos]}" in a substitution`, inner.pos);
    return script;
  }

  protected processSub(): Part {
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
      // `a<(…)`, `-o>(sh)`: a process substitution inside a word is part of it, as bash reads it.
      if (!inTest && parts.length > 0 && (c === "<" || c === ">") && this.peek(1) === "(") {
        parts.push(this.processSub());
        continue;
      }
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
        if (end < 0) this.fail("unterminated single quote");
        const stop = end < 0 ? this.src.length : end;
        pushLit(parts, this.src.slice(this.pos + 1, stop), true);
        this.pos = stop + 1;
      } else if (c === "$" && this.peek(1) === "'") {
        this.pos += 2;
        const { text, end } = ansiC(this.src, this.pos);
        if (end >= this.src.length && this.src[end - 1] !== "'") this.fail("unterminated $'", this.pos - 2);
        pushLit(parts, text, true);
        this.pos = end;
      } else if (c === '"' || (c === "$" && this.peek(1) === '"')) {
        const opening = this.pos;
        this.pos += c === "$" ? 2 : 1;
        const inner = this.doubleQuoted(false);
        // `""` is an argument of its own (`grep "" .env`: the pattern is empty, `.env` is the file).
        if (inner.length === 0) pushLit(parts, "", true);
        parts.push(...inner);
        if (this.peek() === '"') this.pos++;
        else this.fail("unterminated double quote", opening);
      } else if (c === "$") {
        parts.push(this.dollar(false));
      } else if (c === "`") {
        parts.push(this.backtick(false));
      } else this.plainRun(parts, inTest ? TEST_RUN : PLAIN_RUN, false);
    }
    return parts;
  }

  /** Consumes a run of characters that mean nothing special here (at least one). */
  protected plainRun(parts: Part[], run: RegExp, q: boolean): void {
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

  protected dollar(q: boolean): Part {
    const start = this.pos;
    if (this.at("$((")) {
      const text = this.balanced(3);
      return { t: "arith", subs: this.bodySubs(text), q, src: this.src.slice(start, this.pos) };
    }
    if (this.at("$(")) {
      this.pos += 2;
      const script = this.depth >= MAX_DEPTH ? (this.fail(NESTED_TOO_DEEP, start), this.skipTo(")"), []) : this.list(() => false);
      if (this.peek() === ")") this.pos++;
      else this.fail("command substitution is not closed", start);
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

  protected braced(q: boolean, start: number): Part {
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
      const inner = this.fork(this.src);
      inner.pos = this.pos;
      arg = inner.braceWord();
      this.pos = inner.pos;
    } else if (!(name && this.peek() === "}")) {
      op = "other";
      const inner = this.fork(this.src);
      inner.pos = this.pos;
      arg = inner.braceWord();
      this.pos = inner.pos;
    }
    if (this.peek() === "}") this.pos++;
    else this.fail("${ is not closed", start);
    return { t: "var", name: name || "?", ...(op && { op }), ...(arg && { arg }), q, src: this.src.slice(start, this.pos) };
  }

  /** The word of `${name:-word}` up to the closing brace. */
  protected braceWord(): Word {
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

  protected backtick(q: boolean): Part {
    const start = this.pos++;
    let text = "";
    while (!this.done() && this.peek() !== "`") {
      if (this.peek() === "\\" && "`\\$".includes(this.peek(1)) && this.peek(1) !== "") {
        text += this.peek(1);
        this.pos += 2;
      } else text += this.src[this.pos++];
    }
    if (this.peek() === "`") this.pos++;
    else this.fail("unterminated backtick", start);
    return { t: "sub", script: this.nested(text), q, src: this.src.slice(start, this.pos) };
  }
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

/** Redirect operators, longest first where one starts another (the order bash reads them in). */
const REDIRECT_OPS = ["<<<", "<<-", "<<", "<>", "<&", ">>", ">&", ">|", "&>>", "&>", "<", ">"];

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

/** The index of the `}` or `)` that closes the one at `open`, outside quotes; -1 when none does. */
export function closingOf(src: string, open: number): number {
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
