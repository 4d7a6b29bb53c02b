// What the common programs do with their arguments: which operands they read,
// write or delete, which are data (patterns, scripts, messages), and which run
// another command (wrappers, shells, `find -exec`, `xargs`). A program not
// listed here still has its path-like operands recorded as `access`.
import { basename, dirname, join, resolve } from "node:path";
import { ARG_SEP, type Field, type Lines, type ShellState } from "./expand.ts";
import { shellQuote } from "./candidate.ts";
import { codeMentions } from "./inline-code.ts";
import { segmentRegExp } from "./glob.ts";
import { findOutput } from "./output.ts";
import { parseOptions, type OptionSpec } from "./options.ts";
import { isDirectory, realPath } from "./paths.ts";
import { ag, gitGrepTree, grep, rg } from "./search.ts";
import { gitConfigWrite, gitRunsOwnCommands, gitSettings } from "./git-run.ts";
import { findLoss, gitLosses, globLoss, overwriteLoss } from "./work-loss.ts";
import type { Effect } from "./types.ts";
import { parallel, xargs } from "./xargs.ts";
import { copy, printfValue, type PathOptions, type Walker } from "./walk.ts";
import { existsSync } from "node:fs";

export interface Run {
  walker: Walker;
  state: ShellState;
  depth: number;
  /** Standard input when the command line says what it is (a here-string, a here-document, `echo … |`). */
  stdin?: string;
  /** The paths on standard input when hookit can derive them (`find … |`, `< <(ls -a)`). */
  lines?: Lines;
}
type Handler = (args: Field[], run: Run, program: string) => void;

const mark = (run: Run, fields: readonly Field[], effect: Effect, program: string, options?: PathOptions) => {
  // Indexed loops on this path: see "Loops" in docs/performance.md.
  for (let i = 0; i < fields.length; i++) run.walker.path(fields[i]!, effect, program, run.state.cwd, options);
  if (effect === "delete") globLoss(fields, run.state.cwd, run.walker.losses);
};
const exec = (run: Run, argv: Field[], via: string) => run.walker.run(argv, run.state, via, run.depth + 1);

/** Reads every operand; `spec` says which options take a value. */
const reads =
  (spec: OptionSpec = {}): Handler =>
  (args, run, program) => {
    mark(run, parseOptions(args, spec).operands, "read", program);
    args.forEach((_, k) => outputOption(args, k, run, program)); // `openssl enc -in x -out ~/y`, `gpg -o ~/y`
  };
const writes =
  (spec: OptionSpec = {}): Handler =>
  (args, run, program) =>
    mark(run, parseOptions(args, spec).operands, "write", program);
/** The first operand is data (a pattern, a mode, a script); the rest are read, or written with `-i`. */
const afterFirst =
  (spec: OptionSpec, effect: Effect, dataUnless?: string[]): Handler =>
  (args, run, program) => {
    const parsed = parseOptions(args, spec);
    const explicit = dataUnless?.some((name) => parsed.values.has(name));
    const files = explicit ? parsed.operands : parsed.operands.slice(1);
    for (const name of ["f", "file", "from-file"]) mark(run, parsed.values.get(name) ?? [], "read", program);
    const inPlace = parsed.flags.has("i") || parsed.flags.has("in-place");
    mark(run, files, effect === "read" && inPlace && (program === "sed" || program === "gsed") ? "write" : effect, program);
    if (inPlace && (program === "sed" || program === "gsed")) mark(run, files, "read", program);
  };

const sedFiles = afterFirst({ short: "eflE", long: ["expression", "file", "line-length"] }, "read", ["e", "expression", "f", "file"]);

/** sed's `e COMMAND` runs COMMAND; a bare `e` and the `s///e` flag run text from the input, which hookit cannot know. */
function sedRuns(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { short: "eflE", long: ["expression", "file", "line-length"] });
  const scripts = [...(parsed.values.get("e") ?? []), ...(parsed.values.get("expression") ?? [])];
  if (scripts.length === 0 && !parsed.values.has("f") && !parsed.values.has("file") && parsed.operands[0]) scripts.push(parsed.operands[0]);
  for (const script of scripts) {
    sedFileCommands(script, run, program);
    if (!/e/.test(script.text)) continue;
    for (const line of script.text.split(/[\n;]/)) {
      // An address (`1`, `$`, `/re/`, `1,3`) then the command letter.
      const m = /^\s*(?:[0-9$]+|\/(?:[^/\\]|\\.)*\/)?(?:\s*,\s*(?:[0-9$]+|\/(?:[^/\\]|\\.)*\/))?\s*!?\s*e(?:\s+(.*))?$/s.exec(line);
      if (m?.[1]) run.walker.shell(m[1], copy(run.state), `${program} e`, run.depth);
      else if (m) run.walker.unresolved(`${program} e: a command from its input`);
    }
    // `s/…/…/e` (any delimiter): the pattern space after the substitution runs as a command.
    const s = /(?:^|[;\n{}\s])s(.)(?:(?!\1)[^\\]|\\.)*\1((?:(?!\1)[^\\]|\\.)*)\1[gpIiMm0-9w]*e/s.exec(script.text);
    if (s) {
      run.walker.unresolved(`${program} s///e: a command made from its input`);
      run.walker.shell(s[2] as string, copy(run.state), `${program} s///e`, run.depth);
    }
  }
}

/** An address (`1`, `$`, `/re/`, `1,3`, `1~2`) before a sed command. */
const SED_ADDRESS = String.raw`(?:[0-9$~]+|\/(?:[^/\\]|\\.)*\/)?(?:\s*,\s*(?:[0-9$~+]+|\/(?:[^/\\]|\\.)*\/))?\s*!?\s*`;
const SED_FILE = new RegExp(`^\\s*${SED_ADDRESS}([rRwW])\\s+(.+)$`, "s");
/** `s/a/b/w FILE`: the substitution's `w` flag writes the lines it changed. */
const SED_S_WRITE = /(?:^|[;\n{}\s])s(.)(?:(?!\1)[^\\]|\\.)*\1(?:(?!\1)[^\\]|\\.)*\1[gpIiMme0-9]*w\s+(.+)$/s;

/** sed's `r FILE`/`R FILE` read a file into the output, `w FILE`/`W FILE` and `s///w FILE` write one (the name runs to the end of the line). */
function sedFileCommands(script: Field, run: Run, program: string): void {
  if (!/[rRwW]/.test(script.text)) return;
  for (const line of script.text.split("\n")) {
    const m = SED_FILE.exec(line) ?? undefined;
    const name = (m?.[2] ?? SED_S_WRITE.exec(line)?.[2])?.trim();
    if (!name) continue;
    const effect = m && (m[1] === "r" || m[1] === "R") ? "read" : "write";
    run.walker.path({ text: name, resolved: script.resolved }, effect, program, run.state.cwd);
  }
}

