// Package managers' runners: `pnpm dlx wrangler delete`, `npm exec -- kubectl …`, `uv run
// python x.py`, `uvx ruff`, `pipx run black`, `poetry run pytest` run another program, which is
// judged as run (a guard on wrangler sees it however it is started). The scripts of
// package.json that npm, yarn and pnpm run are read too (package-scripts.ts); everything else
// these package managers do is read as their words (`generic`).
import type { Field } from "./expand.ts";
import { copy } from "./expand.ts";
import { parseOptions, type OptionSpec } from "./options.ts";
import { exec, generic, type Handler } from "./programs-kit.ts";
import { runPackageScripts } from "./package-scripts.ts";
import { shellQuote } from "./candidate.ts";

interface Runner {
  /** The subcommand words before the command (none for uvx). */
  sub: readonly string[];
  /** Its options that take a value (so the value is not read as the program). */
  options: OptionSpec;
  /** Its option whose value is a shell line (`npm exec -c 'cmd'`). */
  shellValue?: readonly string[];
  /** Its flag that makes the rest one shell line (`pnpm exec -c 'cmd a && cmd b'`). */
  shellFlag?: readonly string[];
}

const NPM_EXEC: Runner = {
  sub: ["exec|x"],
  options: { short: "pcw", long: ["package", "call", "workspace"], posix: true },
  shellValue: ["c", "call"],
};
const UV_OPTIONS: OptionSpec = {
  short: "p",
  long: [
    "with",
    "with-editable",
    "with-requirements",
    "python",
    "directory",
    "project",
    "package",
    "extra",
    "group",
    "env-file",
    "index",
    "index-url",
    "from",
  ],
  posix: true,
};

const RUNNERS: Readonly<Record<string, readonly Runner[]>> = {
  npm: [NPM_EXEC],
  pnpm: [
    { sub: ["dlx"], options: { long: ["package"], posix: true }, shellFlag: ["c", "shell-mode"] },
    { sub: ["exec"], options: { short: "C", long: ["dir", "filter"], posix: true }, shellFlag: ["c", "shell-mode"] },
  ],
  yarn: [{ sub: ["dlx|exec"], options: { short: "p", long: ["package"], posix: true } }],
  uv: [
    { sub: ["run"], options: UV_OPTIONS },
    { sub: ["tool", "run"], options: UV_OPTIONS },
  ],
  uvx: [{ sub: [], options: UV_OPTIONS }],
  pipx: [{ sub: ["run"], options: { long: ["spec", "python", "pip-args", "index-url"], posix: true } }],
  poetry: [{ sub: ["run"], options: { short: "CP", long: ["directory", "project"], posix: true } }],
};

/** The words after `sub`, options before it skipped; undefined when the command is another one. */
function afterSub(args: readonly Field[], sub: readonly string[]): Field[] | undefined {
  let at = 0;
  for (const spellings of sub) {
    while (at < args.length && (args[at] as Field).text.startsWith("-")) at++;
    if (!spellings.split("|").includes(args[at]?.text ?? "")) return undefined;
    at++;
  }
  return args.slice(at);
}

export const packageRunner: Handler = (args, run, program) => {
  for (const runner of RUNNERS[program] ?? []) {
    const rest = afterSub(args, runner.sub);
    if (rest === undefined) continue;
    const parsed = parseOptions(rest, runner.options);
    const command = rest.slice(parsed.rest);
    const lines = (runner.shellValue ?? []).flatMap((name) => parsed.values.get(name) ?? []);
    if (runner.shellFlag?.some((name) => parsed.flags.has(name)))
      lines.push({ text: command.map((c) => c.text).join(" "), resolved: true });
    for (const line of lines) run.walker.shell(line.text, copy(run.state), `${program} -c`, run.depth);
    if (lines.length > 0) return;
    // `yarn exec 'rm -rf ~'`: Yarn 2+ runs the first word as shell code, a line of its own.
    const first = command[0];
    if (program === "yarn" && first !== undefined && /[\s;&|<>$`]/.test(first.text)) {
      const tail = command.slice(1).map((c) => shellQuote(c.text));
      return run.walker.shell([first.text, ...tail].join(" "), copy(run.state), `${program} exec`, run.depth);
    }
    exec(run, command, program);
    return;
  }
  generic(args, run, program);
  // `npm pkg set scripts.test=…`, `npm set-script test …`: package.json's scripts change, as an edit would.
  const words = args.filter((a) => !a.text.startsWith("-")).map((a) => a.text);
  if ((words[0] === "pkg" && (words[1] === "set" || words[1] === "delete")) || words[0] === "set-script")
    run.walker.path({ text: "package.json", resolved: true }, "write", program, run.state.cwd);
  // `npm config set prefix ~/x`, `npm set …`: the user's ~/.npmrc, unless told the project's
  else if (
    program === "npm" &&
    (words[0] === "set" || ((words[0] === "config" || words[0] === "c") && /^(set|delete|edit)$/.test(words[1] ?? "")))
  ) {
    const project = args.some((a) => a.text === "--location=project" || a.text === "--location" || a.text === "-L");
    const npmrc = project ? ".npmrc" : `${run.walker.expand.home}/.npmrc`;
    run.walker.path({ text: npmrc, resolved: true }, "write", program, run.state.cwd);
  }
  if (program === "npm" || program === "yarn" || program === "pnpm") runPackageScripts(args, run, program);
};
