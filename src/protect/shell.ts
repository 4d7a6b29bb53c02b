// Self-protection for shell commands: what each simple command of a line would
// change. Known programs are read by their operands (`rm` deletes, `cp` writes
// its destination, `sed -i` its files, …); read-only programs may mention
// protected paths freely (a model may read the policy to understand a block);
// any other program that names a protected path is refused, since hookit cannot
// tell what it does with it.
import { isAbsolute } from "node:path";
import { lastName, resolvePath } from "../path-join.ts";
import { lstatSync, readdirSync, statSync } from "node:fs";
import {
  classify,
  concretePlaces,
  PROTECTED_MARKERS,
  protectedTarget,
  type Effect,
  type ProtectContext,
  type Protected,
} from "./locations.ts";
import { isDigits, simpleCommands, type SimpleCommand, type Word } from "./shell-words.ts";

export type ShellHit =
  | { type: "path"; place: Protected }
  | { type: "admin"; command: string }
  | { type: "env"; name: string }
  /** The facts stopped before the end of the line (src/facts/budget.ts): what was not read is not allowed. */
  | { type: "complex"; mark: string };

const READ_ONLY = new Set([
  "cat",
  "less",
  "more",
  "head",
  "tail",
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "ag",
  "ack",
  "jq",
  "ls",
  "ll",
  "stat",
  "file",
  "wc",
  "diff",
  "cmp",
  "md5sum",
  "sha1sum",
  "sha256sum",
  "sha512sum",
  "shasum",
  "cksum",
  "b2sum",
  "realpath",
  "readlink",
  "dirname",
  "basename",
  "test",
  "[",
  "[[",
  "echo",
  "printf",
  "true",
  "false",
  "pwd",
  "which",
  "type",
  "tree",
  "du",
  "df",
  "bat",
  "od",
  "xxd",
  "hexdump",
  "strings",
  "cut",
  "tr",
  "column",
  "nl",
  "fold",
  "comm",
  "join",
  "paste",
  "view",
  "zcat",
  "zless",
  "nproc",
  "whoami",
  "id",
  "date",
  "uname",
  "exit",
  "return",
  "read",
  "hash",
  "help",
  "man",
  "cd",
  "pushd",
  "popd",
  "source",
  ".",
  "sleep",
  "wait",
  "jobs",
  "printenv",
  "getent",
  "locate",
  "yes",
  "seq",
  "expr",
  "let",
  "sort",
  "uniq",
]);

/** Wrappers that run the rest of their words as a command. */
const WRAPPERS = new Set([
  "sudo",
  "doas",
  "command",
  "builtin",
  "exec",
  "nohup",
  "time",
  "nice",
  "ionice",
  "stdbuf",
  "timeout",
  "xargs",
  "env",
  "setsid",
  "chronic",
  "unbuffer",
  "then",
  "do",
  "else",
  "elif",
  "if",
  "while",
  "until",
  "!",
  "{",
  "}",
]);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "busybox"]);
const DELETERS = new Set(["rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put"]);
const WRITE_OPERANDS = new Set(["touch", "truncate", "tee", "mkdir", "mkfifo", "mknod", "chattr", "setfacl", "ln"]);
const MODE_FIRST = new Set(["chmod", "chown", "chgrp"]);
const COPIERS = new Set(["cp", "install", "rsync", "scp"]);
/** git subcommands that rewrite files in the work tree. */
const GIT_WRITES = new Set([
  "checkout",
  "restore",
  "rm",
  "mv",
  "reset",
  "clean",
  "stash",
  "apply",
  "am",
  "switch",
  "merge",
  "pull",
  "rebase",
  "cherry-pick",
  "revert",
  "worktree",
  "config",
  "update-index",
  "read-tree",
  "checkout-index",
  "filter-branch",
  "sparse-checkout",
  "submodule",
]);
const ADMIN = new Set(["trust", "install", "uninstall", "init"]);
/** Programs judged by their operands below (not "unknown"). */
const KNOWN = new Set([
  "find",
  "mv",
  "dd",
  "git",
  "sed",
  "awk",
  "perl",
  "ruby",
  "sort",
  "hookit",
  ...DELETERS,
  ...WRITE_OPERANDS,
  ...COPIERS,
  ...MODE_FIRST,
]);
/** Redirect operators that write a file. */
const OUTPUT = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">>>"]);
const ENV_NAMES = /^(HOOKIT|HOOKIT_CONFIG)=/;