const DATA = [
  "echo",
  "true",
  "false",
  "test",
  "[",
  ":",
  "sleep",
  "date",
  "whoami",
  "id",
  "uname",
  "hostname",
  "pwd",
  "kill",
  "wait",
  "jobs",
  "history",
  "type",
  "which",
  "hash",
  "ulimit",
  "umask",
  "yes",
  "seq",
  "expr",
  "let",
  "basename",
  "dirname",
  "ls",
  "du",
  "df",
  "ps",
  "printenv",
  "unalias",
  "unset",
  "set",
  "shift",
  "exit",
  "return",
  "break",
  "continue",
  "tput",
  "clear",
  "stty",
  "getopts",
  "shopt",
  "times",
  "disown",
  "fg",
  "bg",
  "tree",
  "stat",
  "realpath",
  "readlink",
  "exa",
  "eza",
  "lsof",
  "pgrep",
  "pkill",
  "uptime",
  "free",
  "top",
  "htop",
];
const ASSIGNING = ["export", "local", "declare", "typeset", "readonly"];
const SHELLS = ["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish", "busybox-sh"];
const INLINE: Record<string, string[]> = {
  python: ["c"],
  python2: ["c"],
  python3: ["c"],
  pypy: ["c"],
  pypy3: ["c"],
  node: ["e", "eval", "p", "print"],
  nodejs: ["e", "eval", "p", "print"],
  bun: ["e", "eval", "p", "print"],
  deno: ["eval"],
  perl: ["e", "E"],
  ruby: ["e"],
  php: ["r"],
  lua: ["e"],
  luajit: ["e"],
  osascript: ["e"],
  pwsh: ["c", "Command", "command"],
  powershell: ["c", "Command", "command"],
  Rscript: ["e"],
  tclsh: [],
  R: ["e"],
};
const READERS = [
  "cat",
  "tac",
  "nl",
  "less",
  "more",
  "most",
  "bat",
  "batcat",
  "view",
  "od",
  "xxd",
  "hexdump",
  "hd",
  "strings",
  "base64",
  "base32",
  "md5sum",
  "sha1sum",
  "sha224sum",
  "sha256sum",
  "sha384sum",
  "sha512sum",
  "b2sum",
  "cksum",
  "sum",
  "wc",
  "uniq",
  "paste",
  "fold",
  "fmt",
  "pr",
  "column",
  "diff",
  "cmp",
  "comm",
  "iconv",
  "file",
  "zcat",
  "gzcat",
  "bzcat",
  "xzcat",
  "zstdcat",
  "zless",
  "zmore",
  "expand",
  "unexpand",
  "rev",
  "look",
  "shuf",
  "open",
  "xdg-open",
  "lp",
  "lpr",
  "source",
  ".",
  "md5",
  "shasum",
  "split",
  "csplit",
  "pbcopy",
  "xclip",
  "xsel",
  "wl-copy",
  "gpg",
  "openssl",
  "diff3",
  "sdiff",
  "colordiff",
  "vimdiff",
  "highlight",
  "pygmentize",
  "glow",
  "mdcat",
  "man",
];

