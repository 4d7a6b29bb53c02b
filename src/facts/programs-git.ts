// git: its subcommands' files, the commands it runs itself (git-run.ts) and
// the work its discards lose (work-loss.ts).
import { cacheinfoPaths, stagedSecrets } from "./git-index.ts";
import { join } from "node:path";
import type { Field } from "./expand.ts";
import { shellQuote } from "./candidate.ts";
import { gitConfigWrite, gitRunsOwnCommands, gitSettings } from "./git-run.ts";
import { parseOptions } from "./options.ts";
import { gitGrepTree } from "./search.ts";
import { copy } from "./expand.ts";
import { gitLosses } from "./work-loss.ts";
import { runGitHooks } from "./git-hooks.ts";
import { patchTargets, patchText, unreadPatch } from "./patch-text.ts";
import { extractsDownload, remoteName } from "./downloads.ts";
import { generic, intoDirectory, mark, rememberMoves, type Program, type Run } from "./programs-kit.ts";
import { locate, realPath } from "./paths.ts";

export const GIT: Program[] = [
  {
    names: ["git"],
    does: git,
  },
];

/** Commands git runs itself, whatever an alias of the same name says. */
const GIT_BUILTINS = new Set([
  "push",
  "add",
  "rm",
  "mv",
  "commit",
  "clone",
  "clean",
  "config",
  "show",
  "diff",
  "log",
  "status",
  "checkout",
  "reset",
  "fetch",
  "pull",
  "merge",
  "rebase",
  "branch",
  "tag",
  "stash",
  "switch",
  "restore",
  "apply",
  "am",
  "cat-file",
  "archive",
  "grep",
  "init",
  "remote",
  "worktree",
]);

/**
 * Files a git subcommand writes although it reads the repository: `--output` of diff/log/show/
 * format-patch, `-o` of archive and format-patch (a folder), `bundle create FILE`.
 */
function gitOutputs(sub: string, rest: Field[]): Field[] {
  const out: Field[] = [];
  const short = sub === "archive" || sub === "format-patch";
  for (let i = 0; i < rest.length; i++) {
    const text = rest[i]!.text;
    if (text === "--") break;
    const eq = text.indexOf("=");
    const name = eq > 0 ? text.slice(0, eq) : text;
    if (name !== "--output" && name !== "--output-directory" && !(short && text === "-o")) continue;
    const value = eq > 0 ? { ...rest[i]!, text: text.slice(eq + 1) } : rest[++i];
    if (value) out.push(value);
  }
  if (sub === "bundle" && rest[0]?.text === "create") {
    const file = parseOptions(rest.slice(1), { long: ["version"] }).operands[0];
    if (file) out.push(file);
  }
  return out;
}

/**
 * `--git-dir=$G` (git's own options that take a value): the option is known and only its value is not. Split in two, so the option
 * reader takes `$G` as the value of `--git-dir` (a repository hookit cannot know) rather than
 * reading the whole word as the subcommand.
 */
function splitUnknownValues(args: Field[]): Field[] {
  if (args.every((a) => a.resolved)) return args;
  return args.flatMap((a) => {
    const eq = /^--(git-dir|work-tree|namespace|exec-path|config-env)=/.exec(a.text);
    return a.resolved || !eq
      ? [a]
      : [
          { text: eq[0].slice(0, -1), resolved: true },
          { ...a, text: a.text.slice(eq[0].length) },
        ];
  });
}