/**
 * What the conservative reader makes of `command`: the first thing that would
 * change what hookit enforces, if any, and whether some write, delete or
 * command target was only known at run time (then the facts take a look).
 */
export function readShell(command: string, ctx: ProtectContext): { hit?: ShellHit; unsure: boolean } {
  const line = analyze(command, ctx, 0, ctx.cwd);
  const hit = line.hit ?? (line.mentioned && line.unknownTarget ? { type: "path" as const, place: line.mentioned } : undefined);
  return { ...(hit && { hit }), unsure: line.unknownTarget };
}

function analyze(command: string, ctx: ProtectContext, depth: number, start: string): CommandResult {
  const commands = simpleCommands(command, { env: ctx.env, cwd: start, vars: new Map() });
  let cwd: string | undefined = start;
  // A write whose target is only known at run time, in a line that names a protected path, is refused.
  let unknownTarget = false;
  let mentioned: Protected | undefined;
  // Indexed loops on this path: see "Loops" in docs/performance.md.
  for (let c = 0; c < commands.length; c++) {
    const cmd = commands[c]!;
    for (let i = 0; i < cmd.assigns.length; i++) {
      const assign = cmd.assigns[i]!;
      if (ENV_NAMES.test(assign.text)) return { hit: { type: "env", name: assign.text.split("=")[0] as string }, unknownTarget: false };
      // `f=.hookit/hookit.json; : > $f` in a nested shell: the value is a mention.
      mentioned ??= markerHit(assign.text, ctx);
    }
    for (let i = 0; i < cmd.redirects.length; i++) {
      const redirect = cmd.redirects[i]!;
      if (!OUTPUT.has(redirect.op) || ((redirect.target.text === "-" || isDigits(redirect.target.text)) && redirect.op.endsWith("&")))
        continue;
      const hit = wordTarget(redirect.target, "write", ctx, cwd);
      if (hit) return { hit: { type: "path", place: hit }, unknownTarget: false };
      if (!redirect.target.exact || (!cwd && !isAbsolute(redirect.target.text))) unknownTarget = true;
    }
    const result = commandHit(cmd.words, ctx, cwd, depth, cmd);
    if (result.hit) return result;
    unknownTarget ||= result.unknownTarget;
    mentioned ??= result.mentioned;
    if (result.cd !== undefined) cwd = result.cd === null ? undefined : result.cd;
  }
  return { unknownTarget, ...(mentioned && { mentioned }) };
}

interface CommandResult {
  hit?: ShellHit;
  unknownTarget: boolean;
  mentioned?: Protected;
  /** The directory after a `cd`; null when it cannot be known. */
  cd?: string | null;
}

function commandHit(all: Word[], ctx: ProtectContext, cwd: string | undefined, depth: number, cmd?: SimpleCommand): CommandResult {
  const words = unwrap(all, ctx);
  if (words.hit) return { hit: words.hit, unknownTarget: false };
  // xargs runs its command on words read from stdin: what it acts on is unknown.
  let fed = false;
  for (let i = 0; i < all.length - words.list.length && !fed; i++) fed = lastName(all[i]!.text) === "xargs";
  const result = programHit(words.list, ctx, cwd, depth);
  // A program named only at run time (`$(echo hookit) trust`, `h=$(command -v hookit); $h trust`): the facts say which.
  if (words.list[0] && !words.list[0].exact && !result.hit) return { ...result, unknownTarget: true };
  const name = lastName(words.list[0]?.text ?? "");
  if (result.hit || READ_ONLY.has(name) || !words.list[0]) return result;
  // Code on stdin (a heredoc, a pipe) to a program hookit does not know is judged by what it names.
  if (!KNOWN.has(name) && cmd?.stdin) {
    for (let i = 0; i < cmd.stdin.length; i++) {
      const place = markerHit(cmd.stdin[i]!, ctx);
      if (place) return { hit: { type: "path", place }, unknownTarget: false };
    }
  }
  return fed || (cmd?.piped && !KNOWN.has(name)) ? { ...result, unknownTarget: true } : result;
}