// What each program does with its arguments: a handler is made when a command first runs the
// program (a call runs a few of some 250), not all at load time, where building the whole table
// cost every parsed call about half a million instructions.
function explicitHandler(program: string): Handler | undefined {
  switch (program) {
    case "rm":
    case "srm":
    case "trash":
    case "trash-put":
      // srm overwrites, trash moves to the trash can: either way the file is gone from where it was.
      return (args, run, program) => {
        const parsed = parseOptions(args);
        const recursive = ["r", "R", "recursive"].some((f) => parsed.flags.has(f));
        mark(run, parsed.operands, "delete", program, { recursive, noFollow: true });
      };
    case "rmdir":
    case "unlink":
      return (args, run, program) => mark(run, parseOptions(args).operands, "delete", program, { noFollow: true });
    case "shred":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "nsx", long: ["iterations", "size", "remove", "random-source"] });
        mark(run, parsed.operands, parsed.flags.has("u") || parsed.flags.has("remove") ? "delete" : "write", program);
      };
    case "cp":
      return (args, run, program) => copyLike(args, run, program, false);
    case "mv":
      return (args, run, program) => copyLike(args, run, program, true);
    case "install":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "mogtS", long: ["mode", "owner", "group", "target-directory", "suffix"] });
        if (parsed.flags.has("d")) return mark(run, parsed.operands, "write", program);
        copyLike(args, run, program, false);
      };
    case "ln":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "tS", long: ["target-directory", "suffix"] });
        const target = parsed.values.get("t") ?? parsed.values.get("target-directory");
        if (target) return mark(run, target, "write", program);
        if (parsed.operands.length < 2) return;
        const [from, to] = parsed.operands.slice(-2) as [Field, Field];
        mark(run, [to], "write", program);
        const symbolic = parsed.flags.has("s") || parsed.flags.has("symbolic");
        // A hard link is a second name of the same file: whatever writes through it writes `from`.
        if (!symbolic) mark(run, [from], "write", program);
        rememberLink(run, from, to, symbolic);
      };
    case "tee":
    case "sponge":
      return writes();
    case "mkfifo":
      return writes({ short: "mZ", long: ["mode", "context"] });
    case "mknod":
      return (args, run, program) =>
        mark(run, parseOptions(args, { short: "mZ", long: ["mode", "context"] }).operands.slice(0, 1), "write", program);
    // `uniq IN OUT`, `split FILE PREFIX`: the last operand is written.
    case "uniq":
      return (args, run, program) =>
        inThenOut(
          parseOptions(args, { short: "fsw", long: ["skip-fields", "skip-chars", "check-chars", "group", "all-repeated"] }),
          run,
          program,
        );
    case "split":
      return (args, run, program) =>
        inThenOut(
          parseOptions(args, {
            short: "abCdlnt",
            long: ["suffix-length", "additional-suffix", "bytes", "line-bytes", "lines", "number", "separator", "filter"],
          }),
          run,
          program,
        );
    // `xxd [-r] IN OUT`: OUT is written, with or without -r (which turns a dump back into bytes).
    case "xxd":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "cglsoCn", long: ["cols", "groupsize", "len", "seek", "offset", "name"] });
        mark(run, parsed.operands.slice(0, 1), "read", program);
        mark(run, parsed.operands.slice(1, 2), "write", program);
      };
    // `csplit -f PREFIX FILE PATTERN…`: it writes PREFIX00, PREFIX01, … (`xx` in the current folder by default).
    case "csplit":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "fbn", long: ["prefix", "suffix-format", "digits"] });
        mark(run, parsed.operands.slice(0, 1), "read", program);
        const prefix = parsed.values.get("f") ?? parsed.values.get("prefix") ?? [];
        mark(
          run,
          prefix.map((p) => ({ ...p, text: `${p.text}00` })),
          "write",
          program,
        );
      };
    case "shuf":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "noi", long: ["head-count", "output", "input-range", "random-source"] });
        mark(run, parsed.operands, "read", program);
        mark(run, parsed.values.get("o") ?? parsed.values.get("output") ?? [], "write", program);
      };
    // `mktemp ~/x.XXXX`, `mktemp -p DIR`: the file (or folder) it makes.
    case "mktemp":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "p", long: ["tmpdir", "suffix"] });
        const dir = parsed.values.get("p")?.[0] ?? parsed.values.get("tmpdir")?.[0];
        const template = parsed.operands[0];
        if (dir) mark(run, [template ? { ...template, text: join(dir.text, template.text) } : dir], "write", program);
        else if (template?.text.includes("/")) mark(run, [template], "write", program);
      };
    case "touch":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "dtr", long: ["date", "reference", "time"] });
        mark(run, parsed.operands, "write", program);
      };
    case "mkdir":
      return writes({ short: "m", long: ["mode", "context"] });
    case "truncate":
      return writes({ short: "sr", long: ["size", "reference"] });
    case "chmod":
    case "chown":
    case "chgrp":
      return modeThenFiles;
    case "dd":
      return (args, run, program) => {
        for (const arg of args) {
          if (arg.text.startsWith("if=")) run.walker.path({ ...arg, text: arg.text.slice(3) }, "read", program, run.state.cwd);
          if (arg.text.startsWith("of=")) run.walker.path({ ...arg, text: arg.text.slice(3) }, "write", program, run.state.cwd);
        }
      };
    case "sed":
    case "gsed":
      return (args, run, program) => {
        sedRuns(args, run, program);
        sedFiles(args, run, program);
      };
    case "awk":
    case "gawk":
    case "mawk":
    case "nawk":
      return awk;
    case "grep":
    case "egrep":
    case "fgrep":
    case "zgrep":
    case "ack":
    case "rgrep":
    case "ggrep":
      return grep;
    case "rg":
      return rg;
    case "ag":
      return ag;
    case "head":
      return reads({ short: "nc", long: ["lines", "bytes"] });
    case "tail":
      return reads({ short: "ncs", long: ["lines", "bytes", "sleep-interval", "pid"] });
    case "cut":
      return reads({ short: "dfbc", long: ["delimiter", "fields", "bytes", "characters", "output-delimiter"] });
    case "sort":
      return (args, run, program) => {
        const parsed = parseOptions(args, {
          short: "otSTkt",
          long: ["output", "key", "field-separator", "buffer-size", "temporary-directory", "files0-from"],
        });
        mark(run, parsed.operands, "read", program);
        mark(run, parsed.values.get("o") ?? parsed.values.get("output") ?? [], "write", program);
      };
    case "jq":
      return (args, run, program) => {
        const parsed = parseOptions(args, {
          short: "fL",
          long: ["from-file", "indent", "arg", "argjson", "slurpfile", "rawfile", "args", "jsonargs"],
        });
        mark(run, parsed.operands.slice(parsed.values.has("f") || parsed.values.has("from-file") ? 0 : 1), "read", program);
        mark(run, parsed.values.get("f") ?? parsed.values.get("from-file") ?? [], "read", program);
      };
    case "yq":
      return reads();
    case "tar":
      return tar;
    case "zip":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "bintxP", long: ["temp-path", "password"] });
        mark(run, parsed.operands.slice(0, 1), "write", program);
        mark(run, parsed.operands.slice(1), "read", program);
        if (parsed.flags.has("r") || parsed.flags.has("R") || parsed.flags.has("recurse-paths"))
          secretsOf(run, parsed.operands.slice(1), program, parsed.values.get("x") ?? []);
      };
    case "unzip":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "dxP" });
        mark(run, parsed.operands.slice(0, 1), "read", program);
        mark(run, parsed.values.get("d") ?? [{ text: ".", resolved: true }], "write", program);
      };
    case "gzip":
    case "gunzip":
    case "bzip2":
    case "bunzip2":
    case "xz":
    case "unxz":
    case "zstd":
    case "lz4":
      return readWrite;
    case "scp":
      return (args, run, program) => remoteCopy(args, run, program, { short: "cFiJloPS" });
    case "rsync":
      return (args, run, program) =>
        remoteCopy(args, run, program, {
          short: "eBfT",
          long: [
            "exclude",
            "include",
            "rsh",
            "filter",
            "exclude-from",
            "include-from",
            "files-from",
            "backup-dir",
            "partial-dir",
            "temp-dir",
            "compare-dest",
            "link-dest",
            "chmod",
            "chown",
            "timeout",
            "port",
            "log-file",
            "password-file",
            "rsync-path",
          ],
        });
    case "curl":
      return curl;
    case "wget":
      return (args, run, program) => {
        const parsed = parseOptions(args, {
          short: "OoiPaeUtTwYQDlXIAR",
          long: [
            "output-document",
            "output-file",
            "input-file",
            "directory-prefix",
            "post-file",
            "body-file",
            "append-output",
            "user-agent",
            "header",
            "post-data",
            "body-data",
            "method",
            "tries",
            "timeout",
            "wait",
          ],
        });
        for (const name of ["O", "output-document", "o", "output-file", "a", "append-output", "P", "directory-prefix"])
          mark(
            run,
            (parsed.values.get(name) ?? []).filter((f) => f.text !== "-"),
            "write",
            program,
          );
        for (const name of ["i", "input-file", "post-file", "body-file"]) mark(run, parsed.values.get(name) ?? [], "read", program);
      };
    case "git":
      return git;
    // handled below, it changes the shell's state
    case "cd":
      return () => undefined;
    case "eval":
      return (args, run) => {
        if (args.some((a) => !a.resolved)) run.walker.unresolved("eval of a value hookit cannot know");
        run.walker.shell(args.map((a) => a.text).join(" "), run.state, "eval", run.depth);
      };
    case "find":
      return find;
    case "xargs":
      return xargs;
    case "env":
      return env;
    case "sudo":
      return wrapper({
        short: "ugpCDhrtTUR",
        long: ["user", "group", "prompt", "chdir", "host", "role", "type", "close-from", "other-user", "command-timeout"],
        posix: true,
      });
    case "doas":
      return wrapper({ short: "uC", posix: true });
    case "command":
      return (args, run, program) => {
        const parsed = parseOptions(args, { posix: true });
        if (parsed.flags.has("v") || parsed.flags.has("V")) return;
        exec(run, args.slice(parsed.rest), program);
      };
    case "builtin":
      return wrapper({ posix: true });
    case "exec":
      return wrapper({ short: "a", posix: true });
    case "taskset":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "", posix: true });
        // `taskset MASK CMD…`, `taskset -c LIST CMD…`: the first operand is the CPU list; `-p` acts on a pid.
        if (!parsed.flags.has("p") && !parsed.flags.has("pid")) exec(run, args.slice(parsed.rest + 1), program);
      };
    case "prlimit":
      return (args, run, program) =>
        exec(run, args.slice(parseOptions(args, { short: "p", long: ["pid", "output"], posix: true }).rest), program);
    case "setpriv":
      return wrapper({
        long: ["reuid", "regid", "groups", "inh-caps", "ambient-caps", "bounding-set", "securebits", "selinux-label", "apparmor-profile"],
        posix: true,
      });
    case "chrt":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "TPD", long: ["sched-runtime", "sched-period", "sched-deadline"], posix: true });
        if (!parsed.flags.has("p") && !parsed.flags.has("pid")) exec(run, args.slice(parsed.rest + 1), program); // the priority first
      };
    case "numactl":
      return wrapper({ short: "CNmMpP", long: ["cpunodebind", "membind", "physcpubind", "preferred", "interleave"], posix: true });
    case "npx":
    case "pnpx":
    case "bunx":
      // `npx -c 'cmd'` runs the string in a shell; otherwise the first operand is the package's program.
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "pc", long: ["package", "call"], posix: true });
        const call = [...(parsed.values.get("c") ?? []), ...(parsed.values.get("call") ?? [])];
        for (const c of call) run.walker.shell(c.text, copy(run.state), `${program} -c`, run.depth);
        if (call.length === 0) exec(run, args.slice(parsed.rest), program);
      };
    case "nohup":
    case "setsid":
    case "chronic":
    case "unbuffer":
      return wrapper({ posix: true });
    case "caffeinate":
      return wrapper({ short: "tw", posix: true });
    case "nice":
      return wrapper({ short: "n", long: ["adjustment"], posix: true });
    case "ionice":
      return wrapper({ short: "cnp", long: ["class", "classdata", "pid"], posix: true });
    case "stdbuf":
      return wrapper({ short: "ioe", long: ["input", "output", "error"], posix: true });
    case "time":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "of", long: ["output", "format"], posix: true });
        mark(run, parsed.values.get("o") ?? parsed.values.get("output") ?? [], "write", program);
        exec(run, args.slice(parsed.rest), program);
      };
    case "timeout":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "sk", long: ["signal", "kill-after"], posix: true });
        exec(run, args.slice(parsed.rest + 1), program); // the first operand is the duration
      };
    case "watch":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "nqd", long: ["interval", "differences", "chgexit"], posix: true });
        run.walker.shell(
          args
            .slice(parsed.rest)
            .map((a) => a.text)
            .join(" "),
          run.state,
          program,
          run.depth,
        );
      };
    case "flock":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "wEc", long: ["timeout", "conflict-exit-code", "command"], posix: true });
        // `flock FILE -c CMD`: the options may follow the lock file.
        const after = parseOptions(args.slice(parsed.rest + 1), {
          short: "wEc",
          long: ["timeout", "conflict-exit-code", "command"],
          posix: true,
        });
        const command = [parsed, after].flatMap((p) => [...(p.values.get("c") ?? []), ...(p.values.get("command") ?? [])]);
        if (command.length > 0) for (const c of command) run.walker.shell(c.text, run.state, program, run.depth);
        else exec(run, args.slice(parsed.rest + 1 + after.rest), program);
      };
    case "busybox":
      return (args, run, program) => exec(run, args, program);
    case "su":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "cgGsw", long: ["command", "group", "supp-group", "shell", "whitelist-environment"] });
        for (const command of [...(parsed.values.get("c") ?? []), ...(parsed.values.get("command") ?? [])])
          run.walker.shell(command.text, copy(run.state), `${program} -c`, run.depth);
      };
    case "runuser":
      return wrapper({ short: "ugG", long: ["user", "group", "supp-group"], posix: true });
    case "chroot":
      return (args, run, program) =>
        exec(run, args.slice(parseOptions(args, { long: ["userspec", "groups"], posix: true }).rest + 1), program);
    case "strace":
      return wrapper({ short: "oeEpPsSuabIX", posix: true });
    case "ltrace":
      return wrapper({ short: "oeEpsSuan", posix: true });
    case "fakeroot":
      return wrapper({ short: "isb", posix: true });
    case "proxychains":
    case "proxychains4":
      return wrapper({ short: "f", posix: true });
    case "torsocks":
      return wrapper({ short: "uapP", posix: true });
    case "firejail":
      return wrapper({ posix: true });
    case "unshare":
      return wrapper({ short: "S", posix: true });
    case "systemd-run":
      return wrapper({
        short: "pEu",
        long: ["property", "setenv", "unit", "working-directory", "uid", "gid", "nice", "description", "slice"],
        posix: true,
      });
    // An alias body runs wherever its name is used (with expand_aliases, as agents' shell snapshots set it): judge it as run.
    case "alias":
      return (args, run, program) => {
        for (const arg of args) {
          const m = /^([^=\s]+)=(.+)$/s.exec(arg.text);
          if (!m) continue;
          run.walker.aliases.set(m[1] as string, m[2] as string);
          run.walker.shell(m[2] as string, run.state, program, run.depth);
        }
      };
    case "patch":
      return (args, run, program) => {
        const parsed = parseOptions(args, {
          short: "pFioBrDdYzVgL",
          long: [
            "strip",
            "fuzz",
            "input",
            "output",
            "prefix",
            "reject-file",
            "directory",
            "basename-prefix",
            "suffix",
            "version-control",
            "get",
            "ifdef",
            "quoting-style",
          ],
        });
        mark(run, parsed.values.get("i") ?? parsed.values.get("input") ?? parsed.operands.slice(1), "read", program);
        mark(run, parsed.values.get("o") ?? parsed.values.get("output") ?? parsed.operands.slice(0, 1), "write", program);
        if (!parsed.values.has("o") && !parsed.values.has("output") && parsed.operands.length === 0)
          run.walker.unresolved("patch: files named in the patch");
      };
    case "read":
      return (args, run) => {
        const names = parseOptions(args, { short: "adinNpt" }).operands;
        // `read f <<< .env`: the first line, split over the names (the last takes the rest).
        const words = run.stdin
          ?.split("\n")[0]
          ?.trim()
          .split(/[ \t]+/);
        names.forEach((arg, k) => {
          const value = words && (k === names.length - 1 ? words.slice(k).join(" ") : words[k]);
          run.state.vars.set(arg.text, value ?? null);
          const lines = run.lines ?? run.walker.loopInput;
          if (lines) run.walker.expand.readLines.set(arg.text, lines);
        });
      };
    // `trap 'cmd' EXIT`: the command runs later, on the signal.
    case "trap":
      return (args, run, program) => {
        const [action] = args;
        if (action && !action.text.startsWith("-")) run.walker.shell(action.text, run.state, program, run.depth);
      };
    // `at now <<< 'cmd'`, `echo cmd | batch`: commands from its input (or `-f file`).
    case "at":
    case "batch":
      return atLike;
    case "ssh":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "bcDEeFIiJLlmOoPpQRSWw", posix: true });
        sshOptions(parsed.values.get("o") ?? [], run, program);
        const command = args.slice(parsed.rest + 1);
        // It runs in the remote account's home: for localhost, this machine's.
        if (command.length > 0)
          run.walker.shell(command.map((c) => c.text).join(" "), { ...copy(run.state), cwd: run.walker.expand.home }, program, run.depth);
      };
    // `parallel CMD ::: a b`, `… | parallel CMD`: xargs.ts.
    case "parallel":
      return parallel;
    // `printf -v NAME FORMAT …` assigns what it would print.
    case "printf":
      return (args, run) => {
        const [flag, name, format, ...rest] = args;
        if (flag?.text !== "-v" || !name) return;
        const known = format && [format, ...rest].every((a) => a.resolved);
        run.state.vars.set(
          name.text,
          known
            ? (printfValue(
                format.text,
                rest.map((a) => a.text),
              ) ?? null)
            : null,
        );
      };
    case "script":
      return (args, run, program) => {
        const parsed = parseOptions(args, { short: "cEeIOBTtm", long: ["command", "log-in", "log-out", "log-io", "log-timing", "echo"] });
        for (const command of [...(parsed.values.get("c") ?? []), ...(parsed.values.get("command") ?? [])])
          run.walker.shell(command.text, copy(run.state), `${program} -c`, run.depth);
        mark(run, parsed.operands, "write", program);
      };
    case "cpio":
      return (args, run, program) => {
        const parsed = parseOptions(args, {
          short: "DEFHIMORC",
          long: ["directory", "pattern-file", "file", "format", "owner", "message"],
        });
        const dir = parsed.values.get("D") ?? parsed.values.get("directory") ?? [{ text: ".", resolved: true }];
        mark(
          run,
          [...(parsed.values.get("F") ?? []), ...(parsed.values.get("file") ?? [])],
          parsed.flags.has("o") ? "write" : "read",
          program,
        );
        // `-i` extracts into the directory, `-p` copies into the one it names: both can write anything below it.
        if (parsed.flags.has("i") || parsed.flags.has("extract")) mark(run, dir, "write", program, { recursive: true });
        if (parsed.flags.has("p") || parsed.flags.has("pass-through"))
          mark(run, parsed.operands.slice(0, 1), "write", program, { recursive: true });
      };
    case "mapfile":
      return () => undefined;
    case "vim":
    case "vi":
    case "nvim":
    case "nano":
    case "emacs":
    case "code":
    case "subl":
    case "micro":
    case "ed":
    case "pico":
    case "joe":
      return editor;
  }
  return undefined;
}

