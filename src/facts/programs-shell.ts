// The shell's own programs and the interpreters: shells and `eval` run a
// command line, interpreters run code, `cd` moves the shell, assignments and
// `read` set variables, `alias`/`trap` hold commands for later.
import { ASSIGNING, SHELLS } from "./data-programs.ts";
import { join } from "node:path";
import { positional } from "./positional.ts";
import { inlineCodeNow } from "./occasional.lazy.ts";
import { DENO_VALUE_OPTIONS, runsFile } from "./downloads.ts";
import { readCodeScript, walkShellScript } from "./script-files.ts";
import { parseOptions } from "./options.ts";
import { isDirectory, realPath } from "./paths.ts";
import { printfValue } from "./output.ts";
import { ARG_SEP, copy, expandString, splitFields, type Field, type ShellState } from "./expand.ts";
import { INLINE_CODE } from "./unchecked.ts";
import { runsWrittenCode } from "./project-runners.ts";
import { exec, generic, mark, type Handler, type Program, type Run } from "./programs-kit.ts";
import { powershell, preloads } from "./interpreter-inputs.ts";
import { runPackageScripts } from "./package-scripts.ts";

/**
 * Each interpreter's options that run the code given as their value (`python3 -c CODE`), and the
 * short options that take a value (`values`): the value is attached (`python3 -c'…'`, `perl
 * -pe1`) or the next word, so `perl -Mstrict -e …` is not read as `-M -s -t -r -i …`. Node and
 * Bun take no attached code (`node -e'1'` is an error) and read `-pe` as `-p -e`: their `-e`/`-p`
 * are flags followed by the code.
 */
const INLINE: Record<string, { code: string[]; values: string }> = {
  python: { code: ["c"], values: "cmWXQ" },
  python2: { code: ["c"], values: "cmWXQ" },
  python3: { code: ["c"], values: "cmWX" },
  pypy: { code: ["c"], values: "cmWXQ" },
  pypy3: { code: ["c"], values: "cmWX" },
  node: { code: ["e", "eval", "p", "print"], values: "" },
  nodejs: { code: ["e", "eval", "p", "print"], values: "" },
  bun: { code: ["e", "eval", "p", "print"], values: "" },
  deno: {
    code: ["eval"],
    values: DENO_VALUE_OPTIONS.filter((o) => o.length === 2)
      .map((o) => o.slice(1))
      .join(""),
  },
  // TypeScript runners: node with a compiler in front, its options and `-e` too
  tsx: { code: ["e", "eval", "p", "print"], values: "" },
  "ts-node": { code: ["e", "eval", "p", "print"], values: "" },
  "ts-node-esm": { code: ["e", "eval", "p", "print"], values: "" },
  "babel-node": { code: ["e", "eval", "p", "print"], values: "" },
  perl: { code: ["e", "E"], values: "eEMmI" },
  ruby: { code: ["e"], values: "erICEFr" },
  // `-B`/`-R`/`-E` run code before, for each line of, and after the input; `-S host -t DIR` serves DIR
  php: { code: ["r", "B", "R", "E"], values: "rBREFdcfztS" },
  lua: { code: ["e"], values: "el" },
  luajit: { code: ["e"], values: "el" },
  osascript: { code: ["e"], values: "e" },
  pwsh: { code: ["c", "Command", "command"], values: "" },
  powershell: { code: ["c", "Command", "command"], values: "" },
  Rscript: { code: ["e"], values: "e" },
  tclsh: { code: [], values: "" },
  wish: { code: [], values: "" },
  jimsh: { code: [], values: "" },
  expect: { code: ["c"], values: "cfD" },
  julia: { code: ["e", "eval", "E", "print"], values: "eELJ" },
  R: { code: ["e"], values: "e" },
};

/** The interpreters that take node's preload options (`-r`, `--require`, `--import`). */
const NODE_LIKE: ReadonlySet<string> = new Set(["node", "nodejs", "bun", "tsx", "ts-node", "ts-node-esm", "babel-node"]);
/** deno's long options that take the next word as their value, so it is not read as the script. */
const DENO_VALUES = DENO_VALUE_OPTIONS.filter((o) => o.startsWith("--")).map((o) => o.slice(2));