function programHit(list: Word[], ctx: ProtectContext, cwd: string | undefined, depth: number): CommandResult {
  const program = list[0];
  const args = list.slice(1);
  const none: CommandResult = { unknownTarget: false };
  if (!program) return none;
  const name = lastName(program.text);
  // What the arguments name is only worked out when it can matter (it is the costly part).
  let cached: Protected | undefined | null = null;
  const named = (): Protected | undefined => {
    if (cached === null) {
      cached = undefined;
      for (let i = 0; i < args.length; i++) if ((cached = mention(args[i]!, ctx, cwd))) break;
    }
    return cached;
  };
  if (name === "cd" || name === "pushd") {
    const target = firstOperand(args);
    if (!target) return { ...none, cd: ctx.env.HOME ?? null };
    return { ...none, cd: target.exact && !target.glob ? resolvePath(cwd ?? ctx.cwd, target.text) : null };
  }
  const admin = adminCommand(name, args, ctx);
  if (admin) return { hit: { type: "admin", command: admin }, unknownTarget: false };
  if (name === "export" || name === "declare" || name === "typeset" || name === "local" || name === "readonly") {
    const set = args.find((w) => ENV_NAMES.test(w.text));
    if (set) return { hit: { type: "env", name: set.text.split("=")[0] as string }, unknownTarget: false };
    return { unknownTarget: false, mentioned: args.map((w) => markerHit(w.text, ctx)).find(Boolean) };
  }
  if (SHELLS.has(name) || name === "eval") {
    const at = name === "eval" ? 0 : args.findIndex((w) => /^-[a-z]*c[a-z]*$/.test(w.text)) + 1;
    const script = name === "eval" ? args.map((w) => w.text).join(" ") : args[at]?.text;
    if (at > 0 || name === "eval") {
      if (script === undefined) return none;
      if (depth >= 5) return { unknownTarget: true, mentioned: named() };
      const inner = analyze(script, ctx, depth + 1, cwd ?? ctx.cwd);
      return inner.hit ? inner : { unknownTarget: inner.unknownTarget, mentioned: inner.mentioned ?? named() };
    }
  }
  const operands: Word[] = [];
  for (let i = 0; i < args.length; i++) if (!args[i]!.text.startsWith("-") || args[i]!.text === "-") operands.push(args[i]!);
  const check = (list: Word[], effect: Effect): CommandResult => {
    for (let i = 0; i < list.length; i++) {
      const hit = wordTarget(list[i]!, effect, ctx, cwd);
      if (hit) return { hit: { type: "path", place: hit }, unknownTarget: false };
    }
    // A relative path after a `cd` to somewhere unknown is as unknown as a variable.
    const unknown = list.some((w) => !w.exact || (!cwd && !isAbsolute(w.text)));
    return { unknownTarget: unknown, ...(unknown && { mentioned: named() }) };
  };
  if (name === "find") return findHit(args, ctx, cwd, depth, named);
  if (DELETERS.has(name)) return check(operands, "delete");
  if (name === "mv") return merge(check(operands.slice(0, -1), "delete"), check(operands.slice(-1), "write"));
  if (COPIERS.has(name)) {
    const linking = args.some((w) => /^(-[a-z]*l[a-z]*|--link)$/.test(w.text));
    const into = args.findIndex((w) => w.text === "-t" || w.text === "--target-directory");
    const dest = into >= 0 ? args.slice(into + 1, into + 2) : operands.slice(-1);
    return check(linking ? operands : dest, "write");
  }
  if (WRITE_OPERANDS.has(name)) return check(operands, "write");
  // A mode or owner change reaches everything below a folder (`chmod -R 000 ~/.local/state`).
  if (MODE_FIRST.has(name)) return check(operands.slice(1), "delete");
  if (name === "dd")
    return check(
      args.filter((w) => w.text.startsWith("of=")).map((w) => ({ ...w, text: w.text.slice(3) })),
      "write",
    );
  if ((name === "sed" || name === "perl" || name === "ruby") && args.some((w) => /^(-[a-zA-Z]*i|--in-place)/.test(w.text))) {
    return check(operands, "write");
  }
  if (name === "sort" && args.some((w) => /^(-o|--output)/.test(w.text))) return check(operands, "write");
  if (name === "sed" || name === "awk" || name === "gawk") {
    // Files are read; the script can write (`w file`, `print > "file"`), so it must not name a protected path.
    const scripts = args.filter((w, i) => args[i - 1]?.text === "-e" || args[i - 1]?.text === "-f").concat(operands.slice(0, 1));
    const place = scripts.map((w) => markerHit(w.text, ctx)).find(Boolean);
    return place ? { hit: { type: "path", place }, unknownTarget: false } : { unknownTarget: false };
  }
  if (name === "git") {
    const sub = firstOperand(args);
    if (!sub || !GIT_WRITES.has(sub.text)) return none;
    const place = named();
    return place ? { hit: { type: "path", place }, unknownTarget: false } : none;
  }
  if (READ_ONLY.has(name)) return { unknownTarget: false, mentioned: lineMayNeed(args) ? named() : undefined };
  // A program hookit does not know: naming a protected path is enough.
  const place = mention(program, ctx, cwd) ?? named();
  return place ? { hit: { type: "path", place }, unknownTarget: false } : none;
}

