// What a command prints, when it is a list of paths hookit can derive without
// running it: `find`'s matches, `ls`'s entries. Another command takes that
// output as operands (`cat $(find . -name '.env*')`, `find … | xargs cat`), so
// the outer command's effect applies to these candidates. They are a guess of
// the output, never a promise: the field stays unresolved as well. Also what a
// loop's closing `done < <(…)` or `<<<` feeds the `read`s in its body.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Command, Script, Simple } from "./ast.ts";
import { expandString, expandWord, type ExpandContext, type Field, type Lines, type ShellState } from "./expand.ts";
import { mayMatch } from "./find-expr.ts";
import { expandGlob, segmentRegExp, unescapeGlob } from "./glob.ts";
import { parseOptions } from "./options.ts";
import { programBase, realPath } from "./paths.ts";
import { secretsUnder } from "./tree.ts";

const MAX_ENTRIES = 256;
/** Stages after the producer that only pass on some of its lines, unchanged. */
export const FILTERS = new Set(["grep", "egrep", "fgrep", "rg", "head", "tail", "sort", "uniq", "tac", "shuf", "cat"]);
const NAME_TESTS = ["-name", "-iname", "-path", "-ipath"];

/** `find`'s roots and what its `-name`/`-path` tests match at each root (globbed where they match, else the pattern). */
export function findOutput(args: Field[], cwd: string | null): { roots: Field[]; rest: number; found: Field[] } {
  let i = 0;
  while (i < args.length && /^-([HLP]|O\d*)$/.test(args[i]?.text ?? "")) i++;
  const roots: Field[] = [];
  for (; i < args.length; i++) {
    const arg = args[i] as Field;
    if (/^[-(!)]/.test(arg.text) && arg.resolved) break;
    roots.push(arg);
  }
  if (roots.length === 0) roots.push({ text: ".", resolved: true });
  const expression = args.slice(i);
  const names = expression.flatMap((a, k) => (NAME_TESTS.includes(a.text) && expression[k + 1] ? [expression[k + 1] as Field] : []));
  // A plain conjunction of `-name` tests never prints a root whose own name fails them (`find . -name node_modules`).
  const narrowing = names.length > 0 && expression.every((a) => !["!", "-not", "-o", "-or", "-path", "-ipath", ","].includes(a.text));
  const matches = roots.flatMap((root) =>
    names
      .filter((n) => n.resolved && root.resolved)
      .flatMap((n) => {
        const pattern = `${root.text.replace(/[\\*?[\]]/g, "\\$&").replace(/\/$/, "")}/${n.text.replace(/^.*\//, "")}`;
        const hits = cwd === null ? [] : expandGlob(pattern, cwd);
        return hits.length > 0
          ? hits.map((text): Field => ({ text, resolved: true }))
          : [{ text: unescapeGlob(pattern), resolved: true, pattern }];
      }),
  );
  const kept = narrowing ? roots.filter((r) => !r.resolved || names.some((n) => n.resolved && nameMatches(n.text, r.text))) : roots;
  const found = [...kept, ...matches];
  const seen = new Set(found.map((f) => f.text));
  for (const secret of deepSecrets(args, roots, expression, cwd)) if (!seen.has(secret.text)) found.push(secret);
  return { roots, rest: i, found };
}

/** The secret-named files at any depth under `find`'s roots that its expression may print (`find . -name .env -exec cat {} \;`). */
function deepSecrets(args: Field[], roots: Field[], expression: Field[], cwd: string | null): Field[] {
  const depth = (option: string) => {
    const k = expression.findIndex((a) => a.text === option);
    const value = k >= 0 ? Number(expression[k + 1]?.text) : Number.NaN;
    return Number.isInteger(value) && value >= 0 ? value : undefined;
  };
  const maxDepth = depth("-maxdepth");
  const minDepth = depth("-mindepth") ?? 0;
  const follow = args.some((a) => a.text === "-L" || a.text === "-follow");
  const out: Field[] = [];
  for (const root of roots) {
    if (!root.resolved || (cwd === null && !root.text.startsWith("/")) || maxDepth === 0) continue;
    const base = root.text.replace(/(.)\/+$/, "$1");
    const real = realPath(base.startsWith("/") ? base : join(cwd as string, base));
    for (const path of secretsUnder(real, { follow, maxDepth }).paths) {
      const relative = path.slice(real === "/" ? 1 : real.length + 1);
      const printed = `${base === "/" ? "" : base}/${relative}`;
      if (relative.split("/").length < minDepth) continue;
      if (mayMatch(expression, { name: relative.slice(relative.lastIndexOf("/") + 1), path: printed }))
        out.push({ text: printed, resolved: true });
    }
  }
  return out;
}

