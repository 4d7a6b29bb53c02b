// Which of hookit's protected files in the project (its policy, an agent's hook config) a line's
// git commands would replace with another commit's version: a switch or a detached checkout
// (`git checkout HEAD~5`, `git switch old`), a reset to another commit (`git reset --hard HEAD~1`),
// a merge, rebase, cherry-pick or revert, a stash applied, a checkout or restore of paths from
// another tree, `git read-tree -u`. The committed policy is the user's: rolling it back to a
// version without a guard, or to one a commit made by plumbing holds, switches the guard off as
// surely as an edit. Read from the repository (`git diff --name-only`), only on a line with such
// a command; a revision hookit cannot know counts as one that changes them.
import { resolvePath } from "../base/path-join.ts";
import { gitWorkTree } from "../base/work-tree.ts";
import { git } from "./repo-state.ts";
import type { Facts } from "./types.ts";
import { gitSubcommandAt } from "./work-loss.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** What a command brings into the work tree: the changes from `from` to `to` (`...`: since their merge base), under `paths`. */
interface Bring {
  cwd: string | null;
  from: string;
  to: string | undefined;
  paths?: readonly string[];
  since?: true;
  /** `git sparse-checkout set src`: what lies outside these leaves the work tree. */
  keeps?: readonly string[];
}

/** The tree with nothing in it: what `git switch --orphan` leaves. */
const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/** Options of each subcommand that take the next word as their value. */
const VALUE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  checkout: ["-b", "-B", "--orphan", "--conflict"],
  switch: ["-c", "-C", "--create", "--force-create", "--orphan", "--conflict"],
  merge: ["-m", "-F", "-s", "-X", "--strategy", "--strategy-option", "--file"],
  rebase: ["--onto", "-s", "-X", "--strategy", "--strategy-option", "-x", "--exec"],
  "cherry-pick": ["-m", "--mainline", "-X", "--strategy", "--strategy-option"],
  revert: ["-m", "--mainline", "-X", "--strategy", "--strategy-option"],
  restore: ["-s", "--source"],
  "read-tree": ["--prefix", "--index-output"],
};
/** Words that end or undo an operation in progress: nothing new comes in. */
const SEQUENCER = new Set(["--abort", "--continue", "--skip", "--quit", "--edit-todo", "--show-current-patch"]);

/** The first of `files` (protected paths in the project) a git command on the line would replace with another commit's version. */
export function treeBrings(facts: Facts, filesOf: () => readonly string[], env: Env): string | undefined {
  const brings = facts.commands.flatMap((command) => (command.program === "git" ? bringsOf(command.argv, command.cwd) : []));
  if (brings.length === 0) return undefined;
  const files = filesOf();
  const root = files[0] === undefined ? undefined : gitWorkTree(resolvePath(files[0], ".."));
  if (root === undefined) return undefined;
  for (const bring of brings) {
    if (bring.cwd !== null && gitWorkTree(bring.cwd) !== root) continue;
    // A revision hookit cannot know (`git checkout "$REF"`) may be any commit.
    if (bring.to === undefined) return files[0];
    const specs = files.map((file) => `:(literal)${file.slice(root.length + 1)}`);
    const range = bring.since ? [`${bring.from}...${bring.to}`] : [bring.from, bring.to];
    const run = git(root, [], ["diff", "--no-ext-diff", "--no-renames", "--name-only", "-z", ...range, "--", ...specs], env);
    if (!run.ok) continue; // not a revision: git refuses the command the same way
    const changed = run.out
      .split("\0")
      .filter(Boolean)
      .map((name) => resolvePath(root, name));
    const hit = files.find((file) => changed.some((path) => path === file || path.startsWith(`${file}/`)));
    if (hit !== undefined && covered(hit, bring)) return hit;
  }
  return undefined;
}

