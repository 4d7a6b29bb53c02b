// A package.json script a package manager runs (`npm test`, `npm run clean`, `yarn build`,
// `pnpm lint`, the lifecycle scripts of a bare `npm install`) is a shell line the project
// wrote: it is read from package.json while judging the call and walked like a script file
// (script-files.ts), so a model that edits `"clean": "rm -rf ~"` and runs `npm run clean` is
// judged on what runs.
import { copy, type Field } from "./expand.ts";
import type { Run } from "./programs-kit.ts";
import { walkScriptText } from "./script-files.ts";
import { textAsRun } from "./written-scripts.ts";
import { shellQuote } from "./candidate.ts";

const MAX_MANIFEST = 1024 * 1024;

/** npm's commands that run the script of their own name, and its names for run-script. */
const NPM_NAMED = new Set(["test", "t", "tst", "start", "stop", "restart"]);
const NPM_RUN = new Set(["run", "run-script", "rum", "urn"]);
const NPM_INSTALL = new Set(["install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "ci", "clean-install"]);
/** The root package's scripts a bare `npm install` runs, in order. */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"];
/**
 * yarn's and pnpm's own commands: any other first word runs the script of that name, when the
 * package has one (`yarn build`, `pnpm lint`).
 */
const BUILTINS = new Set(
  "add audit bin cache config create dedupe dlx exec fetch help import info init install i link list ls outdated pack patch prune publish rebuild remove rm root run store test start unlink update up upgrade why workspace workspaces version versions env setup deploy licenses login logout owner tag team global node npm plugin set constraints explain".split(
    " ",
  ),
);

/** The scripts of the package.json in `cwd` as the line leaves it, when it is one hookit can read. */
function scriptsIn(run: Run): Record<string, unknown> | undefined {
  const text = textAsRun(run.walker, "package.json", run.state.cwd, MAX_MANIFEST);
  if (text === undefined) return undefined;
  try {
    const scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
    return typeof scripts === "object" && scripts !== null ? (scripts as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The scripts a command runs, in order (`npm test` is pretest, test, posttest). */
function scriptsRun(program: string, words: readonly string[], scripts: Record<string, unknown>): string[] {
  const [first = "", second] = words;
  if (program === "npm" && NPM_INSTALL.has(first) && words.length === 1) return INSTALL_SCRIPTS;
  let name: string | undefined;
  if (NPM_RUN.has(first) || (program !== "npm" && first === "run")) name = second;
  else if (NPM_NAMED.has(first)) name = first === "t" || first === "tst" ? "test" : first;
  else if (program !== "npm" && !BUILTINS.has(first) && typeof scripts[first] === "string") name = first;
  return name === undefined ? [] : [`pre${name}`, name, `post${name}`];
}

/** Walks the package.json scripts `npm`, `yarn` or `pnpm` would run for these words. */
export function runPackageScripts(args: readonly Field[], run: Run, program: string): void {
  // `npm run x -- a b`: what follows `--` is handed to the script as it is, options too.
  const dashes = args.findIndex((a) => a.text === "--");
  const own = dashes < 0 ? args : args.slice(0, dashes);
  const extra = dashes < 0 ? [] : args.slice(dashes + 1).map((a) => a.text);
  const words = own.filter((a) => !a.text.startsWith("-")).map((a) => a.text);
  if (words.length === 0 || own.some((a) => /^(--prefix|--dir|-C|--filter|-F|--workspaces?|-w|-ws)(=|$)/.test(a.text))) return;
  const scripts = scriptsIn(run);
  if (!scripts) return;
  const names = scriptsRun(program, words, scripts);
  const shell = scriptShell(own, run);
  for (const name of names) {
    const line = scripts[name];
    if (typeof line !== "string") continue;
    const text = name === names[1] && extra.length > 0 ? `${line} ${extra.map(shellQuote).join(" ")}` : line;
    // `--script-shell ./x.sh`, `npm_config_script_shell=./x.sh`: that program runs each script, as `x.sh -c '…'`.
    if (shell)
      run.walker.run(
        [shell, { text: "-c", resolved: true }, { text, resolved: true }],
        copy(run.state),
        `${program} script-shell`,
        run.depth + 1,
      );
    else walkScriptText(run, text, copy(run.state), `${program} run ${name}`);
  }
}

/** The program a package manager runs scripts with, when the line names one (its option, or the npm_config variable). */
function scriptShell(own: readonly Field[], run: Run): Field | undefined {
  const at = own.findIndex((a) => a.text === "--script-shell" || a.text.startsWith("--script-shell="));
  const option = at < 0 ? undefined : own[at]!.text.includes("=") ? { ...own[at]!, text: own[at]!.text.slice(15) } : own[at + 1];
  if (option) return option;
  const value = run.state.vars.has("npm_config_script_shell")
    ? run.state.vars.get("npm_config_script_shell")
    : run.walker.expand.env.npm_config_script_shell;
  if (value === null) return { text: "$npm_config_script_shell", resolved: false };
  if (value) return { text: value, resolved: true };
  // `script-shell=./x.sh` in the project's .npmrc or the user's (what the line wrote there counts)
  for (const npmrc of [".npmrc", `${run.walker.expand.home}/.npmrc`]) {
    const setting = /^\s*script-shell\s*=\s*(\S.*?)\s*$/m.exec(textAsRun(run.walker, npmrc, run.state.cwd, MAX_MANIFEST) ?? "");
    if (setting) return { text: setting[1] as string, resolved: true };
  }
  return undefined;
}
