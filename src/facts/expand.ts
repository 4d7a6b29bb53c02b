// Word expansion in bash's order (brace, tilde, parameter and command substitution, field splitting,
// pathname expansion, quote removal) for the values hookit can know statically. What it cannot know
// stays in the field as written, and the field is marked unresolved.
import type { Part, Script, Word } from "./ast.ts";
import { expandGlob, hasGlob, unescapeGlob } from "./glob.ts";
import { spend } from "./budget.ts";
import { ARG_SEP, element, type Field, type FindListing, type Lines } from "./field.ts";

export interface ShellState {
  /** Where the shell is; `null` after a `cd` to somewhere unknown. */
  cwd: string | null;
  oldpwd: string | null;
  /** Variables assigned earlier in the command; `null` = assigned, value unknown. */
  vars: Map<string, string | null>;
  /** The machine the commands run on when it is another one (`ssh host '…'`), as written. */
  host?: string;
}

export type { Field, Lines } from "./field.ts";
export { ARG_SEP } from "./field.ts";

export interface ExpandContext {
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The output of a substitution, when it is statically known (`$(pwd)`, `$(echo ~)`). */
  subValue(script: Script, state: ShellState): string | undefined;
  /** What a substitution may print, one field per line, when that can be derived (`$(find . -name x)`, `$(ls -a)`). */
  subCandidates(script: Script, state: ShellState): Lines | undefined;
  /** Lines a `read NAME` took from a producer hookit knows (`find … | while read f`). */
  readLines: Map<string, Lines>;
}

const MAX_FIELDS = 256;
const DEFAULT_IFS = " \t\n";
const MAX_CANDIDATES = 64;
const FROM_ENV = new Set(["TMPDIR", "USER", "LOGNAME", "SHELL"]);
type Token = { c: string; q: boolean } | { part: Exclude<Part, { t: "lit" }> };

/** Whether unquoted text holds a character the shell expands (`{`, `~`, `*`, `?`, `[`); plain searches, run on every word. */
const hasSpecial = (text: string) =>
  text.includes("{") || text.includes("~") || text.includes("*") || text.includes("?") || text.includes("[");

export function expandWord(word: Word, state: ShellState, ctx: ExpandContext): Field[] {
  // Fast path, most words: literal text with nothing to expand (an empty word counts when quoted).
  let text = "";
  let quoted = false;
  let plain = true;
  for (let i = 0; i < word.length && plain; i++) {
    const p = word[i]!;
    if (p.t !== "lit" || (!p.q && hasSpecial(p.v))) plain = false;
    else {
      text += p.v;
      quoted ||= p.q;
    }
  }
  if (plain) return text === "" && !quoted ? [] : [{ text, resolved: true }];
  spend();
  const out: Field[] = [];
  const alternatives = braceExpand(tokenize(word), 0);
  for (let i = 0; i < alternatives.length; i++) {
    const fields = expandTokens(alternatives[i]!, state, ctx);
    for (const field of fields) out.push(field);
    if (out.length >= MAX_FIELDS) break;
  }
  return out;
}

/** The word as one string (assignments, `${x:-word}`): no splitting, no globbing. */
export function expandString(word: Word, state: ShellState, ctx: ExpandContext): string | undefined {
  let text = "";
  for (const part of word) {
    if (part.t === "lit") {
      text += part.v;
      continue;
    }
    const value = partValue(part, state, ctx);
    if (value === undefined) return undefined;
    text += value.includes(ARG_SEP) ? value.replaceAll(ARG_SEP, " ") : value;
  }
  const tokens = tokenize(word);
  const first = tokens[0];
  if (first && "c" in first && first.c === "~" && !first.q) {
    const tilde = tildeValue(tokens, state, ctx);
    if (tilde === undefined) return undefined;
    return tilde.value + text.slice(tilde.length);
  }
  return text;
}

/** Characters one by one where brace or tilde expansion may look at them; other text in chunks. */
function tokenize(word: Word): Token[] {
  const tokens: Token[] = [];
  for (const part of word) {
    if (part.t !== "lit") tokens.push({ part });
    else if (part.q || !/[{},~]/.test(part.v)) tokens.push({ c: part.v, q: part.q });
    else for (const c of part.v) tokens.push({ c, q: part.q });
  }
  return tokens;
}