const ignore: Handler = () => undefined;
const readsOperands = reads();
const source: Handler = (args, run, program) => {
  const first = args[0]?.text;
  if (first === "/dev/fd/63" || first === "/dev/stdin" || first === "/dev/fd/0") {
    const script = first === "/dev/fd/63" ? run.walker.procScripts.shift() : run.stdin;
    if (script === undefined) run.walker.unresolved(`${program} runs a command's output`);
    else run.walker.shell(script, run.state, `${program} <(…)`, run.depth);
    return;
  }
  mark(run, args.slice(0, 1), "read", program);
  if (args[0]) run.walker.unresolved(`sourced file: ${args[0].text}`);
};
const assigning: Handler = (args, run) => {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(arg.text);
    if (!m) continue;
    run.state.vars.set(m[1] as string, arg.resolved ? (m[2] as string) : null);
    run.walker.assigned(m[1] as string, arg.resolved ? (m[2] as string) : null, run.state, run.depth);
  }
};
/**
 * The handler of `program`, in the order the lists overrule each other: interpreters, shells,
 * assignments, `source`, the programs whose arguments are data, the handlers above, then the
 * programs that read their operands.
 */
function lookupHandler(program: string): Handler | undefined {
  if (Object.hasOwn(INLINE, program)) return interpreter;
  if (SHELLS.includes(program)) return shellProgram;
  if (ASSIGNING.includes(program)) return assigning;
  if (program === "source" || program === ".") return source;
  if (DATA.includes(program)) return ignore;
  return explicitHandler(program) ?? (READERS.includes(program) ? readsOperands : undefined);
}

