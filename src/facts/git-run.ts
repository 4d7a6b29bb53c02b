// The commands git runs on its own: what its settings name (git-config.ts),
// what `rebase --exec`, `bisect run`, `submodule foreach`, `filter-branch`
// filters and `--upload-pack` hand a shell, and the pushes hidden in a
// setting or in plumbing. A setting that makes later pushes overwrite the
// remote is recorded, where it is set, as the `git push` it turns every push
// into: a policy sees the effect on `hookit.commands`, whatever the spelling.
import type { Field, ShellState } from "./expand.ts";
import { environmentSettings, forcingPush, parseSetting, settingCommand, type Setting } from "./git-config.ts";
import { parseOptions, type Parsed } from "./options.ts";
import type { Run } from "./programs.ts";
import { copy } from "./expand.ts";
import { mark, runLine } from "./programs-kit.ts";
import { includedConfigFiles, includesFile, judgeConfigFile } from "./git-includes.ts";
import { gitWorkTree } from "../base/work-tree.ts";

/** Records `argv` as a command that runs (without following it again: it is the normalized form of one already followed). */
function note(run: Run, argv: string[], via: string, unresolved: boolean): void {
  run.walker.facts.commands.push({
    argv,
    program: argv[0] as string,
    cwd: run.state.cwd,
    via,
    ...(unresolved && { unresolved: true as const }),
  });
}

/**
 * One setting: a command it runs is judged now; an alias is remembered; a config file it includes
 * is read and its settings judged in turn (git-includes.ts, from `base`); what it adds to a push is returned.
 */
function judgeSetting(setting: Setting, run: Run, via: string, field?: Field, base = run.state.cwd): string | undefined {
  if (field && !field.resolved) run.walker.unresolved(`git setting of a value hookit cannot know: ${field.text}`);
  if (includesFile(setting.key) && setting.value) {
    const forcing: string[] = [];
    judgeConfigFile(setting.value, base, run, (inner) => {
      const extra = judgeSetting(inner, run, `${via} include`);
      if (extra !== undefined) forcing.push(extra);
    });
    return forcing[0];
  }
  if (setting.key.startsWith("alias.") && setting.value !== undefined) run.walker.gitAliases.set(setting.key.slice(6), setting.value);
  const command = settingCommand(setting);
  if (command !== undefined) runLine(run, command, via);
  return forcingPush(setting);
}

/** The settings of one git command (`-c`, `--config-env`, the environment); returns what they add to a push. */
export function gitSettings(global: Parsed, run: Run, state: ShellState): string[] {
  const forcing: string[] = [];
  const add = (extra: string | undefined) => extra !== undefined && forcing.push(extra);
  const inner: Run = { ...run, state };
  for (const field of global.values.get("c") ?? []) add(judgeSetting(parseSetting(field.text), inner, "git -c", field));
  for (const field of global.values.get("config-env") ?? []) {
    const eq = field.text.indexOf("=");
    if (eq < 0) continue;
    const name = field.text.slice(eq + 1);
    const value = state.vars.has(name) ? state.vars.get(name) : run.walker.expand.env[name];
    if (value === null) run.walker.unresolved(`variable $${name}`);
    add(judgeSetting({ ...parseSetting(field.text.slice(0, eq)), value: value ?? "" }, inner, "git --config-env"));
  }
  for (const setting of environmentSettings(state, run.walker.expand.env)) add(judgeSetting(setting, inner, "GIT_CONFIG"));
  includedConfigFiles(global, state, inner, (setting) => add(judgeSetting(setting, inner, "git config file")));
  return forcing;
}

/** `git config [--global|--file f|…] [set] KEY VALUE`: the setting judged as it is written. */
export function gitConfigWrite(rest: Field[], run: Run): void {
  const parsed = parseOptions(rest, { short: "f", long: ["file", "blob", "type", "default", "comment", "value"] });
  configFileWrite(parsed, run);
  let operands = parsed.operands;
  if (operands[0]?.text === "set") operands = operands.slice(1);
  const [key, value] = operands;
  if (!key || !value || /^(get|unset|list|edit|rename-section|remove-section)$/.test(key.text)) return;
  const setting = { key: parseSetting(key.text).key, value: value.text };
  // An include is read from the folder of the file the setting goes to: the repository's git folder, or the user's home.
  const top = run.state.cwd === null ? undefined : gitWorkTree(run.state.cwd);
  const base = parsed.flags.has("global") ? run.walker.expand.home : top === undefined ? run.state.cwd : `${top}/.git`;
  const extra = judgeSetting(setting, run, "git config", value.resolved ? key : value, base);
  if (extra !== undefined) note(run, ["git", "push", extra], "git config", !value.resolved);
}

/** `git config` words that only read: `get`, `list`, `--get*`, `-l`, a key alone. */
const CONFIG_READS = /^(get|get-all|get-regexp|get-urlmatch|get-color|get-colorbool|list|l|show-origin|show-scope|name-only)$/;

/**
 * The file a `git config` that changes a setting writes: `--global` the user's `~/.gitconfig`,
 * `--system` `/etc/gitconfig`, `-f FILE`; the repository's own config otherwise, which is inside it.
 */