const isChar = (t: Token | undefined, c: string): boolean => t !== undefined && "c" in t && !t.q && t.c === c;

function braceExpand(tokens: Token[], depth: number): Token[][] {
  if (depth > 8) return [tokens];
  for (let open = 0; open < tokens.length; open++) {
    if (!isChar(tokens[open], "{")) continue;
    let level = 0;
    const commas: number[] = [];
    for (let i = open + 1; i < tokens.length; i++) {
      if (isChar(tokens[i], "{")) level++;
      else if (isChar(tokens[i], "}")) {
        if (level > 0) {
          level--;
          continue;
        }
        const alternatives =
          commas.length > 0
            ? [open, ...commas].map((from, k) => tokens.slice(from + 1, k < commas.length ? commas[k] : i))
            : sequence(tokens.slice(open + 1, i));
        if (!alternatives) break;
        const prefix = tokens.slice(0, open);
        const suffix = tokens.slice(i + 1);
        const out: Token[][] = [];
        for (const alt of alternatives) {
          for (const expanded of braceExpand([...prefix, ...alt, ...suffix], depth + 1)) {
            out.push(expanded);
            if (out.length >= MAX_FIELDS) return out;
          }
        }
        return out;
      } else if (level === 0 && isChar(tokens[i], ",")) commas.push(i);
    }
  }
  return [tokens];
}

/** `{1..3}`, `{a..e}`, `{0..10..2}`; anything else is not a sequence (bash leaves it as is). */
function sequence(inner: Token[]): Token[][] | undefined {
  if (inner.some((t) => !("c" in t) || t.q)) return undefined;
  const text = inner.map((t) => ("c" in t ? t.c : "")).join("");
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(text);
  if (!m) return undefined;
  const numeric = /\d/.test(m[1] as string);
  if (numeric !== /\d/.test(m[2] as string)) return undefined;
  const from = numeric ? Number(m[1]) : (m[1] as string).charCodeAt(0);
  const to = numeric ? Number(m[2]) : (m[2] as string).charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(m[3] ?? 1)));
  const out: Token[][] = [];
  for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
    const s = numeric ? String(v) : String.fromCharCode(v);
    out.push([...s].map((c) => ({ c, q: true })));
    if (out.length >= MAX_FIELDS) break;
  }
  return out;
}

function tildeValue(tokens: Token[], state: ShellState, ctx: ExpandContext): { value: string; length: number } | undefined {
  let user = "";
  let i = 1;
  for (; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (!("c" in t) || t.q) return undefined;
    if (t.c === "/" || t.c === ":") break;
    user += t.c;
  }
  const value =
    user === ""
      ? ctx.home
      : user === "+"
        ? state.cwd
        : user === "-"
          ? state.oldpwd
          : user === (ctx.env.USER ?? ctx.env.LOGNAME)
            ? ctx.home
            : undefined;
  return value == null ? undefined : { value, length: i };
}

/** Where the `~` of `name=~…` is (0 when the word is not shaped so). */
function assignmentTilde(tokens: Token[]): number {
  let name = "";
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (!("c" in t) || t.q) return 0;
    if (t.c === "=") return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && isChar(tokens[i + 1], "~") ? i + 1 : 0;
    name += t.c;
    if (t.c.length > 1 && t.c.includes("=")) return 0; // a chunk: no `~` was split out after it
  }
  return 0;
}