/** Inline code that evaluates text as code (`exec(…)`, `eval …`, `system(…)`, `new Function(…)`). */
const EVALUATES = /\b(exec|eval|system|Function|execSync|spawnSync|popen|instance_eval|module_eval|run_path)\b/;
/** Inline code that reads its standard input (`sys.stdin`, `readFileSync(0)`, `<STDIN>`, `$stdin`, `php://stdin`). */
const READS_INPUT = /stdin|STDIN|readFileSync\s*\(\s*(0|["'`]\/dev\/stdin)|<>|\$<|\bARGF\b|\bgets\b|input\s*\(/;

const source: Handler = (args, run, program) => {
  const first = args[0]?.text;
  if (first === "/dev/fd/63" || first === "/dev/stdin" || first === "/dev/fd/0") {
    const script = first === "/dev/fd/63" ? run.walker.procScripts.shift() : run.stdin;
    if (script === undefined) run.walker.unresolved(`${program} runs a command's output`);
    else run.walker.shell(script, run.state, `${program} <(…)`, run.depth);
    return;
  }
  mark(run, args.slice(0, 1), "read", program);
  if (!args[0]) return;
  runsFile(run.walker, args[0], run.state.cwd, program);
  // It runs in this shell: what it sets and where it goes stay for the rest of the line.
  if (!walkShellScript(run, args[0], run.state, `${program} ${args[0].text}`)) run.walker.unresolved(`sourced file: ${args[0].text}`);
};

const assigning: Handler = (args, run, program) => {
  // `declare -n r=HOME`: r names another variable, and `$r` is that one's value (`export -n` only un-exports).
  const nameref = program !== "export" && args.some((a) => /^-[A-Za-z]*n/.test(a.text));
  for (const arg of args) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(arg.text);
    if (!m) continue;
    const target = m[2] as string;
    const value = !arg.resolved
      ? null
      : !nameref
        ? target
        : /^[A-Za-z_][A-Za-z0-9_]*$/.test(target)
          ? (expandString([{ t: "var", name: target, q: true, src: `$${target}` }], run.state, run.walker.expand) ?? null)
          : null;
    run.state.vars.set(m[1] as string, value);
    run.walker.assigned(m[1] as string, value, run.state, run.depth);
  }
};

export const SHELL: Program[] = [
  { names: Object.keys(INLINE), does: interpreter, use: "runs-code" },
  { names: SHELLS, does: shellProgram },
  { names: ASSIGNING, does: assigning },
  { names: ["source", "."], does: source },
  // The shell's own directory: what later commands resolve from.
  {
    names: ["cd", "pushd", "popd"],
    does: (args, run, program) => changeDirectory(program, args, run),
  },
  {
    names: ["eval"],
    does: (args, run) => {
      if (args.some((a) => !a.resolved)) run.walker.unresolved("eval of a value hookit cannot know");
      run.walker.shell(args.map((a) => a.text).join(" "), run.state, "eval", run.depth);
    },
  },
  // An alias body runs wherever its name is used (with expand_aliases, as agents' shell snapshots set it): judge it as run.
  {
    names: ["alias"],
    does: (args, run, program) => {
      for (const arg of args) {
        const m = /^([^=\s]+)=(.+)$/s.exec(arg.text);
        if (!m) continue;
        run.walker.aliases.set(m[1] as string, m[2] as string);
        run.walker.shell(m[2] as string, run.state, program, run.depth);
      }
    },
  },
  {
    names: ["read"],
    does: (args, run) => {
      const parsed = parseOptions(args, { short: "adinNpt" });
      const names = parsed.operands;
      // The first line's words, split on IFS (`IFS=, read a b`); unknown IFS, unknown words.
      const ifs = run.state.vars.get("IFS");
      const line = run.stdin?.split("\n")[0];
      const blanks = ifs === undefined || ifs === " \t\n";
      const words = line === undefined || ifs === null ? undefined : blanks ? line.trim().split(/[ \t]+/) : splitFields(line, ifs);
      // `read -a arr`: the words are the array's elements (field.ts).
      const array = parsed.values.get("a")?.[0];
      if (array) return void run.state.vars.set(array.text, words ? words.join(ARG_SEP) : null);
      // `read f <<< .env`: the words over the names (the last takes the rest).
      const joiner = blanks ? " " : (ifs?.[0] ?? " ");
      names.forEach((arg, k) => {
        const value = words && (k === names.length - 1 ? words.slice(k).join(joiner) : words[k]);
        run.state.vars.set(arg.text, value ?? null);
        const lines = run.lines ?? run.walker.loopInput;
        if (lines) run.walker.expand.readLines.set(arg.text, lines);
      });
    },
  },
  // `trap 'cmd' EXIT`: the command runs later, on the signal.
  {
    names: ["trap"],
    does: (args, run, program) => {
      const [action] = args;
      if (action && !action.text.startsWith("-")) run.walker.shell(action.text, run.state, program, run.depth);
    },
  },
  // `printf -v NAME FORMAT …` assigns what it would print.
  {
    names: ["printf"],
    does: (args, run) => {
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
    },
  },
  {
    names: ["script"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "cEeIOBTtm", long: ["command", "log-in", "log-out", "log-io", "log-timing", "echo"] });
      for (const command of [...(parsed.values.get("c") ?? []), ...(parsed.values.get("command") ?? [])])
        run.walker.shell(command.text, copy(run.state), `${program} -c`, run.depth);
      mark(run, parsed.operands, "write", program);
    },
  },
  {
    names: ["mapfile"],
    does: () => undefined,
  },
];

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
    else if (!fedScript(run, positional(copy(run.state), operands), program))
      run.walker.unresolved(`${program} reads commands from its input`);
    return;
  }
  if (operands[0] && !parsed.flags.has("s")) {
    mark(run, operands.slice(0, 1), "read", program);
    runsFile(run.walker, operands[0], run.state.cwd, program);
    // `bash x.sh a b`: what the script says, with $0 x.sh and $1 a.
    if (!walkShellScript(run, operands[0], positional(copy(run.state), operands), `${program} ${operands[0].text}`))
      run.walker.unresolved(`script file: ${operands[0].text}`);
  } else if (run.stdin !== undefined) {
    run.walker.shell(run.stdin, copy(run.state), `${program} <<<`, run.depth);
  } else if (!fedScript(run, copy(run.state), program)) run.walker.unresolved(`${program} reads commands from its input`);
}

