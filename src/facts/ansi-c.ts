// Bash's `$'…'` quoting: the escapes decoded exactly as bash does, so that
// `rm $'-rf' ~` or `$'\x72\x6d'` are seen as what they run.
const SIMPLE: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** Decodes from `start` (just after `$'`) to the closing quote; `end` is past it. */
export function ansiC(src: string, start: number): { text: string; end: number } {
  let text = "";
  let i = start;
  while (i < src.length && src[i] !== "'") {
    const c = src[i] as string;
    if (c !== "\\" || i + 1 >= src.length) {
      text += c;
      i++;
      continue;
    }
    const n = src[i + 1] as string;
    if (Object.hasOwn(SIMPLE, n)) {
      text += SIMPLE[n];
      i += 2;
      continue;
    }
    const digits = (re: RegExp, from: number) => re.exec(src.slice(from))?.[0] ?? "";
    if (/[0-7]/.test(n)) {
      const oct = digits(/^[0-7]{1,3}/, i + 1);
      text += String.fromCharCode(parseInt(oct, 8) & 0xff);
      i += 1 + oct.length;
    } else if (n === "x") {
      const hex = digits(/^[0-9A-Fa-f]{1,2}/, i + 2);
      text += hex ? String.fromCharCode(parseInt(hex, 16)) : "\\x";
      i += 2 + hex.length;
    } else if (n === "u" || n === "U") {
      const hex = digits(n === "u" ? /^[0-9A-Fa-f]{1,4}/ : /^[0-9A-Fa-f]{1,8}/, i + 2);
      const code = hex ? parseInt(hex, 16) : NaN;
      text += Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : `\\${n}`;
      i += 2 + hex.length;
    } else if (n === "c" && i + 2 < src.length) {
      text += String.fromCharCode(src.charCodeAt(i + 2) & 0x1f);
      i += 3;
    } else {
      text += "\\" + n;
      i += 2;
    }
  }
  return { text, end: Math.min(i + 1, src.length + 1) };
}