function nameMatches(pattern: string, path: string): boolean {
  const base = path.replace(/(.)\/+$/, "$1").replace(/^.*\//, "") || "/";
  return segmentRegExp(pattern.replace(/^.*\//, "")).test(base);
}

/** `ls`'s entries of each operand directory (dot files with `-a`/`-A`), as paths from the shell's directory. */
function lsOutput(args: Field[], cwd: string | null): Lines | undefined {
  const parsed = parseOptions(args, {
    short: "IwT",
    long: ["ignore", "width", "tabsize", "hide", "color", "format", "sort", "time-style"],
  });
  if (cwd === null || parsed.operands.some((o) => !o.resolved)) return undefined;
  const all = ["a", "A", "all", "almost-all"].some((f) => parsed.flags.has(f));
  const dirs = parsed.operands.length > 0 ? parsed.operands : [{ text: "", resolved: true }];
  const under = dirs.map((d): Field => (d.text === "" ? { text: ".", resolved: true } : d));
  // `ls -d` prints its operands themselves.
  if (parsed.flags.has("d") || parsed.flags.has("directory")) return Object.assign([...under], { under });
  const out: Lines = Object.assign([] as Field[], { under });
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(join(cwd, dir.text));
    } catch {
      out.push(dir);
      continue;
    } // a file: ls prints its name
    for (const name of names)
      if (all || !name.startsWith(".")) out.push({ text: dir.text === "" ? name : join(dir.text, name), resolved: true });
    if (out.length >= MAX_ENTRIES) break;
  }
  return out;
}

/** The paths a pipeline prints, when its first stage is a producer hookit knows and the rest only filter lines. */
export function scriptOutput(script: Script, state: ShellState, ctx: ExpandContext): Lines | undefined {
  if (script.length !== 1) return undefined;
  return pipelineOutput((script[0] as Script[number]).cmds, state, ctx);
}

export function pipelineOutput(cmds: Command[], state: ShellState, ctx: ExpandContext): Lines | undefined {
  const [first, ...filters] = cmds;
  if (first?.t !== "simple" || first.data) return undefined;
  for (const cmd of filters) {
    if (cmd.t !== "simple") return undefined;
    const program = cmd.words[0] && expandWord(cmd.words[0], state, ctx)[0]?.text;
    if (!program || !FILTERS.has(program) || (program === "cat" && cmd.words.length > 1)) return undefined;
  }
  const lines = producerOutput(first, state, ctx);
  return lines && filters.reduce((kept, cmd) => grepKeeps(cmd as Simple, kept, state, ctx), lines);
}

/** A `grep PATTERN` stage keeps only the lines it matches (`-v`: the others); a pattern JavaScript may read otherwise keeps all. */
function grepKeeps(cmd: Simple, lines: Lines, state: ShellState, ctx: ExpandContext): Lines {
  const [program, ...args] = cmd.words.flatMap((w) => expandWord(w, state, ctx));
  if (program?.text !== "grep" && program?.text !== "egrep" && program?.text !== "fgrep") return lines;
  const parsed = parseOptions(args, { short: "efmABCD" });
  const [pattern, ...more] = parsed.operands;
  if (!pattern?.resolved || more.length > 0 || parsed.values.size > 0 || [...parsed.flags].some((f) => !"vixEFw".includes(f))) return lines;
  const extended = parsed.flags.has("E") || program.text === "egrep";
  const fixed = parsed.flags.has("F") || program.text === "fgrep";
  if (!fixed && !extended && /\\[(|{?+]|[?+|(){}]/.test(pattern.text)) return lines; // basic-regex operators JavaScript reads otherwise
  let source = fixed ? pattern.text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&") : pattern.text;
  if (parsed.flags.has("w")) source = `\\b(?:${source})\\b`;
  if (parsed.flags.has("x")) source = `^(?:${source})$`;
  let re: RegExp;
  try {
    re = new RegExp(source, parsed.flags.has("i") ? "i" : "");
  } catch {
    return lines;
  }
  const invert = parsed.flags.has("v");
  const kept: Lines = lines.filter((line) => !line.resolved || re.test(line.text) !== invert);
  if (lines.under) kept.under = lines.under;
  if (lines.findListing) kept.findListing = lines.findListing; // a delete of what is kept is judged on all the find lists: more, never less
  return kept;
}

function producerOutput(first: Simple, state: ShellState, ctx: ExpandContext): Lines | undefined {
  const argv = first.words.flatMap((w) => expandWord(w, state, ctx));
  const [program, ...args] = argv;
  if (!program?.resolved) return undefined;
  const name = program.text.replace(/^.*\//, "");
  if (name === "find") {
    const { found, rest, roots } = findOutput(args, state.cwd);
    // `-exec`/`-delete`/`-fprint` change what it prints (or print nothing useful): only a plain listing counts.
    // `-L`/`-follow` may print paths through links that lead anywhere: then nothing bounds them.
    const follows = args.some((a) => a.text === "-L" || a.text === "-follow");
    if (args.slice(rest).some((a) => /^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls|quit)$/.test(a.text))) return undefined;
    return follows ? found : Object.assign(found, { under: roots, findListing: { roots, expression: args.slice(rest) } });
  }
  if (name === "ls") return lsOutput(args, state.cwd);
  // `compgen -G PATTERN`: the files the pattern matches, one per line (dot files too, where it names the dot).
  if (name === "compgen" && state.cwd !== null) {
    const at = args.findIndex((a) => a.text === "-G");
    const pattern = at >= 0 ? args[at + 1] : undefined;
    if (pattern?.resolved) {
      const matches = expandGlob(pattern.text, state.cwd);
      return matches.map((text) => ({ text, resolved: true }));
    }
  }
  // Untracked files, ignored ones included: what is in the directory, dot files too.
  if (
    name === "git" &&
    args[0]?.text === "ls-files" &&
    args.some((a) => a.text === "-o" || a.text === "--others") &&
    !args.some((a) => a.text.startsWith("--exclude"))
  ) {
    return lsOutput([{ text: "-A", resolved: true }], state.cwd); // under the directory: `git ls-files` prints paths below it
  }
  const value = ctx.subValue([{ cmds: [first] }], state);
  return value === undefined
    ? undefined
    : value
        .split(/[\s\0]+/)
        .filter((t) => t !== "")
        .map((text) => ({ text, resolved: true }));
}

/** What `printf FORMAT ARGS…` prints for `%s` and escapes only; anything else is not known here. */
export function printfValue(first: string, operands: string[]): string | undefined {
  const [format, args] = first === "--" ? [operands[0] ?? "", operands.slice(1)] : [first, operands];
  if (/%[^s%]/.test(format.replace(/%%/g, ""))) return undefined;
  const once = (values: string[]) => format.replace(/%%|%s/g, (m) => (m === "%%" ? "%" : (values.shift() ?? "")));
  let out = "";
  const rest = [...args];
  do out += once(rest);
  while (rest.length > 0 && format.includes("%s"));
  return out.replace(/\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|[abefnrtv\\])/g, (_, e: string) =>
    e[0] === "x"
      ? String.fromCharCode(parseInt(e.slice(1), 16))
      : /^[0-7]/.test(e)
        ? String.fromCharCode(parseInt(e, 8))
        : (({ a: "\x07", b: "\b", e: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\" } as Record<string, string>)[e] ?? e),
  );
}

/** For each pipeline of a flattened loop body, the lines its closing `done < <(…)` (or `<<<`) feeds it. */
export function loopFeeds(script: Script, state: ShellState, ctx: ExpandContext): Array<Lines | undefined> {
  const feeds: Array<Lines | undefined> = [];
  let feed: Lines | undefined;
  for (let k = script.length - 1; k >= 0; k--) {
    const only = script[k]?.cmds.length === 1 ? script[k]?.cmds[0] : undefined;
    if (only?.t === "simple" && only.words.length === 0 && only.assigns.length === 0 && !only.data) {
      const redir = only.redirs.find((r) => r.op === "<" || r.op === "<<<");
      const part = redir?.target?.length === 1 ? redir.target[0] : undefined;
      if (redir?.op === "<" && part?.t === "proc") feed = scriptOutput(part.script, state, ctx);
      else if (redir?.op === "<<<" && redir.target) {
        const text = expandString(redir.target, state, ctx);
        feed = text?.split(/\s+/).flatMap((t) => (t ? [{ text: t, resolved: true }] : []));
      }
    }
    feeds[k] = feed;
  }
  return feeds;
}

/** The one file `cat FILE` prints (no options, nothing else), as written: what the next stage of a pipe reads. */
export function catOperand(cmd: Simple, state: ShellState, ctx: ExpandContext): string | undefined {
  if (cmd.words.length !== 2 || cmd.assigns.length > 0) return undefined;
  const [program, file] = cmd.words.flatMap((w) => expandWord(w, state, ctx));
  return program?.text === "cat" && program.resolved && file?.resolved && !file.text.startsWith("-") ? file.text : undefined;
}

/** The program a pipeline stage runs, by its first word's last path part; `?` for a group or a word not plain. */
export function stageProgram(cmd: Command): string {
  const first = cmd.t === "simple" && cmd.words?.[0]?.length === 1 ? cmd.words[0][0] : undefined;
  return first?.t === "lit" ? programBase(first.v) : "?";
}