function expandTokens(tokens: Token[], state: ShellState, ctx: ExpandContext): Field[] {
  const fields: Field[] = [];
  let text = "";
  let pattern = "";
  let resolved = true;
  let nonEmpty = false; // a quoted part, even empty, keeps the word
  // What the field may be instead when its unknown parts take the values hookit can name; undefined: none known.
  let alts: Field[] | undefined = [{ text: "", resolved: true }];
  const flush = () => {
    const candidates = !resolved && alts && alts.length > 0 ? alts.filter((a) => a.text !== "") : undefined;
    if (text !== "" || nonEmpty)
      fields.push({
        text,
        resolved,
        ...(pattern !== escapeGlob(text) && { pattern }),
        ...(candidates?.length && { candidates }),
        ...(bound && { under: bound }),
        ...(listing && { findListing: listing }),
        ...(candidates?.length && exhaustive && { exhaustive: true as const }),
      });
    exhaustive = true;
    text = "";
    pattern = "";
    resolved = true;
    nonEmpty = false;
    alts = [{ text: "", resolved: true }];
    bound = undefined;
    listing = undefined;
  };
  // A word that is only `$(find …)` (or `$f` read from it) lies where its producer looked.
  let bound: Field[] | undefined;
  let listing: FindListing | undefined;
  let exhaustive = true; // every unknown part's values are all listed, plain words each
  const lone = tokens.length === 1 && "part" in (tokens[0] as Token) ? (tokens[0] as { part: Part }).part : undefined;
  const append = (more: string) => {
    if (alts) alts = alts.map((a) => ({ ...a, text: a.text + more, pattern: undefined }));
  };
  // bash also expands a `~` right after the `=` of a word shaped like an assignment (`dd of=~/x`).
  let start = assignmentTilde(tokens);
  for (let i = 0; i < start; i++) {
    const c = (tokens[i] as { c: string }).c;
    text += c;
    pattern += c;
    append(c);
  }
  if (isChar(tokens[start], "~")) {
    const rest = tokens.slice(start);
    const tilde = tildeValue(rest, state, ctx);
    if (tilde) {
      text += tilde.value;
      pattern += escapeGlob(tilde.value);
      start += tilde.length;
      nonEmpty = true;
      append(tilde.value);
    } else if (rest.length > 1 && "c" in (rest[1] as Token) && !(rest[1] as { q: boolean }).q && (rest[1] as { c: string }).c !== "/")
      resolved = exhaustive = false; // `~user`: someone's home, which one is unknown here
  }
  for (let i = start; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if ("c" in t) {
      text += t.c;
      pattern += t.q ? escapeGlob(t.c) : t.c;
      if (t.q) nonEmpty = true;
      append(t.c);
      continue;
    }
    const part = t.part;
    const value = partValue(part, state, ctx);
    if (value === undefined) {
      resolved = false;
      text += part.src;
      pattern += escapeGlob(part.src);
      nonEmpty = true;
      const named = partCandidates(part, state, ctx);
      exhaustive &&= (named as Lines | undefined)?.exhaustive === true && named!.every((n) => n.resolved && !/[\s*?[\]]/.test(n.text));
      if (part === lone && named && (named as Lines).under) {
        bound = (named as Lines).under;
        listing = (named as Lines).findListing;
      }
      alts =
        alts && named
          ? alts
              .flatMap((a) =>
                named.map((n) => ({ ...n, text: a.text + n.text, ...(n.pattern && { pattern: escapeGlob(a.text) + n.pattern }) })),
              )
              .slice(0, MAX_CANDIDATES + 1)
          : undefined;
      exhaustive &&= alts !== undefined && alts.length <= MAX_CANDIDATES; // more were cut: not all listed
      alts = alts?.slice(0, MAX_CANDIDATES);
    } else if ("q" in part && part.q) {
      // `"$@"`: each word a field of its own; anything else quoted stays one field.
      const pieces = value.includes(ARG_SEP) ? value.split(ARG_SEP) : [value];
      pieces.forEach((piece, k) => {
        if (k > 0) flush();
        text += piece;
        pattern += escapeGlob(piece);
        nonEmpty = true;
        append(piece);
      });
    } else {
      // Unquoted: split on the characters of IFS (`IFS=,; $x` splits on commas); the pieces may glob.
      const ifs = known("IFS", state, ctx);
      if (ifs === undefined) {
        resolved = exhaustive = false; // split on characters hookit cannot know
        text += value;
        pattern += escapeGlob(value);
        continue;
      }
      const pieces = splitFields(value.replaceAll(ARG_SEP, " "), ifs ?? DEFAULT_IFS);
      pieces.forEach((piece, k) => {
        if (k > 0) flush();
        text += piece;
        pattern += piece;
        append(piece);
      });
    }
  }
  flush();
  const out: Field[] = [];
  for (const field of fields) {
    const glob = field.pattern ?? escapeGlob(field.text);
    if (!field.resolved || !hasGlob(glob) || (state.cwd === null && !glob.startsWith("/"))) {
      out.push(field);
      continue;
    }
    const matches = expandGlob(glob, state.cwd ?? "/");
    if (matches.length === 0) out.push({ text: unescapeGlob(glob), resolved: true, pattern: glob });
    else for (const match of matches) out.push({ text: match, resolved: true, glob: true });
  }
  return out;
}