const under = (file: string, cwd: string, path: string) => `${file}/`.startsWith(`${resolvePath(cwd, path)}/`);
const covered = (file: string, bring: Bring): boolean => {
  if (bring.cwd === null) return true;
  if (bring.keeps !== undefined) return !bring.keeps.some((p) => under(file, bring.cwd as string, p.replace(/^\/+/, "")));
  return bring.paths === undefined || bring.paths.some((p) => /[*?[:]/.test(p) || under(file, bring.cwd as string, p));
};

/** What one git command line brings into the work tree. An unknown word stays in as `undefined`. */
function bringsOf(argv: readonly string[], shellCwd: string | null): Bring[] {
  const at = gitSubcommandAt(argv);
  const sub = argv[at] ?? "";
  const cwd = gitCwd(argv.slice(1, at), shellCwd);
  if (cwd === undefined) return [{ cwd: null, from: "HEAD", to: undefined }]; // another work tree or repository, by name: unknown
  const words = argv.slice(at + 1);
  if (words.some((w) => SEQUENCER.has(w) || w === "--help" || w === "-h")) return [];
  const values = new Map<string, string>();
  const operands: string[] = [];
  let paths: string[] | undefined;
  const takes = VALUE_OPTIONS[sub] ?? [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === "--") {
      paths = words.slice(i + 1);
      break;
    }
    const eq = word.indexOf("=");
    if (word.startsWith("-") && eq > 0 && takes.includes(word.slice(0, eq))) values.set(word.slice(0, eq), word.slice(eq + 1));
    else if (takes.includes(word)) values.set(word, words[++i] ?? "");
    else if (word.startsWith("-")) values.set(word, "");
    else operands.push(word);
  }
  const from = "HEAD";
  const to = (rev: string | undefined): string | undefined => (rev === undefined || /\$|`/.test(rev) ? undefined : rev);
  const one = (rev: string | undefined, extra: Partial<Bring> = {}): Bring[] => [{ cwd, from, to: to(rev), ...extra }];
  switch (sub) {
    case "checkout": {
      if (values.has("-p") || values.has("--patch")) return [];
      const start = ["-b", "-B", "--orphan"].find((o) => values.has(o));
      if (start) return operands[0] === undefined ? [] : one(operands[0]);
      if (paths !== undefined) return operands[0] === undefined ? [] : one(operands[0], { paths });
      // `git checkout X`: a commit to switch to (or a path, which `git diff` turns down); `X paths…`: X's paths.
      return operands.length === 0 ? [] : one(operands[0], operands.length > 1 ? { paths: operands.slice(1) } : {});
    }
    case "switch":
      if (values.has("--orphan")) return [{ cwd, from, to: EMPTY_TREE }];
      return operands[0] === undefined ? [] : one(operands[0]);
    case "reset":
      if (!["--hard", "--merge", "--keep"].some((o) => values.has(o)) || paths !== undefined) return [];
      return operands[0] === undefined ? [] : one(operands[0]);
    case "restore": {
      const source = values.get("-s") ?? values.get("--source");
      if (source === undefined || ((values.has("-S") || values.has("--staged")) && !values.has("-W") && !values.has("--worktree")))
        return [];
      return one(source, { paths: paths ?? operands });
    }
    case "merge":
    case "pull":
      return sub === "pull" ? [] : operands.flatMap((rev) => one(rev, { since: true }));
    case "rebase": {
      const onto = values.get("--onto");
      const [upstream, branch] = operands;
      return [
        ...(branch === undefined ? [] : one(branch)),
        ...one(upstream ?? "@{upstream}", { since: true }),
        ...(onto === undefined ? [] : one(onto, { since: true })),
      ];
    }
    case "cherry-pick":
    case "revert":
      return operands.map((rev) =>
        rev.includes("..")
          ? { cwd, from: rev.split(/\.{2,3}/)[0] || "HEAD", to: to(rev.split(/\.{2,3}/)[1] || "HEAD") }
          : { cwd, from: `${rev}^`, to: to(rev) },
      );
    case "stash": {
      const [action, entry = "stash@{0}"] = operands;
      return action === "apply" || action === "pop" ? [{ cwd, from: `${entry}^1`, to: to(entry) }] : [];
    }
    case "sparse-checkout": {
      // Files outside the patterns leave the work tree (its top-level files stay, in cone mode); patterns are read as folders.
      const [action, ...patterns] = operands;
      if (action !== "set" && action !== "add" && action !== "init" && action !== "reapply") return [];
      return [{ cwd, from, to: EMPTY_TREE, keeps: action === "add" ? ["/"] : patterns }];
    }
    case "read-tree":
      if (!values.has("-u") || values.has("--prefix")) return [];
      return operands.slice(-1).flatMap((rev) => one(rev));
    default:
      return [];
  }
}

/** Where git's own options put it (`-C dir`, from the shell's directory); `undefined` for `--git-dir`/`--work-tree`, which hookit does not follow here. */
function gitCwd(options: readonly string[], cwd: string | null): string | null | undefined {
  let at = cwd;
  for (let i = 0; i < options.length; i++) {
    const option = options[i] as string;
    if (option === "-C") {
      const dir = options[++i] ?? "";
      at = dir.startsWith("/") ? dir : at === null ? null : resolvePath(at, dir);
    } else if (/^--(git-dir|work-tree)(=|$)/.test(option)) return undefined;
  }
  return at;
}