function configFileWrite(parsed: Parsed, run: Run): void {
  const [first, second] = parsed.operands;
  const changes =
    ["unset", "unset-all", "add", "replace-all", "rename-section", "remove-section", "edit", "e"].some((flag) => parsed.flags.has(flag)) ||
    (first !== undefined && /^(set|unset|rename-section|remove-section|edit)$/.test(first.text)) ||
    (second !== undefined && first !== undefined && !CONFIG_READS.test(first.text));
  if (!changes || [...parsed.flags].some((flag) => CONFIG_READS.test(flag) || flag.startsWith("get"))) return;
  const file =
    parsed.values.get("f")?.[0] ??
    parsed.values.get("file")?.[0] ??
    (parsed.flags.has("global") ? { text: `${run.walker.expand.home}/.gitconfig`, resolved: true } : undefined) ??
    (parsed.flags.has("system") ? { text: "/etc/gitconfig", resolved: true } : undefined);
  if (file) mark(run, [file], "write", "git");
}

/** The value of `--name=v` / `--name v` / `-x v` in a git subcommand's own words. */
function optionValues(rest: Field[], long: string[], short: string[]): Field[] {
  const out: Field[] = [];
  for (let i = 0; i < rest.length; i++) {
    const text = rest[i]!.text;
    if (text === "--") break;
    for (const name of long) {
      if (text.startsWith(`--${name}=`)) out.push({ ...rest[i]!, text: text.slice(name.length + 3) });
      else if (text === `--${name}` && rest[i + 1]) out.push(rest[++i]!);
    }
    for (const letter of short) {
      if (text === `-${letter}` && rest[i + 1]) out.push(rest[++i]!);
      else if (text.startsWith(`-${letter}`) && text.length > 2 && !text.startsWith("--")) out.push({ ...rest[i]!, text: text.slice(2) });
    }
  }
  return out;
}

/** What a subcommand runs beyond git itself, and the pushes hidden in settings and plumbing. */
export function gitRunsOwnCommands(sub: string, parsed: Parsed, rest: Field[], run: Run, forcing: string[]): void {
  const runAll = (fields: Field[], via: string) => {
    for (const field of fields) {
      if (!field.resolved) run.walker.unresolved(`${via} of a value hookit cannot know`);
      runLine(run, field.text, via);
    }
  };
  const words = rest.map((f) => f.text);
  // `git clone 'ext::sh -c rm% -rf% ~'`: the ext transport runs its URL as a command (where
  // `protocol.ext.allow` lets it): words split at spaces, `% ` a space inside one, no shell.
  for (const field of rest) if (field.text.startsWith("ext::")) run.walker.run(extArgv(field), copy(run.state), "git ext::", run.depth + 1);
  switch (sub) {
    case "push":
      runAll(optionValues(rest, ["receive-pack", "exec"], []), "git push --receive-pack");
      if (forcing.length > 0)
        note(
          run,
          ["git", "push", ...words, ...forcing],
          "git config",
          rest.some((f) => !f.resolved),
        );
      break;
    case "send-pack":
      // Plumbing under `git push`: the same refs, `--force` and `+` included.
      note(
        run,
        ["git", "push", ...words],
        "git send-pack",
        rest.some((f) => !f.resolved),
      );
      runAll(optionValues(rest, ["receive-pack", "exec"], []), "git send-pack --receive-pack");
      break;
    case "fetch":
    case "pull":
    case "clone":
    case "ls-remote":
    case "archive":
      runAll(optionValues(rest, ["upload-pack", "exec"], sub === "clone" ? ["u"] : []), `git ${sub} --upload-pack`);
      if (sub === "clone")
        for (const field of optionValues(rest, ["config"], ["c"])) judgeSetting(parseSetting(field.text), run, "git clone -c", field);
      // Fetching with force into a repository outside the project overwrites its branches: a push.
      if (sub === "fetch" && run.state.cwd !== null && !inside(run.state.cwd, run.walker.at.project))
        if (parsed.flags.has("f") || parsed.flags.has("force") || words.some((w) => w.startsWith("+")))
          note(run, ["git", "push", "--force", ...words], "git fetch", false);
      break;
    case "rebase":
      runAll(optionValues(rest, ["exec"], ["x"]), "git rebase --exec");
      break;
    case "bisect": {
      const at = words.indexOf("run");
      if (at >= 0 && rest[at + 1]) run.walker.run(rest.slice(at + 1), copy(run.state), "git bisect run", run.depth + 1);
      break;
    }
    case "submodule": {
      const at = words.indexOf("foreach");
      if (at >= 0)
        runAll(
          rest.slice(at + 1).filter((f) => !f.text.startsWith("-")),
          "git submodule foreach",
        );
      break;
    }
    case "filter-branch":
      runAll(
        optionValues(
          rest,
          ["env-filter", "tree-filter", "index-filter", "parent-filter", "msg-filter", "commit-filter", "tag-name-filter"],
          [],
        ),
        "git filter-branch",
      );
      break;
    case "difftool":
    case "mergetool":
      runAll(optionValues(rest, ["extcmd"], ["x"]), `git ${sub} --extcmd`);
      break;
    case "remote":
      // `git remote add --mirror[=push] NAME URL`: every later push to NAME is a mirror push.
      if (words[0] === "add" && words.some((w) => w === "--mirror" || w === "--mirror=push"))
        note(run, ["git", "push", "--mirror"], "git remote add --mirror", false);
      break;
  }
}

const inside = (path: string, dir: string) => path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);

/** The argv of an `ext::` URL: split at spaces; `% ` is a space and `%%` a percent sign inside a word, other `%` escapes dropped. */
function extArgv(url: Field): Field[] {
  const words = url.text.slice(5).match(/(?:%.|[^ %])+/g) ?? [];
  return words
    .map((word) => word.replaceAll(/%(.)/g, (_, c: string) => (c === " " || c === "%" ? c : "")))
    .filter((word) => word !== "")
    .map((text) => ({ text, resolved: url.resolved }));
}
