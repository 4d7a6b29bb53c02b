// Config files git reads besides the repository's own: the files `include.path` and
// `includeIf.<condition>.path` name (set with `git config`, `-c`, or already in the repository's
// config) and GIT_CONFIG_GLOBAL / GIT_CONFIG_SYSTEM / GIT_CONFIG set on the line. A setting in
// one that runs a command (`core.fsmonitor`, `core.pager`, a `!` alias, …) runs at every git
// command that reads it, the agent's own `git status` too. The repository's config is the user's
// (the model cannot write it: record.ts), but a file it includes may be one the model wrote, so
// such a file is read, as the line leaves it, at each git command, and its settings judged as
// `-c` ones are.
import { dirname } from "node:path";
import { joinPath, resolvePath } from "../base/path-join.ts";
import { readIfExists } from "../base/read-if-exists.ts";
import { gitWorkTree } from "../base/work-tree.ts";
import type { ShellState } from "./expand.ts";
import { parseSetting, type Setting } from "./git-config.ts";
import type { Run } from "./programs-kit.ts";
import { textAsRun } from "./written-scripts.ts";

/** The variables that name a whole config file git reads in place of (or besides) the usual ones. */
const FILE_VARIABLES = ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"];
/** Includes inside includes, as deep as hookit follows them (git stops at ten). */
const MAX_DEPTH = 4;
const MAX_BYTES = 64 * 1024;

export const includesFile = (key: string): boolean => key === "include.path" || /^includeif\..+\.path$/.test(key);

/**
 * The settings of a config file's text, keys as git normalizes them (`[core] pager = less` is
 * `core.pager`, `[diff "x"] textconv = …` is `diff.x.textconv`): sections, subsections, quoted
 * values and trailing comments; enough to find the settings that run a command.
 */
export function configSettings(text: string): Setting[] {
  const out: Setting[] = [];
  let section = "";
  // A backslash at a line's end joins the next line to it (`pager = rm \⏎ -rf ~` is one value).
  for (const raw of text.replace(/\\\r?\n/g, "").split("\n")) {
    let line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[\s*([^\]\s"]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\](.*)$/.exec(line);
    if (header) {
      section = header[2] === undefined ? (header[1] as string) : `${header[1]}.${header[2]}`;
      // A setting may follow on the header's own line (`[core] pager = less`).
      line = (header[3] as string).trim();
      if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    }
    const eq = line.indexOf("=");
    const name = (eq < 0 ? line : line.slice(0, eq)).trim();
    if (section === "" || !/^[A-Za-z][A-Za-z0-9-]*$/.test(name)) continue;
    const key = parseSetting(`${section}.${name}`).key;
    out.push({ key, value: eq < 0 ? undefined : configValue(line.slice(eq + 1)) });
  }
  return out;
}

/** A value as git reads it: quotes joined, `\"` and `\\` unescaped, a `#` or `;` outside quotes ends it. */
function configValue(text: string): string {
  let out = "";
  let quoted = false;
  for (let k = 0; k < text.length; k++) {
    const c = text[k] as string;
    if (c === "\\" && k + 1 < text.length) {
      const next = text[++k] as string;
      out += next === "n" ? "\n" : next === "t" ? "\t" : next;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "#" || c === ";")) break;
    else out += c;
  }
  return out.trim();
}

/**
 * Each setting of the config file at `path` (from `base`), and of the files it includes in turn:
 * handed to `judge`. A file the line changed unreadably is marked (no-unread-code); a missing one
 * has nothing to judge yet.
 */
export function judgeConfigFile(path: string, base: string | null, run: Run, judge: (setting: Setting) => void, depth = 0): void {
  if (depth >= MAX_DEPTH) return;
  const home = run.walker.expand.home;
  const named = path.startsWith("~/") ? home + path.slice(1) : path;
  if (base === null && !named.startsWith("/")) return;
  const file = resolvePath(base ?? "/", named);
  const text = textAsRun(run.walker, file, null, MAX_BYTES);
  if (text === undefined) return;
  for (const setting of configSettings(text)) {
    if (includesFile(setting.key) && setting.value) judgeConfigFile(setting.value, dirname(file), run, judge, depth + 1);
    else judge(setting);
  }
}

/**
 * The config files one git command reads that the model may have written: those the variables
 * set on the line name, and those the repository's own config includes (read only when its text
 * mentions an include).
 */
export function includedConfigFiles(state: ShellState, run: Run, judge: (setting: Setting) => void): void {
  for (const name of FILE_VARIABLES) {
    const value = state.vars.get(name);
    if (value) judgeConfigFile(value, state.cwd, run, judge);
  }
  if (state.cwd === null) return;
  const found = repositoryIncludes(state.cwd, run);
  for (const path of found?.paths ?? []) judgeConfigFile(path, found!.gitDir, run, judge);
}

/**
 * The files the repository's config includes, read once per line and folder (`git add -A && git
 * commit` reads the disk once, as git-hooks.ts does): a line that changes that config through
 * `git config` has the setting judged where it sets it.
 */
const seen = new WeakMap<object, Map<string, { gitDir: string; paths: string[] } | undefined>>();
function repositoryIncludes(cwd: string, run: Run): { gitDir: string; paths: string[] } | undefined {
  const line = seen.get(run.walker) ?? new Map();
  seen.set(run.walker, line);
  if (line.has(cwd)) return line.get(cwd);
  const top = gitWorkTree(cwd);
  const gitDir = top === undefined ? undefined : joinPath(top, ".git");
  const config = gitDir === undefined ? undefined : readIfExists(joinPath(gitDir, "config"));
  // The plain search first: most configs include nothing.
  const paths =
    config === undefined || !config.toLowerCase().includes("include")
      ? []
      : configSettings(config).flatMap((s) => (includesFile(s.key) && s.value ? [s.value] : []));
  const found = gitDir === undefined ? undefined : { gitDir, paths };
  line.set(cwd, found);
  return found;
}