/** The first word that is not an option (`cd`'s target, git's subcommand). */
function firstOperand(args: Word[]): Word | undefined {
  for (let i = 0; i < args.length; i++) if (!args[i]!.text.startsWith("-")) return args[i];
  return undefined;
}

function merge(a: CommandResult, b: CommandResult): CommandResult {
  return a.hit ? a : b.hit ? b : { unknownTarget: a.unknownTarget || b.unknownTarget, mentioned: a.mentioned ?? b.mentioned };
}

/** Skips wrappers (`sudo`, `env VAR=…`, `timeout 5`, `xargs -0`, …) to the program that runs. */
function unwrap(words: Word[], _ctx: ProtectContext): { list: Word[]; hit?: ShellHit } {
  let i = 0;
  while (i < words.length) {
    const name = lastName((words[i] as Word).text);
    if (!WRAPPERS.has(name)) break;
    i++;
    while (i < words.length) {
      const text = (words[i] as Word).text;
      if (ENV_NAMES.test(text)) return { list: [], hit: { type: "env", name: text.split("=")[0] as string } };
      const option = text.startsWith("-") && text !== "-";
      const assignment = name === "env" && /^[A-Za-z_][A-Za-z0-9_]*=/.test(text);
      const duration = name === "timeout" && /^\d/.test(text);
      const takesValue =
        (name === "sudo" && /^-[ugCDhpRrT]$/.test(text)) ||
        (name === "nice" && text === "-n") ||
        (name === "xargs" && /^-[IEdLnPs]$/.test(text));
      if (!option && !assignment && !duration) break;
      i += takesValue ? 2 : 1;
    }
  }
  return { list: words.slice(i) };
}

/**
 * A word naming hookit's package or bin to a package runner: `hookit`, its npm package `hookit-cli`
 * (or a fork or scope of it: the runner runs its `hookit` bin all the same), any version.
 */
const HOOKIT_PACKAGE = /^(@[^/]+\/)?hookit[\w.-]*(@.*)?$/;

/** `hookit trust`, `npx hookit-cli install`, `node …/dist/bin.cjs uninstall`, `hookit source add`: the subcommand, if it is one that needs the user. */
export function adminCommand(name: string, args: Word[], ctx: ProtectContext): string | undefined {
  let rest: Word[] | undefined;
  if (name === "hookit") rest = args;
  else if (
    ["npx", "bunx", "pnpx"].includes(name) ||
    (["npm", "pnpm", "yarn", "bun"].includes(name) && ["exec", "dlx", "x"].includes(args[0]?.text ?? "")) ||
    // pnpm, yarn and bun run a dependency's bin by its name: `yarn hookit trust`.
    (["pnpm", "yarn", "bun"].includes(name) && HOOKIT_PACKAGE.test(args[0]?.text ?? ""))
  ) {
    // The package, then the bin it runs, in any order of options: `npx -p hookit-cli hookit trust`.
    const words = args.filter((w) => !w.text.startsWith("-"));
    let at = words.findIndex((w) => HOOKIT_PACKAGE.test(w.text));
    if (at >= 0) while (HOOKIT_PACKAGE.test(words[at + 1]?.text ?? "")) at++;
    rest = at >= 0 ? words.slice(at + 1) : undefined;
  } else if (name === "nodejs" || (name.startsWith("node") && (name.length === 4 || isDigits(name.slice(4))))) {
    const at = args.findIndex(
      (w) => /(^|\/)(dist\/bin\.cjs|hookit)$/.test(w.text) || (ctx.packageDir !== undefined && w.text.startsWith(ctx.packageDir)),
    );
    rest = at >= 0 ? args.slice(at + 1) : undefined;
  }
  const words = rest?.filter((w) => !w.text.startsWith("-")) ?? [];
  const sub = words[0]?.text;
  if (sub === "source") {
    // Adding, updating or removing an organization policy source is the user's; listing them only reads.
    const action = words[1]?.text;
    return action === "list" ? undefined : `hookit source${action ? ` ${action}` : ""}`;
  }
  return sub && ADMIN.has(sub) ? `hookit ${sub}` : undefined;
}