/** Word splitting on IFS: its blanks run together, each other character ends a field; an empty IFS splits nothing. */
export function splitFields(value: string, ifs: string): string[] {
  if (ifs === "") return [value];
  if (ifs === DEFAULT_IFS) return value.split(/[ \t\n]+/);
  const out: string[] = [];
  let field = "";
  for (const c of value) {
    if (!ifs.includes(c)) field += c;
    else if (c !== " " && c !== "\t" && c !== "\n") {
      out.push(field);
      field = "";
    } else if (field !== "") {
      out.push(field);
      field = "";
    }
  }
  out.push(field);
  return out;
}

const GLOB_CHAR = /[\\*?[\]]/;
function escapeGlob(text: string): string {
  return GLOB_CHAR.test(text) ? text.replace(/[\\*?[\]]/g, "\\$&") : text;
}

/** Values an unknown part may take that hookit can name: a parameter's default or alternative word, a substitution's possible output. */
function partCandidates(part: Exclude<Part, { t: "lit" }>, state: ShellState, ctx: ExpandContext): Lines | undefined {
  if (part.t === "sub") return ctx.subCandidates(part.script, state);
  if (part.t === "var" && part.op === undefined) return ctx.readLines.get(part.name);
  if (part.t !== "var" || !part.op || part.op === "other" || !/[-=+]$/.test(part.op)) return undefined;
  const word = part.arg ? expandString(part.arg, state, ctx) : "";
  return word === undefined ? undefined : [{ text: word, resolved: true }];
}

function partValue(part: Exclude<Part, { t: "lit" }>, state: ShellState, ctx: ExpandContext): string | undefined {
  switch (part.t) {
    case "var":
      return varValue(part, state, ctx);
    case "sub":
      return ctx.subValue(part.script, state);
    case "proc":
      return "/dev/fd/63";
    case "arith":
      return undefined;
  }
}

function varValue(part: Extract<Part, { t: "var" }>, state: ShellState, ctx: ExpandContext): string | undefined {
  const value = known(part.name, state, ctx);
  const op = part.op;
  // An array's element (field.ts): `$a` is its first, `${a[@]}` all of them.
  const only = op === "other" && part.arg?.length === 1 ? part.arg[0] : undefined;
  const index = only?.t === "lit" ? /^\[(@|\*|\d+)\]$/.exec(only.v)?.[1] : undefined;
  if (op === undefined || index !== undefined) return value == null || part.name === "@" ? (value ?? undefined) : element(value, index);
  if (op === "other" || value === undefined) return undefined;
  const set = value !== null && (op.startsWith(":") ? value !== "" : true);
  const arg = () => (part.arg ? expandString(part.arg, state, ctx) : "");
  if (op.endsWith("-") || op.endsWith("=")) return set ? (value as string) : arg();
  if (op.endsWith("+")) return set ? arg() : "";
  return set ? (value as string) : undefined;
}

/** `undefined`: unknown; `null`: known to be unset. */
function known(name: string, state: ShellState, ctx: ExpandContext): string | null | undefined {
  if (state.vars.has(name)) return state.vars.get(name) ?? undefined;
  if (name === "HOME") return ctx.home;
  if (name === "PWD") return state.cwd ?? undefined;
  if (name === "OLDPWD") return state.oldpwd ?? undefined;
  if (name === "IFS") return DEFAULT_IFS; // bash sets it at start, whatever the environment says
  if (FROM_ENV.has(name)) return ctx.env[name] ?? undefined;
  return undefined;
}

/** The shell's state for a subshell or a command of its own: its variables copied, so what it sets stays there. */
export function copy(state: ShellState): ShellState {
  return { cwd: state.cwd, oldpwd: state.oldpwd, vars: new Map(state.vars), ...(state.host !== undefined && { host: state.host }) };
}