/** `bash < x.sh`, `cat x.sh | sh`: the file on the shell's input is its script (script-files.ts); false when it is not known. */
function fedScript(run: Run, state: ShellState, program: string): boolean {
  const file = run.walker.stdinFile;
  return file !== undefined && walkShellScript(run, { text: file, resolved: true }, state, `${program} < ${file}`);
}

function interpreter(given: Field[], run: Run, program: string): void {
  // `bun x pkg …`: bunx, a package's program run with the rest.
  if (program === "bun" && given[0]?.text === "x") return exec(run, given.slice(1), program);
  // `bun run NAME`: package.json's script of that name (package-scripts.ts), else the file NAME.
  if (program === "bun" && given[0]?.text === "run") {
    runPackageScripts(given, run, program);
    return interpreter(given.slice(1), run, program);
  }
  // `deno run FILE`, `deno serve FILE`: the script after the subcommand (`deno FILE` runs it too).
  if (program === "deno" && (given[0]?.text === "run" || given[0]?.text === "serve")) return interpreter(given.slice(1), run, program);
  const args = NODE_LIKE.has(program) ? preloads(given, run, program) : given;
  const { code: flags, values } = INLINE[program] ?? { code: [], values: "" };
  const parsed = parseOptions(args, { short: values, long: program === "deno" ? DENO_VALUES : [], posix: true });
  // `node --env-file=.env app.js`: a file an option names is opened.
  generic(
    args.slice(0, parsed.rest).filter((a) => a.text.startsWith("--") && a.text.includes("=")),
    run,
    program,
  );
  if (program === "pwsh" || program === "powershell") return powershell(args, run, program);
  // `ruby -r ./x.rb`: a file it requires runs first (a library by name is Ruby's own or a gem's).
  if (program === "ruby") for (const file of parsed.values.get("r") ?? []) if (/^[./~]/.test(file.text)) readCodeScript(run, file, program);
  // `deno eval CODE`: a subcommand, whose code is the next word.
  const subcommand = program === "deno" && args[0]?.text === "eval" ? 1 : 0;
  const inline = [...parsed.flags].find((f) => flags.includes(f)) ?? (subcommand === 1 ? "eval" : undefined);
  if (inline) {
    run.walker.unresolved(`${INLINE_CODE}${program} -${inline.length > 1 ? "-" : ""}${inline}`);
    // `perl -e 'a' -e 'b'`: the lines of one program
    const given = flags.flatMap((flag) => parsed.values.get(flag) ?? []);
    const fromValue = given.length > 0 ? given.map((field) => field.text).join("\n") : undefined;
    const code = fromValue ?? args[parsed.rest + subcommand]?.text;
    // `python3 -c "$(…)"`: code of a value hookit cannot know, as for a shell's `-c` (made-up.ts says when a program made it up).
    if ((given.length > 0 ? given : [args[parsed.rest + subcommand]]).some((field) => field?.resolved === false))
      run.walker.unresolved(`${program} code of a value hookit cannot know`);
    if (code !== undefined) inlineCodeNow().codeMentions(code, run, program);
    // `curl … | python3 -c "exec(sys.stdin.read())"`: code that evaluates what it reads from its piped input runs the input
    if (code !== undefined && run.fed === true && EVALUATES.test(code) && READS_INPUT.test(code))
      run.walker.unresolved(`${program} reads code from its input`);
    // What follows the code: files a `perl -n/-p` or `ruby -n/-p` loop reads (and `-i` rewrites); otherwise arguments that may be paths.
    const after = args.slice(fromValue !== undefined ? parsed.rest : parsed.rest + subcommand + 1);
    const loop = (program === "perl" || program === "ruby") && ["n", "p", "i"].some((f) => parsed.flags.has(f));
    if (!loop) return generic(after, run, program);
    mark(run, after, "read", program);
    if (parsed.flags.has("i")) mark(run, after, "write", program);
    return;
  }
  const operands = args.slice(parsed.rest);
  serves(run, program, parsed.values, args);
  // `python3 -m pytest`: the test runner, which runs the code the line wrote first (project-runners.ts)
  const module = parsed.values.get("m")?.[0]?.text;
  if (module === "pytest" || module === "unittest") runsWrittenCode(run);
  // `python3 -m tools.clean`: a module of the project (the folder it runs in comes first) is its script.
  else if (module !== undefined && run.state.cwd !== null && /^[\w.]+$/.test(module)) {
    const base = join(run.state.cwd, ...module.split("."));
    for (const file of [`${base}.py`, join(base, "__main__.py")]) readCodeScript(run, { text: file, resolved: true }, program);
  }
  // `python3 <(curl …)`: the script is what the substitution prints; `node /dev/stdin`: what the input holds.
  const first = operands[0]?.text;
  if (!parsed.values.has("m") && (first === "/dev/fd/63" || first === "/dev/stdin" || first === "/dev/fd/0")) {
    const code = first === "/dev/fd/63" ? run.walker.procScripts.shift() : run.stdin;
    if (code === undefined) run.walker.unresolved(`${program} runs a command's output`);
    else inlineCodeNow().codeMentions(code, run, program);
    generic(operands.slice(1), run, program);
    return;
  }
  // `python3 -m json.tool .env`: with a module every operand is its argument; otherwise the first is the script.
  const script = !parsed.values.has("m") && operands[0] !== undefined && !operands[0].text.startsWith("-");
  if (script) {
    mark(run, operands.slice(0, 1), "read", program);
    runsFile(run.walker, operands[0], run.state.cwd, program);
    readCodeScript(run, operands[0]!, program);
  }
  // `python3 -`, `node` with no script: the program runs whatever arrives on its input.
  else if (!parsed.values.has("m") && (operands.length === 0 || operands[0]!.text === "-")) {
    // Input hookit cannot know (a pipe, a `<` file) is code nobody read; none at all is nothing to run.
    if (run.fed === true) run.walker.unresolved(`${program} reads code from its input`);
    // `python3 <<EOF … EOF`, `node <<< '…'`: code the line itself hands over is read like `-c`'s;
    // `python3 < x.py`, `cat x.py | python3 -`: the file's.
    if (run.stdin !== undefined) inlineCodeNow().codeMentions(run.stdin, run, program);
    else if (run.walker.stdinFile !== undefined) readCodeScript(run, { text: run.walker.stdinFile, resolved: true }, program);
  }
  // deno's option grammar changes between releases: any other word before the script that names one is read as one too.
  if (program === "deno")
    for (const word of args.slice(0, parsed.rest + 1))
      if (word !== operands[0] && /\.[cm]?[jt]sx?$/.test(word.text)) readCodeScript(run, word, program);
  generic(script ? operands.slice(1) : operands, run, program);
}

