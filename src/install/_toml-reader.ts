// The character-level part of the TOML scanner (`toml.ts`): one cursor over the text that
// steps over keys, values and line ends the way TOML 1.0 defines them, and fails with the
// file, line and column of the first thing that is not TOML.
import { InstallError } from "./errors.ts";
import { lineStart } from "./splice.ts";

/** `file:line:column` of an offset, 1-based, for messages. */
export function where(text: string, offset: number, file: string): string {
  const line = text.slice(0, offset).split("\n").length;
  return `${file}:${line}:${offset - lineStart(text, offset) + 1}`;
}

const BARE_KEY_RE = /[A-Za-z0-9_-]+/y;
const SCALAR_RE = /[A-Za-z0-9_+\-.:]+/y;
const SCALARS = [
  /^(true|false|[+-]?(inf|nan))$/,
  /^[+-]?(0|[1-9](_?[0-9])*)(\.[0-9](_?[0-9])*)?([eE][+-]?[0-9](_?[0-9])*)?$/,
  /^0x[0-9A-Fa-f](_?[0-9A-Fa-f])*$|^0o[0-7](_?[0-7])*$|^0b[01](_?[01])*$/,
  /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?)?$/,
  /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/,
];

export class Reader {
  pos = 0;
  readonly text: string;
  readonly file: string;

  constructor(text: string, file: string) {
    this.text = text;
    this.file = file;
  }

  done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(ahead = 0): string | undefined {
    return this.text[this.pos + ahead];
  }

  fail(problem: string, at = this.pos): never {
    throw new InstallError(
      "E_MALFORMED",
      `${where(this.text, at, this.file)}: ${problem}. hookit changed nothing; fix the file and run the command again.`,
    );
  }

  skipSpaces(): void {
    while (this.peek() === " " || this.peek() === "\t") this.pos++;
  }

  skipComment(): void {
    if (this.peek() !== "#") return;
    const newline = this.text.indexOf("\n", this.pos);
    this.pos = newline === -1 ? this.text.length : newline;
    if (this.text[this.pos - 1] === "\r") this.pos--;
  }

  /** Spaces, comments and line breaks, as allowed inside arrays and between their items. */
  skipBlank(): void {
    for (;;) {
      this.skipSpaces();
      this.skipComment();
      if (this.peek() === "\n") this.pos++;
      else if (this.peek() === "\r" && this.peek(1) === "\n") this.pos += 2;
      else return;
    }
  }

  endOfLine(): void {
    this.skipSpaces();
    this.skipComment();
    if (this.done()) return;
    if (this.peek() === "\n") this.pos++;
    else if (this.peek() === "\r" && this.peek(1) === "\n") this.pos += 2;
    else this.fail("expected the end of the line");
  }

  expect(token: string, what: string): void {
    this.skipSpaces();
    if (!this.text.startsWith(token, this.pos)) this.fail(`expected ${what}`);
    this.pos += token.length;
  }

  /** A dotted key: bare, "basic" or 'literal' parts joined by dots. */
  key(): string[] {
    const parts: string[] = [];
    for (;;) {
      this.skipSpaces();
      const c = this.peek();
      if (c === '"' || c === "'") {
        const start = this.pos;
        this.string();
        parts.push(this.text.slice(start + 1, this.pos - 1));
      } else {
        BARE_KEY_RE.lastIndex = this.pos;
        const bare = BARE_KEY_RE.exec(this.text);
        if (!bare) this.fail("expected a key, a [table] header or a comment");
        parts.push(bare[0]);
        this.pos += bare[0].length;
      }
      this.skipSpaces();
      if (this.peek() !== ".") return parts;
      this.pos++;
    }
  }

  value(): void {
    const c = this.peek();
    if (c === '"' || c === "'") return this.string();
    if (c === "[") return this.array();
    if (c === "{") return this.inlineTable();
    const start = this.pos;
    SCALAR_RE.lastIndex = this.pos;
    let token = SCALAR_RE.exec(this.text)?.[0] ?? "";
    // A date-time may separate the date and the time with one space.
    if (/^\d{4}-\d{2}-\d{2}$/.test(token) && /^ \d{2}:/.test(this.text.slice(start + token.length))) {
      SCALAR_RE.lastIndex = start + token.length + 1;
      token += ` ${SCALAR_RE.exec(this.text)?.[0] ?? ""}`;
    }
    if (token === "" || !SCALARS.some((re) => re.test(token)))
      this.fail("expected a value (a string, number, boolean, date, array or inline table)", start);
    this.pos += token.length;
  }

  string(): void {
    const start = this.pos;
    const quote = this.peek() as '"' | "'";
    const multi = this.text.startsWith(quote.repeat(3), this.pos);
    this.pos += multi ? 3 : 1;
    for (;;) {
      if (this.done() || (!multi && (this.peek() === "\n" || this.peek() === "\r"))) this.fail("this string is not closed", start);
      if (quote === '"' && this.peek() === "\\") {
        this.pos += 2;
        continue;
      }
      if (multi && this.text.startsWith(quote.repeat(3), this.pos)) {
        this.pos += 3;
        // Up to two quotes may end the content right before the closing delimiter.
        for (let extra = 0; extra < 2 && this.peek() === quote; extra++) this.pos++;
        return;
      }
      this.pos++;
      if (!multi && this.text[this.pos - 1] === quote) return;
    }
  }

  array(): void {
    const start = this.pos++;
    for (;;) {
      this.skipBlank();
      if (this.done()) this.fail("this array is not closed", start);
      if (this.peek() === "]") {
        this.pos++;
        return;
      }
      this.value();
      this.skipBlank();
      if (this.done()) this.fail("this array is not closed", start);
      if (this.peek() === ",") this.pos++;
      else if (this.peek() !== "]") this.fail('expected "," or "]" in the array');
    }
  }

  inlineTable(): void {
    const start = this.pos++;
    this.skipBlank();
    if (this.peek() === "}") {
      this.pos++;
      return;
    }
    for (;;) {
      this.key();
      this.expect("=", '"=" after the key');
      this.skipSpaces();
      this.value();
      this.skipBlank();
      if (this.done()) this.fail("this inline table is not closed", start);
      if (this.peek() === "}") {
        this.pos++;
        return;
      }
      if (this.peek() !== ",") this.fail('expected "," or "}" in the inline table');
      this.pos++;
      this.skipBlank();
    }
  }
}