function git(given: Field[], run: Run, program: string): void {
  const args = splitUnknownValues(given);
  const global = parseOptions(args, { short: "Cc", long: ["git-dir", "work-tree", "namespace", "exec-path", "config-env"], posix: true });
  const state = copy(run.state);
  const dirs = global.values.get("C") ?? [];
  for (const dir of dirs) {
    state.cwd = !dir.resolved ? null : dir.text.startsWith("/") ? dir.text : state.cwd === null ? null : join(state.cwd, dir.text);
  }
  const sub = args[global.rest];
  const rest = args.slice(global.rest + 1);
  const pushing = gitSettings(global, run, state);
  if (!sub) return;
  const alias = run.walker.gitAliases.get(sub.text);
  if (alias !== undefined && !GIT_BUILTINS.has(sub.text)) {
    // An alias runs as `git <its words> <the rest>`, or as a shell command when it starts with `!`.
    const tail = rest.map((r) => shellQuote(r.text)).join(" ");
    run.walker.shell(alias.startsWith("!") ? `${alias.slice(1)} ${tail}` : `git ${alias} ${tail}`, state, "git alias", run.depth);
    return;
  }
  // `--work-tree=DIR`: the files git changes lie below DIR, wherever the shell is.
  const option = global.values.get("work-tree")?.[0];
  const variable = state.vars.get("GIT_WORK_TREE");
  const tree = option ?? (variable === null ? { text: "", resolved: false } : variable ? { text: variable, resolved: true } : undefined);
  const treeCwd = !tree
    ? state.cwd
    : !tree.resolved
      ? null
      : tree.text.startsWith("/")
        ? tree.text
        : state.cwd === null
          ? null
          : join(state.cwd, tree.text);
  const inner: Run = { ...run, state: tree ? { ...copy(state), cwd: treeCwd } : state };
  const losses = gitLosses(sub.text, rest, global.values, state, run.walker.facts.commands);
  for (const loss of losses) run.walker.losses.push(loss);
  runGitHooks(sub.text, global, run, state);
  const parsed = parseOptions(rest, {
    short: "mFCcSuX",
    long: [
      "message",
      "file",
      "author",
      "date",
      "template",
      "reuse-message",
      "reedit-message",
      "fixup",
      "squash",
      "cleanup",
      "pathspec-from-file",
      "chmod",
      "exclude",
      "gpg-sign",
      "trailer",
    ],
  });
  gitRunsOwnCommands(sub.text, parsed, rest, inner, pushing);
  treeElsewhere(sub.text, rest, inner, program);
  mark({ ...run, state }, gitOutputs(sub.text, rest), "write", program); // from the shell's directory
  switch (sub.text) {
    case "add":
    case "stage":
      mark(inner, parsed.operands, "read", program);
      mark(inner, parsed.values.get("pathspec-from-file") ?? [], "read", program);
      stagedSecrets(parsed, inner, program);
      break;
    case "rm":
      // `--cached` only changes the index: the file stays.
      if (!parsed.flags.has("cached"))
        mark(inner, parsed.operands, "delete", program, { recursive: parsed.flags.has("r"), noFollow: true });
      break;
    case "init":
      mark(inner, parsed.operands.slice(0, 1), "write", program, { recursive: true });
      break;
    case "worktree": {
      // `git worktree add <path> [<commit>]` checks a tree out there; `remove` deletes one, `move` moves it.
      const action = parsed.operands[0]?.text;
      const paths = parseOptions(rest.slice(1), { short: "b", long: ["reason"] }).operands;
      if (action === "add") mark(inner, paths.slice(0, 1), "write", program, { recursive: true });
      else if (action === "remove") mark(inner, paths.slice(0, 1), "delete", program, { recursive: true, noFollow: true });
      else if (action === "move") {
        mark(inner, paths.slice(0, 1), "delete", program, { recursive: true, noFollow: true });
        mark(inner, paths.slice(1, 2), "write", program, { recursive: true });
      }
      break;
    }
    case "stash":
      // `git stash push [--] <pathspec>…` takes the files' changes (and with -u, untracked files) into the
      // stash, and puts the committed version back in the work tree.
      if (parsed.operands[0]?.text === "push") {
        mark(inner, parsed.operands.slice(1), "read", program);
        mark(inner, parsed.operands.slice(1), "write", program);
      }
      break;
    case "push":
    case "fetch":
    case "pull":
    case "branch":
    case "tag":
    case "remote":
    case "help":
    case "merge":
    case "rebase":
    case "cherry-pick":
    case "revert":
    case "describe":
    case "rev-parse":
    case "reflog":
      break; // their operands are remotes, refs and commits, not files
    case "clone": {
      const dest = parseOptions(rest, {
        short: "obcju",
        long: ["origin", "branch", "config", "depth", "reference", "separate-git-dir", "template", "upload-pack", "jobs", "filter"],
      }).operands;
      if (dest.length >= 2) mark(inner, dest.slice(-1), "write", program, { recursive: true });
      // What it fetched is a download: a script the line runs from the clone runs it (downloads.ts).
      const url = dest[0];
      const folder =
        dest.length >= 2
          ? dest.at(-1)
          : url?.resolved
            ? { text: remoteName(url.text.replace(/\/+$/, ""))?.replace(/\.git$/, "") ?? "", resolved: true }
            : undefined;
      if (folder?.resolved && folder.text !== "") extractsDownload(run.walker, [], folder, inner.state.cwd, true, true);
      break;
    }
    case "mv": {
      const [sources, dest] = [parsed.operands.slice(0, -1), parsed.operands.slice(-1)];
      mark(inner, sources, "delete", program, { noFollow: true });
      mark(inner, dest, "write", program);
      rememberMoves(inner, sources, intoDirectory(inner, dest, sources, false));
      break;
    }
    case "commit":
      mark(inner, [...(parsed.values.get("F") ?? []), ...(parsed.values.get("file") ?? [])], "read", program);
      break;
    case "apply":
    case "am":
      mark(inner, parsed.operands, "read", program);
      gitPatch(sub.text, rest, parsed.operands, inner, program);
      break;
    case "clean":
      if (parsed.flags.has("f") || parsed.flags.has("force")) {
        mark(inner, parsed.operands.length > 0 ? parsed.operands : [{ text: ".", resolved: true }], "delete", program, {
          recursive: parsed.flags.has("d"),
          noFollow: true,
        });
      }
      break;
    case "config":
      gitConfigWrite(rest, inner);
      break;
    case "update-index":
      // `--cacheinfo MODE,SHA,PATH` (or three words): an index entry a later checkout writes out as that file.
      mark(inner, cacheinfoPaths(rest), "write", program);
      generic(parsed.operands, inner, program);
      break;
    case "diff":
      if (parsed.flags.has("no-index")) mark(inner, parsed.operands, "read", program);
      else generic(parsed.operands, inner, program, "read"); // `git diff .env` shows its changes
      break;
    case "log":
    case "blame":
    case "annotate":
    case "shortlog":
    case "whatchanged":
    case "status":
    case "ls-files":
    case "ls-tree":
      generic(parsed.operands, inner, program, "read"); // `git log -p -- .env` shows the file's history
      break;
    case "show":
    case "cat-file":
    case "archive":
    case "grep":
      if (sub.text === "grep" && (parsed.flags.has("no-index") || parsed.flags.has("untracked"))) gitGrepTree(parsed.operands, inner);
      // `HEAD:.env` reads the file as committed (a path from the work tree's root; the shell's directory is close enough).
      for (const op of parsed.operands) {
        const colon = op.text.indexOf(":");
        if (colon >= 0 && colon < op.text.length - 1)
          run.walker.path({ ...op, text: op.text.slice(colon + 1).replace(/^\.\//, "") }, "read", program, state.cwd);
      }
      generic(parsed.operands, inner, program, "read");
      break;
    default:
      // `git checkout -- .env`, `git restore .env`, `git blame .env`, `git log -p -- .env`: the files it names.
      generic(parsed.operands, inner, program);
  }
}

/** Subcommands that rewrite the work tree's files as a whole: a branch switch, a merge, a rebase. */
const REWRITES_TREE = new Set([
  "checkout",
  "switch",
  "merge",
  "pull",
  "rebase",
  "cherry-pick",
  "revert",
  "read-tree",
  "checkout-index",
  "bisect",
  "submodule",
  "sparse-checkout",
]);

function rewritesTree(sub: string, words: string[]): boolean {
  if (sub === "reset") return words.some((w) => w === "--hard" || w === "--merge" || w === "--keep");
  if (sub === "stash") {
    const action = words.find((w) => !w.startsWith("-"));
    return action === undefined || ["push", "save", "pop", "apply", "branch"].includes(action);
  }
  if (sub === "restore")
    return !(words.includes("--staged") || words.includes("-S")) || words.includes("--worktree") || words.includes("-W");
  return REWRITES_TREE.has(sub);
}

/**
 * `git -C ~/.config/hookit reset --hard`, `cd ~/dotfiles && git stash`, `--work-tree=DIR checkout
 * -f`: a work tree outside the project is rewritten whole, a recursive write of the folder git runs
 * in, judged like any other write there (self-protection, no-writes-outside-project). Inside the
 * project, or in a repository that holds the project (a monorepo's package), it is the project's own
 * work, which no-work-loss judges.
 */
function treeElsewhere(sub: string, rest: Field[], run: Run, program: string): void {
  const folder = run.state.cwd;
  const words = rest.map((f) => f.text);
  if (folder === null || !rewritesTree(sub, words)) return;
  const real = realPath(folder);
  const project = run.walker.at.project;
  if (project === real || project.startsWith(`${real}/`) || locate(real, run.walker.at) !== "outside") return;
  mark(run, [{ text: real, resolved: true }], "write", program, { recursive: true });
}

/**
 * The files `git apply` and `git am` change: those the patch names (patch-text.ts), from the
 * patch files or what the line feeds them, below `--directory`. A report (`--check`, `--stat`)
 * or an index-only apply (`--cached`) changes none.
 */
function gitPatch(sub: string, rest: Field[], patches: Field[], run: Run, program: string): void {
  const words = rest.map((f) => f.text);
  const reports = ["--check", "--stat", "--numstat", "--summary"].some((w) => words.includes(w));
  if ((reports && !words.includes("--apply")) || words.includes("--cached")) return;
  const strip = patchStrip(words) ?? 1;
  const directory = words.find((w) => w.startsWith("--directory="))?.slice("--directory=".length);
  const stdin = run.walker.stdinFile !== undefined ? patchText(run.walker, run.walker.stdinFile, run.state.cwd) : run.stdin;
  const texts = patches.length > 0 ? patches.map((p) => (p.resolved ? patchText(run.walker, p.text, run.state.cwd) : undefined)) : [stdin];
  for (const text of texts) {
    if (text === undefined) {
      run.walker.unresolved(`git ${sub}: the files its patch names`);
      run.walker.losses.push(unreadPatch(run.state.cwd));
      continue;
    }
    const { writes, deletes } = patchTargets(text, strip);
    const at = (path: string): Field => ({ text: directory ? join(directory, path) : path, resolved: true });
    mark(run, writes.map(at), "write", program);
    mark(run, deletes.map(at), "delete", program);
  }
}

/** `-pN` / `-p N` / `--strip=N`: how many leading components of each name a patch drops. */
function patchStrip(words: readonly string[]): number | undefined {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const value = /^-p(\d+)$/.exec(word)?.[1] ?? /^--strip=(\d+)$/.exec(word)?.[1] ?? (word === "-p" ? words[i + 1] : undefined);
    if (value !== undefined && /^\d+$/.test(value)) return Number(value);
  }
  return undefined;
}
