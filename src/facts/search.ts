// What the search programs read. A recursive search reads the tree under each
// directory it is given (the working directory when none), so the dotenv files
// it would open there are reads too (tree.ts) — as each program picks its files:
//   grep -r / -R, rgrep, ack: every file, dotfiles included; --include,
//     --exclude and --exclude-dir narrow it (`-R` follows links);
//   rg, ag: hidden files are skipped unless --hidden / -uu (rg `-.`, ag `-u`);
//     an rg `-g` glob that names a file opens it even when hidden
//     (`rg KEY -g '*'` reads .env), a `!` glob keeps it out;
//   git grep: only tracked files (a committed .env is not looked for), but
//     --no-index and --untracked read the work tree like grep -r.
// rg and ag skip what git ignores (ignored.ts reads .gitignore and
// .git/info/exclude; not the global excludes or .ignore files, so a secret only
// those keep out still counts as opened).
import type { Field } from "./expand.ts";
import { segmentRegExp } from "./glob.ts";
import { parseOptions } from "./options.ts";
import type { Run } from "./programs.ts";
import type { TreeFilter } from "./tree.ts";

/** Long options with a value that grep and rg share. */
const SEARCH_VALUES = ["regexp", "file", "max-count", "after-context", "before-context", "context", "color", "colour"];
const GREP_SPEC = {
  short: "efmABCDd",
  long: [...SEARCH_VALUES, "include", "exclude", "exclude-dir", "exclude-from", "label", "binary-files", "devices", "directories"],
};
const RG_SPEC = {
  short: "efgtTAmBCMjEd",
  long: [
    ...SEARCH_VALUES,
    "glob",
    "iglob",
    "type",
    "type-not",
    "max-depth",
    "maxdepth",
    "threads",
    "encoding",
    "sort",
    "sortr",
    "ignore-file",
    "max-columns",
    "max-filesize",
    "path-separator",
    "replace",
    "type-add",
    "pre",
    "pre-glob",
    "engine",
    "dfa-size-limit",
    "regex-size-limit",
    "field-match-separator",
    "field-context-separator",
    "context-separator",
  ],
};
const AG_SPEC = {
  short: "AmBCGgp",
  long: ["after", "before", "context", "max-count", "file-search-regex", "ignore", "ignore-dir", "path-to-ignore", "depth"],
};

const globTest = (patterns: Field[], flags = "s") => {
  const res = patterns.filter((p) => p.resolved).map((p) => new RegExp(segmentRegExp(p.text.replace(/^.*\//, "")).source, flags));
  return (name: string) => res.some((re) => re.test(name));
};

/** grep, egrep, fgrep, zgrep, rgrep (and ack, which also opens dotfiles). */
export function grep(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, GREP_SPEC);
  const recurse = [...(parsed.values.get("d") ?? []), ...(parsed.values.get("directories") ?? [])].some((v) => v.text === "recurse");
  const recursive =
    recurse ||
    program === "rgrep" ||
    program === "ack" ||
    ["r", "R", "recursive", "dereference-recursive"].some((f) => parsed.flags.has(f));
  const include = parsed.values.get("include") ?? [];
  const exclude = globTest(parsed.values.get("exclude") ?? []);
  const excludeDir = globTest(parsed.values.get("exclude-dir") ?? []);
  const included = globTest(include);
  searched(parsed, run, program, recursive, recursive, {
    file: (name) => (include.length === 0 || included(name)) && !exclude(name),
    dir: (name) => !excludeDir(name),
    follow: parsed.flags.has("R") || parsed.flags.has("dereference-recursive"),
  });
}

export function rg(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, RG_SPEC);
  const unrestricted = args.reduce((n, a) => n + (/^-[^-]/.test(a.text) ? (a.text.match(/u/g)?.length ?? 0) : 0), 0);
  const hidden = !parsed.flags.has("no-hidden") && (parsed.flags.has("hidden") || parsed.flags.has(".") || unrestricted >= 2);
  const globs = [...(parsed.values.get("g") ?? []), ...(parsed.values.get("glob") ?? [])];
  const iglobs = parsed.values.get("iglob") ?? [];
  const kept = (list: Field[]) => list.filter((g) => !g.text.startsWith("!"));
  const dropped = (list: Field[]) => list.filter((g) => g.text.startsWith("!")).map((g) => ({ ...g, text: g.text.slice(1) }));
  const positive = kept([...globs, ...iglobs]);
  const whitelisted = (name: string) => globTest(kept(globs))(name) || globTest(kept(iglobs), "is")(name);
  const excluded = (name: string) => globTest(dropped(globs))(name) || globTest(dropped(iglobs), "is")(name);
  // `-t ts` searches only files of those types: none of them is a dotenv file.
  const typed = parsed.values.has("t") || parsed.values.has("type");
  // What git ignores is skipped, unless told otherwise (`-u`, `--no-ignore…`) or a `-g` glob names the file.
  const ignoring = unrestricted === 0 && ![...parsed.flags].some((flag) => flag.startsWith("no-ignore"));
  searched(parsed, run, program, true, !typed && (hidden || positive.length > 0), {
    file: (name) => (positive.length > 0 ? whitelisted(name) : hidden) && !excluded(name),
    dir: (name) => (hidden || positive.length > 0 || !name.startsWith(".")) && !excluded(name),
    follow: parsed.flags.has("L") || parsed.flags.has("follow"),
    gitIgnore: ignoring && positive.length === 0,
  });
}

/** ag (the silver searcher): hidden files only with --hidden or -u. */
export function ag(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, AG_SPEC);
  const hidden = parsed.flags.has("hidden") || parsed.flags.has("u") || parsed.flags.has("unrestricted");
  const ignoring = !["U", "skip-vcs-ignores", "u", "unrestricted"].some((flag) => parsed.flags.has(flag));
  searched(parsed, run, program, true, hidden, { follow: parsed.flags.has("f") || parsed.flags.has("follow"), gitIgnore: ignoring });
}

/** `git grep --no-index` / `--untracked`: the work tree's files, dotfiles included. */
export function gitGrepTree(operands: Field[], run: Run): void {
  const paths = operands.slice(1).filter((f) => f.text !== "--");
  for (const dir of paths.length > 0 ? paths : [{ text: ".", resolved: true }]) run.walker.secretsIn(dir, "git", run.state.cwd);
}

/** Records the pattern file, the files searched, and — where the search opens them — the secrets under its directories. */
function searched(
  parsed: ReturnType<typeof parseOptions>,
  run: Run,
  program: string,
  recursive: boolean,
  opensSecrets: boolean,
  filter: TreeFilter,
): void {
  const cwd = run.state.cwd;
  for (const file of parsed.values.get("f") ?? parsed.values.get("file") ?? []) run.walker.path(file, "read", program, cwd);
  const explicit = ["e", "regexp", "f", "file"].some((name) => parsed.values.has(name)) || parsed.flags.has("files");
  const files = explicit ? parsed.operands : parsed.operands.slice(1);
  for (const path of files.length > 0 ? files : recursive ? [{ text: ".", resolved: true }] : []) {
    run.walker.path(path, "read", program, cwd, recursive ? { recursive } : {});
    if (recursive && opensSecrets) run.walker.secretsIn(path, program, cwd, filter);
  }
}