const handlers = new Map<string, Handler>();

/**
 * `lookupHandler`, made once per program and process. Only known programs are kept: the names
 * of unknown ones come from the commands, and a long-lived host (Pi, OpenCode) sees no end of them.
 */
function handlerOf(program: string): Handler | undefined {
  let handler = handlers.get(program);
  if (handler === undefined) {
    handler = lookupHandler(program);
    if (handler) handlers.set(program, handler);
  }
  return handler;
}

/** Whether hookit knows what `program` does (it has a handler, or is plain data like `echo`). */
export const knownProgram = (program: string): boolean => handlerOf(program) !== undefined;

/**
 * How well the facts know what `program` does with its words, for self-protection's rule
 * (src/protect/command.ts): `known` — every path it acts on is a path fact with its effect
 * (`changes-below`: and a recursive write of it changes what is already below the folder);
 * `runs-code` — it runs code or a script the line hands it, whose words it may use in any way;
 * `unknown` — no handler, so a word may name anything it writes.
 */
export function programUse(program: string): "known" | "runs-code" | "unknown" | "changes-below" {
  if (CHANGES_BELOW.has(program)) return "changes-below";
  if (Object.hasOwn(INLINE, program)) return "runs-code";
  return handlerOf(program) === undefined ? "unknown" : "known";
}

export function runProgram(program: string, args: Field[], run: Run): void {
  if (program === "cd" || program === "pushd" || program === "popd") return changeDirectory(program, args, run);
  const handler = handlerOf(program);
  if (handler) handler(args, run, program);
  else generic(args, run, program);
}

function changeDirectory(program: string, args: Field[], run: Run): void {
  const state = run.state;
  const operands = parseOptions(args).operands;
  const target = program === "popd" ? undefined : operands[0];
  const previous = state.cwd;
  if (program === "popd" || (target && !target.resolved)) state.cwd = null;
  else if (!target) state.cwd = run.walker.expand.home;
  else if (target.text === "-") state.cwd = state.oldpwd;
  else if (target.text.startsWith("/")) state.cwd = realPath(target.text);
  else {
    const found = program === "popd" ? undefined : throughCdpath(target.text, state, run.walker.expand.env);
    state.cwd = found !== undefined ? found : state.cwd === null ? null : realPath(join(state.cwd, target.text));
  }
  state.oldpwd = previous;
}

/**
 * `cd x` with CDPATH set looks for x in each of its folders first (an empty entry is the current
 * one): `CDPATH=~ cd .config` goes to ~/.config. `null` when CDPATH's value is unknown; `undefined`
 * when it leaves x to the current folder (no CDPATH, no match, or a name starting with `.`).
 */
function throughCdpath(name: string, state: Run["state"], env: Readonly<Record<string, string | undefined>>): string | null | undefined {
  if (/^\.\.?(\/|$)/.test(name)) return undefined;
  const value = state.vars.has("CDPATH") ? state.vars.get("CDPATH") : env.CDPATH;
  if (value === null) return null;
  if (!value) return undefined;
  for (const entry of value.split(":")) {
    const base = entry === "" || !entry.startsWith("/") ? (state.cwd === null ? null : join(state.cwd, entry)) : entry;
    if (base === null) return null;
    if (isDirectory(join(base, name))) return realPath(join(base, name));
  }
  return undefined;
}

/** Options that name the file a program writes, in most programs that have them (`gcc -o`, `pandoc -o`, `openssl -out`). */
const OUTPUT_OPTIONS = new Set([
  "-o",
  "--output",
  "-out",
  "--out",
  "--output-file",
  "--outfile",
  "--output-dir",
  "--outdir",
  "--out-dir",
  "--outDir",
  "--outFile",
]);