/**
 * A read-only program's mentions matter only together with a write whose target
 * is unknown elsewhere on the line (`echo .hookit/x | xargs rm`); words with no
 * path-like text cannot be such a mention.
 */
function lineMayNeed(args: Word[]): boolean {
  return args.some((w) => w.glob || !w.exact || w.text.includes("/") || w.text.includes(".") || w.text.includes("~"));
}

function findHit(
  args: Word[],
  ctx: ProtectContext,
  cwd: string | undefined,
  depth: number,
  named: () => Protected | undefined,
): CommandResult {
  const firstExpr = args.findIndex((w) => /^[-(!]/.test(w.text));
  const starts = args.slice(0, firstExpr < 0 ? args.length : firstExpr);
  if (starts.length === 0) starts.push({ text: ".", exact: true, glob: false });
  if (args.some((w) => w.text === "-delete")) {
    const names = args.flatMap((w, i) =>
      /^-(i?name|i?path|i?wholename)$/.test(w.text) && args[i + 1] ? [(args[i + 1] as Word).text] : [],
    );
    for (const start of starts) {
      // Without a name test everything below the start goes; with one, only what it matches.
      const hit =
        names.length === 0 || args.some((w) => /^-i?regex$/.test(w.text))
          ? wordTarget(start, "delete", ctx, cwd)
          : findNamesHit(start, names, ctx, cwd);
      if (hit) return { hit: { type: "path", place: hit }, unknownTarget: false };
    }
  }
  for (let i = 0; i < args.length; i++) {
    const text = (args[i] as Word).text;
    if (/^-(exec|execdir|ok|okdir)$/.test(text)) {
      const end = args.findIndex((w, j) => j > i && (w.text === ";" || w.text === "+"));
      const inner = args.slice(i + 1, end < 0 ? args.length : end).flatMap((w) => (w.text === "{}" ? starts : [w]));
      const result = commandHit(inner, ctx, cwd, depth);
      if (result.hit) return result;
    } else if (/^-fprint/.test(text) && args[i + 1]) {
      const hit = wordTarget(args[i + 1] as Word, "write", ctx, cwd);
      if (hit) return { hit: { type: "path", place: hit }, unknownTarget: false };
    }
  }
  return { unknownTarget: false, mentioned: named() };
}

function findNamesHit(start: Word, names: string[], ctx: ProtectContext, cwd: string | undefined): Protected | undefined {
  if (!start.exact) return markerHit(start.text, ctx);
  const root = resolvePath(cwd ?? ctx.cwd, start.text);
  const patterns = names.map((name) => componentRegex(name.split("/").pop() ?? name));
  const inside = concretePlaces(ctx).find((place) => place.path === root || place.path.startsWith(`${root}/`));
  if (!inside) return undefined;
  return PROTECTED_NAMES.some((name) => patterns.some((p) => p.test(name))) ? { path: inside.path, what: inside.what } : undefined;
}

/** The protected place a word names as a target of `effect`, resolving it as the shell would. */
function wordTarget(word: Word, effect: Effect, ctx: ProtectContext, cwd: string | undefined): Protected | undefined {
  if (!word.exact) return markerHit(word.text, ctx);
  if (word.glob) return globTarget(word.text, effect, ctx, cwd);
  if (!cwd && !isAbsolute(word.text)) return markerHit(word.text, ctx);
  return protectedTarget(resolvePath(cwd ?? ctx.cwd, word.text), effect, ctx) ?? markerHit(word.text, ctx);
}

/** Whether an argument names a protected place at all (as a path, or anywhere in its text). */
function mention(word: Word, ctx: ProtectContext, cwd: string | undefined): Protected | undefined {
  const text = word.text;
  const value = /^-{1,2}[\w-]+=/.test(text) ? text.slice(text.indexOf("=") + 1) : text;
  if (word.exact && !word.glob && value !== "" && (cwd || isAbsolute(value))) {
    const hit = classify(resolvePath(cwd ?? ctx.cwd, value), ctx);
    if (hit) return hit;
  }
  if (word.glob) return globTarget(value, "write", ctx, cwd);
  return markerHit(text, ctx);
}

export function markerHit(text: string, ctx: ProtectContext): Protected | undefined {
  const places = concretePlaces(ctx);
  for (let i = 0; i < places.length; i++) if (text.includes(places[i]!.path)) return places[i];
  for (let i = 0; i < PROTECTED_MARKERS.length; i++)
    if (text.includes(PROTECTED_MARKERS[i]!)) return { path: PROTECTED_MARKERS[i]!, what: "a file hookit protects" };
  return undefined;
}

/**
 * A pattern the shell expands: every protected place (or, for a delete, a
 * folder holding one) that it could match, and the files it matches now (a
 * symlink among them counts as where it points).
 */
export function globTarget(pattern: string, effect: Effect, ctx: ProtectContext, cwd: string | undefined): Protected | undefined {
  const absolute = isAbsolute(pattern) ? pattern : cwd ? resolvePath(cwd, pattern) : undefined;
  if (absolute) {
    const parts = absolute
      .split("/")
      .slice(1)
      .map((part) => componentRegex(part));
    for (const place of concretePlaces(ctx)) {
      const own = place.path.split("/").slice(1);
      const common = Math.min(parts.length, own.length);
      if (!own.slice(0, common).every((name, i) => (parts[i] as RegExp).test(name))) continue;
      // The shell expands a pattern on what is there: a place that does not exist is matched by
      // none (an unmatched pattern stays a literal name, never the place's), so `rm -rf ./*` in a
      // project without OpenCode's config does not touch it. A dangling link still counts.
      if (!present(place.path)) continue;
      // The pattern names the place or something inside it; for a delete, a folder above it too.
      if (parts.length >= own.length) return { path: absolute, what: place.what };
      if (effect === "delete") return { path: absolute, what: `a folder holding ${place.what}` };
    }
  } else {
    const regex = componentRegex(pattern.split("/").pop() ?? pattern);
    if (PROTECTED_NAMES.some((name) => regex.test(name))) return { path: pattern, what: "a file hookit protects" };
    return undefined;
  }
  const dir = absolute.slice(0, absolute.lastIndexOf("/")) || "/";
  if (/[*?[]/.test(dir)) return undefined;
  const last = componentRegex(absolute.slice(absolute.lastIndexOf("/") + 1));
  try {
    if (!statSync(dir).isDirectory()) return undefined;
    for (const name of readdirSync(dir)) {
      if (!last.test(name)) continue;
      // A symlink (or hard link) among the matches counts as what it points to.
      const hit = protectedTarget(`${dir === "/" ? "" : dir}/${name}`, effect, ctx);
      if (hit) return hit;
    }
  } catch {
    // unreadable folder: nothing the shell would find either
  }
  return undefined;
}

/** Whether anything (a dangling link too) is at `path`. */
const present = (path: string): boolean => lstatSync(path, { throwIfNoEntry: false }) !== undefined;

/** Names of protected files and folders, for patterns whose folder is unknown. */
const PROTECTED_NAMES = [
  ".hookit",
  "hookit.json",
  "hookit",
  "settings.json",
  "settings.local.json",
  "hooks.json",
  "config.toml",
  "trust.json",
  "decisions.jsonl",
  "opencode.json",
  "opencode.jsonc",
  "bin.cjs",
];

/** One path component of a shell pattern as an anchored regex (a leading dot only matches a literal dot). */
function componentRegex(pattern: string): RegExp {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "*") out += i === 0 ? "(?!\\.)[^/]*" : "[^/]*";
    else if (c === "?") out += i === 0 ? "[^/.]" : "[^/]";
    else if (c === "[") {
      const end = pattern.indexOf("]", i + 2);
      if (end < 0) out += "\\[";
      else {
        out += `[${pattern
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else out += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

export type { SimpleCommand };