/**
 * `python3 -m http.server -d DIR`, `php -S host:port -t DIR`: a web server on this machine hands
 * out every file below its folder (the shell's directory without one) to whoever asks, so it reads
 * that folder whole. Outside the project its secrets count as read (and at or above home, the
 * credentials kept there); serving the project itself is everyday front-end work.
 */
function serves(run: Run, program: string, values: ReadonlyMap<string, Field[]>, args: Field[]): void {
  const module = values.get("m")?.[0]?.text;
  let folder: Field | undefined;
  if (module === "http.server" || module === "SimpleHTTPServer") {
    // Every word after the module's name is the module's own (`-m http.server --directory ~`).
    const at = args.findIndex((arg) => arg.text === module || arg.text.endsWith(`m${module}`));
    const own = parseOptions(args.slice(at + 1), { short: "bdp", long: ["bind", "directory", "protocol"] });
    folder = own.values.get("d")?.[0] ?? own.values.get("directory")?.[0];
  } else if (program.startsWith("php") && values.has("S")) folder = values.get("t")?.[0];
  else return;
  folder ??= { text: ".", resolved: true };
  const cwd = run.state.cwd;
  run.walker.path(folder, "read", program, cwd, { recursive: true });
  if (!folder.resolved || (cwd === null && !folder.text.startsWith("/"))) return;
  const real = realPath(folder.text.startsWith("/") ? folder.text : join(cwd as string, folder.text));
  const project = run.walker.at.project;
  if (real !== project && !real.startsWith(`${project}/`)) run.walker.secretsIn(folder, program, cwd);
}