/** The value of an output option at `args[k]`, recorded as written. */
function outputOption(args: Field[], k: number, run: Run, program: string): void {
  const text = (args[k] as Field).text;
  const eq = text.indexOf("=");
  const output = OUTPUT_OPTIONS.has(text)
    ? args[k + 1]
    : eq > 0 && OUTPUT_OPTIONS.has(text.slice(0, eq))
      ? { text: text.slice(eq + 1), resolved: true }
      : undefined;
  if (output?.resolved && /^[/.~]|\//.test(output.text)) run.walker.path(output, "write", program, run.state.cwd);
}

/** Every operand that names a path (has a `/`, starts with `.`, or exists) gets `effect`: `access` where hookit cannot say what the program does with it. */
function generic(args: Field[], run: Run, program: string, effect: Effect = "access"): void {
  for (let k = 0; k < args.length; k++) {
    const arg = args[k]!;
    if (!arg.resolved) continue;
    let text = arg.text;
    outputOption(args, k, run, program);
    if (text.startsWith("-")) {
      const eq = text.indexOf("=");
      if (eq < 0) continue;
      text = text.slice(eq + 1);
    } else if (/^[A-Za-z_][A-Za-z0-9_.-]*=/.test(text)) text = text.slice(text.indexOf("=") + 1);
    if (text.startsWith("@")) text = text.slice(1);
    if (text === "" || text.length > 4096 || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) continue;
    const pathLike = text.includes("/") || text.startsWith(".");
    if (pathLike || (run.state.cwd !== null && existsSync(join(run.state.cwd, text)))) {
      run.walker.path({ text, resolved: true }, effect, program, run.state.cwd);
    }
  }
}

function copyLike(args: Field[], run: Run, program: string, move: boolean): void {
  const parsed = parseOptions(args, {
    short: "tS",
    long: ["target-directory", "suffix", "backup", "sparse", "reflink", "preserve", "no-preserve"],
  });
  const target = parsed.values.get("t") ?? parsed.values.get("target-directory");
  const sources = target ? parsed.operands : parsed.operands.slice(0, -1);
  const dest = target ?? parsed.operands.slice(-1);
  const recursive = ["r", "R", "a", "recursive", "archive"].some((f) => parsed.flags.has(f));
  mark(run, sources, "read", program, recursive ? { recursive } : {});
  // A directory copied (or moved) whole takes its dotenv files along.
  if (recursive || move) secretsOf(run, sources, program, []);
  if (move) mark(run, sources, "delete", program, { noFollow: true });
  const landings = intoDirectory(run, dest, sources, target !== undefined);
  mark(run, landings, "write", program);
  overwriteLoss(sources, landings, recursive, run.state.cwd, run.walker.losses);
}

/** What a copy into a directory writes: `dir/<name of each source>` (`cp x /tmp/` writes /tmp/x, not /tmp). */
function intoDirectory(run: Run, dest: Field[], sources: Field[], isTarget: boolean): Field[] {
  const [dir] = dest;
  const cwd = run.state.cwd;
  if (!dir?.resolved || dest.length !== 1 || sources.some((s) => !s.resolved) || (cwd === null && !dir.text.startsWith("/"))) return dest;
  if (!isTarget && !isDirectory(realPath(resolve(cwd ?? "/", dir.text)))) return dest; // `cp -r src newdir/` makes newdir
  return sources.map((source) => ({ text: join(dir.text, basename(source.text.replace(/(.)\/+$/, "$1"))), resolved: true }));
}

/** Later paths through `to` lead to `from` (a symlink's target is relative to the link's folder). */
function rememberLink(run: Run, from: Field, to: Field, symbolic: boolean): void {
  const cwd = run.state.cwd;
  if (!from.resolved || !to.resolved || cwd === null) return;
  let link = resolve(cwd, to.text);
  if (to.text.endsWith("/") || isDirectory(realPath(link))) link = join(link, basename(from.text));
  run.walker.links.set(link, resolve(symbolic ? dirname(link) : cwd, from.text));
}

/** The secret-named files under each directory a recursive copier reads, less those an `--exclude` glob names. */
function secretsOf(run: Run, sources: readonly Field[], program: string, excludes: readonly Field[]): void {
  const patterns = excludes.filter((f) => f.resolved).map((f) => segmentRegExp(f.text.replace(/^.*\//, "")));
  for (const source of sources)
    run.walker.secretsIn(source, program, run.state.cwd, { file: (name) => !patterns.some((re) => re.test(name)) });
}

/** Programs whose `-R` changes what is already below a folder (an archive extracted there only adds to it). */
const CHANGES_BELOW = new Set(["chmod", "chown", "chgrp"]);

function modeThenFiles(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { long: ["reference", "from"] });
  const files = parsed.values.has("reference") ? parsed.operands : parsed.operands.slice(1);
  // `-R` changes everything below each folder.
  mark(run, files, "write", program, parsed.flags.has("R") || parsed.flags.has("recursive") ? { recursive: true } : {});
}

function inThenOut(parsed: ReturnType<typeof parseOptions>, run: Run, program: string): void {
  mark(run, parsed.operands.slice(0, 1), "read", program);
  mark(run, parsed.operands.slice(1, 2), "write", program);
}

function readWrite(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { short: "S", long: ["suffix"] });
  mark(run, parsed.operands, "read", program);
  if (!parsed.flags.has("c") && !parsed.flags.has("stdout") && !parsed.flags.has("l") && !parsed.flags.has("t"))
    mark(run, parsed.operands, "write", program);
}

function editor(args: Field[], run: Run, program: string): void {
  const files = parseOptions(args, { short: "cSTuiw" }).operands.filter((f) => !f.text.startsWith("+"));
  mark(run, files, "read", program);
  mark(run, files, "write", program);
}

function awk(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { short: "fvF", long: ["file", "assign", "field-separator", "include", "load"] });
  // gawk's `-i inplace` (the inplace extension) rewrites the files it reads; `-i` takes no value in this spec, so its name is the first operand.
  const shortInplace = parsed.flags.has("i") && parsed.operands[0]?.text === "inplace";
  const inplace = shortInplace || (parsed.values.get("include") ?? []).some((f) => f.text === "inplace");
  const rest = parsed.operands.slice(shortInplace ? 1 : 0);
  const programFile = parsed.values.get("f") ?? parsed.values.get("file");
  const operands = programFile ? rest : rest.slice(1);
  const text = programFile ? undefined : rest[0]?.text;
  if (text && /system\s*\(|\|\s*getline|"\s*\|/.test(text)) run.walker.unresolved(`inline code: ${program}`);
  if (text && />\s*"/.test(text)) run.walker.unresolved(`inline code: ${program} writes files`);
  if (text) codeMentions(text, run, program);
  // `-v f=.env` / `f=.env` operands: a value the program may open (`getline l < f`) is judged as a name it holds.
  const assigned = [
    ...(parsed.values.get("v") ?? []),
    ...(parsed.values.get("assign") ?? []),
    ...rest.filter((f) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(f.text)),
  ];
  for (const field of assigned) {
    const value = field.text.slice(field.text.indexOf("=") + 1);
    codeMentions(JSON.stringify(value), run, program);
    if (!programFile && text && /getline|<|close\s*\(/.test(text)) generic([{ ...field, text: value }], run, program);
  }
  mark(run, programFile ?? [], "read", program);
  const files = operands.filter((f) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(f.text));
  mark(run, files, "read", program);
  if (inplace) mark(run, files, "write", program);
}

function tar(args: Field[], run: Run, program: string): void {
  const first = args[0];
  const bundled = first?.resolved && /^[A-Za-z]+$/.test(first.text) ? [{ ...first, text: `-${first.text}` }, ...args.slice(1)] : args;
  const parsed = parseOptions(bundled, {
    short: "fCbTXIHLNgKF",
    long: [
      "file",
      "to-command",
      "info-script",
      "new-volume-script",
      "rsh-command",
      "directory",
      "files-from",
      "exclude-from",
      "exclude",
      "use-compress-program",
      "transform",
      "format",
      "owner",
      "group",
      "mode",
      "mtime",
      "newer",
      "after-date",
    ],
  });
  tarRuns(bundled, parsed, run);
  const archive = (parsed.values.get("f") ?? parsed.values.get("file") ?? []).filter((f) => f.text !== "-");
  const create = ["c", "r", "u", "A", "create", "append", "update"].some((f) => parsed.flags.has(f));
  const extract = ["x", "extract", "get"].some((f) => parsed.flags.has(f));
  const lists = parsed.values.get("T") ?? parsed.values.get("files-from") ?? [];
  mark(run, lists, "read", program);
  // `-T -`: the names arrive on the input; known input names the files it archives.
  if (lists.some((f) => f.text === "-") && run.stdin !== undefined)
    mark(
      run,
      run.stdin
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((text) => ({ text, resolved: true })),
      "read",
      program,
    );
  if (create) {
    mark(run, archive, "write", program);
    mark(run, parsed.operands, "read", program, { recursive: true });
    secretsOf(run, parsed.operands, program, parsed.values.get("exclude") ?? []);
  } else {
    mark(run, archive, "read", program);
    if (extract)
      mark(run, parsed.values.get("C") ?? parsed.values.get("directory") ?? [{ text: ".", resolved: true }], "write", program, {
        recursive: true,
      });
  }
}

/** `-o ProxyCommand=…`, `-o LocalCommand=…`, `-o KnownHostsCommand=…` (any case, `=` or a blank): commands run on this machine. */
function sshOptions(options: readonly Field[], run: Run, program: string): void {
  for (const option of options) {
    const m = /^\s*(ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*[=\s]\s*(.+)$/is.exec(option.text);
    if (!m || /^none$/i.test(m[2] as string)) continue;
    if (!option.resolved) run.walker.unresolved(`${program} -o of a value hookit cannot know`);
    run.walker.shell((m[2] as string).replaceAll(/%[%hprnCdiLlkKTuf]/g, "x"), copy(run.state), `${program} -o ${m[1]}`, run.depth);
  }
}

/** The commands tar runs: `--to-command`, `-I`/`--use-compress-program`, `--checkpoint-action=exec=`, volume scripts. */
function tarRuns(args: Field[], parsed: ReturnType<typeof parseOptions>, run: Run): void {
  const commands = ["I", "use-compress-program", "to-command", "info-script", "new-volume-script", "rsh-command"].flatMap(
    (name) => parsed.values.get(name) ?? [],
  );
  for (const field of parsed.values.get("checkpoint-action") ?? [])
    if (field.text.startsWith("exec=")) commands.push({ ...field, text: field.text.slice(5) });
  for (let i = 0; i < args.length; i++) if (args[i]!.text === "-F" && args[i + 1]) commands.push(args[i + 1]!); // `-F` is --info-script
  for (const field of commands) {
    if (!field.resolved) run.walker.unresolved("tar command of a value hookit cannot know");
    run.walker.shell(field.text, copy(run.state), "tar", run.depth);
  }
}

function remoteCopy(args: Field[], run: Run, program: string, spec: OptionSpec): void {
  const parsed = parseOptions(args, spec);
  const local = (f: Field) => !/^[^/]*:/.test(f.text);
  const sources = parsed.operands.slice(0, -1).filter(local);
  const dest = parsed.operands.slice(-1).filter(local);
  mark(run, sources, "read", program, { recursive: true });
  if (program === "rsync" || parsed.flags.has("r")) secretsOf(run, sources, program, parsed.values.get("exclude") ?? []);
  // `rsync -n`: a dry run lists what it would do and changes nothing (what it reads is still read).
  const dry = program === "rsync" && (parsed.flags.has("n") || parsed.flags.has("dry-run"));
  if (!dry) mark(run, dest, "write", program);
  if (!dry && program === "rsync" && [...parsed.flags].some((f) => f.startsWith("delete") || f === "del"))
    mark(run, dest, "delete", program, { recursive: true });
  // `--remove-source-files`: what was sent is deleted from where it came.
  if (!dry && program === "rsync" && parsed.flags.has("remove-source-files")) mark(run, sources, "delete", program, { recursive: true });
  for (const name of ["exclude-from", "include-from", "files-from", "password-file"])
    mark(run, parsed.values.get(name) ?? [], "read", program);
  for (const name of ["i", "F"]) mark(run, parsed.values.get(name) ?? [], "read", program);
}

function curl(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, {
    short: "odTFKbcDHXAeuUxrEwmYy",
    long: [
      "output",
      "data",
      "data-binary",
      "data-raw",
      "data-ascii",
      "data-urlencode",
      "upload-file",
      "form",
      "form-string",
      "config",
      "cookie",
      "cookie-jar",
      "dump-header",
      "header",
      "request",
      "user-agent",
      "referer",
      "user",
      "proxy",
      "range",
      "cert",
      "key",
      "cacert",
      "output-dir",
      "json",
      "trace",
      "trace-ascii",
      "stderr",
      "write-out",
      "max-time",
      "connect-timeout",
      "retry",
    ],
  });
  const values = (names: string[]) => names.flatMap((name) => parsed.values.get(name) ?? []);
  mark(
    run,
    values(["o", "output", "c", "cookie-jar", "D", "dump-header", "trace", "trace-ascii", "stderr"]).filter((f) => f.text !== "-"),
    "write",
    program,
  );
  mark(run, values(["T", "upload-file", "K", "config", "cert", "key", "cacert"]), "read", program);
  for (const field of values([
    "d",
    "data",
    "data-binary",
    "data-ascii",
    "data-urlencode",
    "F",
    "form",
    "json",
    "b",
    "cookie",
    "H",
    "header",
  ])) {
    const m = /^(?:[^=@<]*[=])?[@<](.+)$/s.exec(field.text);
    if (m) run.walker.path({ ...field, text: (m[1] as string).replace(/;.*$/, "") }, "read", program, run.state.cwd);
  }
  if (parsed.flags.has("O") || parsed.flags.has("remote-name"))
    mark(run, values(["output-dir"]).length ? values(["output-dir"]) : [{ text: ".", resolved: true }], "write", program);
}

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
  for (let i = 0; i < dirs.length; i++) {
    const dir = dirs[i]!;
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
  const inner: Run = { ...run, state };
  const losses = gitLosses(sub.text, rest, global.values, state);
  for (let i = 0; i < losses.length; i++) run.walker.losses.push(losses[i]!);
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
  mark(inner, gitOutputs(sub.text, rest), "write", program);
  switch (sub.text) {
    case "add":
    case "stage":
      mark(inner, parsed.operands, "read", program);
      mark(inner, parsed.values.get("pathspec-from-file") ?? [], "read", program);
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
      break;
    }
    case "mv":
      mark(inner, parsed.operands.slice(0, -1), "delete", program, { noFollow: true });
      mark(inner, parsed.operands.slice(-1), "write", program);
      break;
    case "commit":
      mark(inner, [...(parsed.values.get("F") ?? []), ...(parsed.values.get("file") ?? [])], "read", program);
      break;
    case "apply":
    case "am":
      mark(inner, parsed.operands, "read", program);
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

/** Programs `find -exec` runs to delete what it matched. */
const FIND_DELETERS = new Set(["rm", "rmdir", "unlink", "shred"]);

function find(args: Field[], run: Run, program: string): void {
  // What `{}` stands for: the roots, and — under a `-name`/`-path` test — files matching it there.
  const { roots, rest, found } = findOutput(args, run.state.cwd);
  mark(run, roots, "list", program);
  let i = rest;
  for (; i < args.length; i++) {
    const text = (args[i] as Field).text;
    if (text === "-delete") {
      mark(run, found, "delete", program, { recursive: true });
      run.walker.losses.push(findLoss(roots, args.slice(rest), run.state.cwd));
    } else if (["-fprint", "-fprint0", "-fprintf", "-fls"].includes(text) && args[i + 1]) mark(run, [args[++i] as Field], "write", program);
    else if (["-exec", "-execdir", "-ok", "-okdir"].includes(text)) {
      const end = args.findIndex((a, k) => k > i && (a.text === ";" || (a.text === "+" && args[k - 1]?.text === "{}")));
      const stop = end < 0 ? args.length : end;
      const command = args.slice(i + 1, stop);
      // `-exec rm {} +`: a delete of what find matches, judged like `-delete` (a recursive one takes matched folders whole).
      const deleter = command[0]?.resolved ? basename(command[0].text) : "";
      if (FIND_DELETERS.has(deleter)) {
        const recursive = command.slice(1).some((a) => /^-[a-zA-Z]*[rR]/.test(a.text) || a.text === "--recursive");
        run.walker.losses.push(findLoss(roots, args.slice(rest), run.state.cwd, recursive));
      }
      for (const hit of found) {
        exec(
          run,
          command.map((a) =>
            a.text === "{}" ? hit : a.text.includes("{}") ? { ...hit, text: a.text.replaceAll("{}", hit.text), pattern: undefined } : a,
          ),
          `find ${text}`,
        );
      }
      i = stop;
    }
  }
}

function env(args: Field[], run: Run, program: string): void {
  // `-P DIR`: BSD env's search path for the program.
  const parsed = parseOptions(args, { short: "uCSP", long: ["unset", "chdir", "split-string"], posix: true });
  const split = parsed.values.get("S") ?? parsed.values.get("split-string");
  let rest = args.slice(parsed.rest);
  // A lone `-` is `-i` (start with an empty environment), not the program.
  while (rest[0]?.text === "-" && rest[0].resolved) rest = rest.slice(1);
  const chdir = parsed.values.get("C") ?? parsed.values.get("chdir");
  const state = copy(run.state);
  // `-C /abs` goes there, `-C ..` from where the shell is.
  if (chdir)
    state.cwd =
      chdir[0]?.resolved && (run.state.cwd !== null || chdir[0].text.startsWith("/")) ? resolve(run.state.cwd ?? "/", chdir[0].text) : null;
  for (
    let m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(rest[0]?.text ?? "");
    m;
    m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(rest[0]?.text ?? "")
  ) {
    const value = rest[0]!.resolved ? (m[2] as string) : null;
    state.vars.set(m[1] as string, value);
    run.walker.assigned(m[1] as string, value, run.state, run.depth);
    rest = rest.slice(1);
  }
  if (split) {
    run.walker.shell([...split.map((s) => s.text), ...rest.map((r) => r.text)].join(" "), state, program, run.depth);
    return;
  }
  if (rest.length > 0) run.walker.run(rest, state, program, run.depth + 1);
}

function wrapper(spec: OptionSpec): Handler {
  return (args, run, program) => {
    const parsed = parseOptions(args, spec);
    exec(run, args.slice(parsed.rest), program);
  };
}

/** `sh -c 'cat "$1"' _ .env`: the words after the script are `$0`, `$1`, …, and `$@` (also `set --`, a function's call). */
export function positional(state: ShellState, words: Field[]): ShellState {
  const value = (f: Field | undefined) => (f === undefined ? "" : f.resolved ? f.text : null);
  for (let k = 0; k < 10; k++) state.vars.set(String(k), value(words[k]));
  const rest = words.slice(1);
  const known = rest.every((f) => f.resolved);
  state.vars.set("@", known ? rest.map((f) => f.text).join(ARG_SEP) : null);
  state.vars.set("*", known ? rest.map((f) => f.text).join(" ") : null);
  state.vars.set("#", String(rest.length));
  return state;
}

function atLike(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { short: "fqmMt" });
  const file = parsed.values.get("f");
  if (file) return mark(run, file, "read", program);
  if (run.stdin !== undefined) run.walker.shell(run.stdin, copy(run.state), `${program} <<<`, run.depth);
  else run.walker.unresolved(`${program} reads commands from its input`);
}

function shellProgram(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { short: "oO", posix: true });
  const operands = args.slice(parsed.rest);
  if (parsed.flags.has("c")) {
    const text = operands[0];
    if (!text) return;
    if (!text.resolved) run.walker.unresolved(`${program} -c of a value hookit cannot know`);
    run.walker.shell(text.text, positional(copy(run.state), operands.slice(1)), `${program} -c`, run.depth);
    return;
  }
  const first = operands[0]?.text;
  if (first === "/dev/fd/63") {
    // `bash <(…)`: the script is what the substitution prints.
    const script = run.walker.procScripts.shift();
    if (script === undefined) run.walker.unresolved(`${program} runs a command's output`);
    else run.walker.shell(script, positional(copy(run.state), operands), `${program} <(…)`, run.depth);
    return;
  }
  if (first === "/dev/stdin" || first === "/dev/fd/0" || first === "-") {
    if (run.stdin !== undefined) run.walker.shell(run.stdin, positional(copy(run.state), operands), `${program} <<<`, run.depth);
    else run.walker.unresolved(`${program} reads commands from its input`);
    return;
  }
  if (operands[0] && !parsed.flags.has("s")) {
    mark(run, operands.slice(0, 1), "read", program);
    run.walker.unresolved(`script file: ${operands[0].text}`);
  } else if (run.stdin !== undefined) {
    run.walker.shell(run.stdin, copy(run.state), `${program} <<<`, run.depth);
  } else run.walker.unresolved(`${program} reads commands from its input`);
}

function interpreter(args: Field[], run: Run, program: string): void {
  const flags = INLINE[program] ?? [];
  const parsed = parseOptions(args, { short: "mWXO", posix: true });
  // `node --env-file=.env app.js`: a file an option names is opened.
  generic(
    args.slice(0, parsed.rest).filter((a) => a.text.startsWith("--") && a.text.includes("=")),
    run,
    program,
  );
  const inline = [...parsed.flags].find((f) => flags.includes(f)) ?? (program === "deno" && args[0]?.text === "eval" ? "eval" : undefined);
  if (inline) {
    run.walker.unresolved(`inline code: ${program} -${inline.length > 1 ? "-" : ""}${inline}`);
    const fromValue = parsed.values.get(inline)?.[0];
    const code = fromValue ?? args[parsed.rest];
    if (code) codeMentions(code.text, run, program);
    // What follows the code: files a `perl -n/-p` or `ruby -n/-p` loop reads (and `-i` rewrites); otherwise arguments that may be paths.
    const after = args.slice(fromValue ? parsed.rest : parsed.rest + 1);
    const loop = (program === "perl" || program === "ruby") && ["n", "p", "i"].some((f) => parsed.flags.has(f));
    if (!loop) return generic(after, run, program);
    mark(run, after, "read", program);
    if (parsed.flags.has("i")) mark(run, after, "write", program);
    return;
  }
  const operands = args.slice(parsed.rest);
  // `python3 -m json.tool .env`: with a module every operand is its argument; otherwise the first is the script.
  const script = !parsed.values.has("m") && operands[0] !== undefined && !operands[0].text.startsWith("-");
  if (script) mark(run, operands.slice(0, 1), "read", program);
  // `python3 -`, `node` with no script: the program runs whatever arrives on its input.
  else if (!parsed.values.has("m") && (operands.length === 0 || operands[0]!.text === "-")) {
    run.walker.unresolved(`${program} reads code from its input`);
    // `python3 <<EOF … EOF`, `node <<< '…'`: code the line itself hands over is read like `-c`'s.
    if (run.stdin !== undefined) codeMentions(run.stdin, run, program);
  }
  generic(script ? operands.slice(1) : operands, run, program);
}
