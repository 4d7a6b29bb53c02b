// Config files git reads besides the repository's own: the files `include.path` and
// `includeIf.<condition>.path` name (set with `git config`, `-c`, or already in the repository's
// config) and GIT_CONFIG_GLOBAL / GIT_CONFIG_SYSTEM / GIT_CONFIG set on the line. A setting in
// one that runs a command (`core.fsmonitor`, `core.pager`, a `!` alias, …) runs at every git
// command that reads it, the agent's own `git status` too. The repository's config is the user's
// (the model cannot write it: record.ts), but a file it includes may be one the model wrote, so
// such a file is read, as the line leaves it, at each git command, and its settings judged as
// `-c` ones are.
import { STDIN_FILES } from "./data-programs.ts";
import { dirname } from "node:path";
import { resolvePath } from "../base/path-join.ts";
import { readIfExists } from "../base/read-if-exists.ts";
import type { ShellState } from "./expand.ts";
import { configSettings, type Setting } from "./git-config.ts";
import { repository } from "./git-hooks.ts";
import type { Parsed } from "./options.ts";
import type { Run } from "./programs-kit.ts";
import { textAsRun } from "./written-scripts.ts";

/** The variables that name a whole config file git reads in place of (or besides) the usual ones. */
const FILE_VARIABLES = ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"];
/** Includes inside includes, as deep as hookit follows them (git stops at ten). */
const MAX_DEPTH = 4;
const MAX_BYTES = 64 * 1024;

export const includesFile = (key: string): boolean => key === "include.path" || /^includeif\..+\.path$/.test(key);

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
  // `printf '[alias] x = !cmd' | git -c include.path=/dev/stdin x`: git reads the file its input is.
  const fromInput = STDIN_FILES.includes(file) || file.startsWith("/dev/fd/") || file.startsWith("/proc/");
  if (fromInput && run.stdin === undefined) run.walker.unresolved(`git reads a config file hookit cannot know: ${file}`);
  const text = fromInput ? (STDIN_FILES.includes(file) ? run.stdin : undefined) : textAsRun(run.walker, file, null, MAX_BYTES);
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
export function includedConfigFiles(global: Parsed, state: ShellState, run: Run, judge: (setting: Setting) => void): void {
  for (const name of FILE_VARIABLES) {
    const value = state.vars.get(name);
    if (value) judgeConfigFile(value, state.cwd, run, judge);
  }
  if (state.cwd === null) return;
  const found = repositoryIncludes(global, state.cwd, run);
  for (const path of found?.paths ?? []) judgeConfigFile(path, found!.gitDir, run, judge);
}

/**
 * The files the repository's config includes (the repository as git-hooks.ts finds it: a linked
 * worktree's main one, `--git-dir`), read once per line and folder (`git add -A && git commit`
 * reads the disk once): a line that changes that config through `git config` has the setting
 * judged where it sets it.
 */
const seen = new WeakMap<object, Map<string, { gitDir: string; paths: string[] } | undefined>>();
function repositoryIncludes(global: Parsed, cwd: string, run: Run): { gitDir: string; paths: string[] } | undefined {
  const line = seen.get(run.walker) ?? new Map();
  seen.set(run.walker, line);
  const key = `${cwd}\u0000${global.values.get("git-dir")?.[0]?.text ?? ""}`;
  if (line.has(key)) return line.get(key);
  const gitDir = repository(global, cwd)?.common;
  const config = gitDir === undefined ? undefined : readIfExists(`${gitDir}/config`);
  // The plain search first: most configs include nothing.
  const paths =
    config === undefined || !config.toLowerCase().includes("include")
      ? []
      : configSettings(config).flatMap((s) => (includesFile(s.key) && s.value ? [s.value] : []));
  const found = gitDir === undefined ? undefined : { gitDir, paths };
  line.set(key, found);
  return found;
}
