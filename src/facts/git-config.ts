// What git does with its configuration: settings whose value is a command git
// runs (an editor, a pager, an fsmonitor hook, a `!` alias), settings that
// make a later `git push` overwrite the remote (a mirror remote, a `+` push
// refspec), and the places a setting comes from (`-c`, `--config-env`, the
// GIT_CONFIG_* variables, `git config` writes). Git reads section and key in
// any case and booleans in many spellings; they are normalized here once.
import type { ShellState } from "./expand.ts";

/** Keys (normalized) whose value git runs through a shell; `*` is one subsection. */
const COMMAND_KEYS = [
  /^core\.(fsmonitor|editor|pager|sshcommand|askpass|hookspath|gitproxy)$/,
  /^sequence\.editor$/,
  /^diff\.external$/,
  /^diff\..+\.(textconv|command)$/,
  /^merge\..+\.driver$/,
  /^filter\..+\.(clean|smudge|process)$/,
  /^pager\..+$/,
  /^gpg(\..+)?\.program$/,
  /^credential(\..+)?\.helper$/,
  /^uploadpack\.packobjectshook$/,
  /^(difftool|mergetool)\..+\.cmd$/,
];

/** Environment variables git (and the programs around it) run as a command. */
export const COMMAND_VARIABLES = new Set([
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_PAGER",
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_EXTERNAL_DIFF",
  "GIT_ASKPASS",
  "GIT_PROXY_COMMAND",
  "SSH_ASKPASS",
  "LESSOPEN",
  "LESSCLOSE",
  "EDITOR",
  "VISUAL",
  "PAGER",
  "MANPAGER",
  "PROMPT_COMMAND",
  // Other programs' pagers and editors, run the same way.
  "SYSTEMD_PAGER",
  "SYSTEMD_EDITOR",
  "GH_PAGER",
  "GH_EDITOR",
  "KUBE_EDITOR",
  "PSQL_PAGER",
  "PSQL_EDITOR",
  "BAT_PAGER",
  "SUDO_EDITOR",
  "FCEDIT",
  "BROWSER",
  // npm's (and pnpm's) shell for package scripts and `npm exec`, and its editor, from the environment (either case).
  ...["npm_config_script_shell", "npm_config_shell", "npm_config_editor", "npm_config_browser"],
  ...["NPM_CONFIG_SCRIPT_SHELL", "NPM_CONFIG_SHELL", "NPM_CONFIG_EDITOR", "NPM_CONFIG_BROWSER"],
]);

/** The command line a command-naming variable's value stands for (`LESSOPEN='|cmd %s'`). */
export function variableCommand(name: string, value: string): string {
  return name === "LESSOPEN" || name === "LESSCLOSE" ? value.replace(/^\|{1,2}/, "").replaceAll("%s", "") : value;
}

/** `Remote.Origin.Mirror` → `remote.Origin.mirror`: section and key lower case, the subsection as written. */
function normalKey(key: string): string {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first < 0) return key.toLowerCase();
  return first === last
    ? key.toLowerCase()
    : `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}

/** git's true: no value at all, `true`, `yes`, `on`, or a non-zero number, any case. */
function isTrue(value: string | undefined): boolean {
  if (value === undefined) return true;
  const v = value.trim().toLowerCase();
  return v === "true" || v === "yes" || v === "on" || (/^-?\d+$/.test(v) && Number(v) !== 0);
}

export type Setting = { key: string; value: string | undefined };

/** The command line git would run for a setting, if it is one that runs a command. */
export function settingCommand(setting: Setting): string | undefined {
  const { key, value } = setting;
  if (value === undefined || value === "") return undefined;
  if (key.startsWith("alias.")) return value.startsWith("!") ? value.slice(1) : `git ${value}`;
  if (!COMMAND_KEYS.some((re) => re.test(key))) return undefined;
  // `core.hooksPath=DIR`: the hooks in DIR run; their names are what a shell would be handed.
  if (key === "core.hookspath") return `${value.replace(/\/$/, "")}/pre-commit`;
  return value.startsWith("!") ? value.slice(1) : value;
}

/** What a setting adds to every later `git push`: `--mirror`, or a forcing `+` refspec. */
export function forcingPush(setting: Setting): string | undefined {
  const { key, value } = setting;
  if (!/^remote\..+\.(mirror|push)$/.test(key)) return undefined;
  if (key.endsWith(".mirror")) return isTrue(value) ? "--mirror" : undefined;
  return value?.trim().startsWith("+") ? value.trim() : undefined;
}

/** `k=v` (`-c`), `k` alone (true). */
export function parseSetting(text: string): Setting {
  const eq = text.indexOf("=");
  return eq < 0 ? { key: normalKey(text), value: undefined } : { key: normalKey(text.slice(0, eq)), value: text.slice(eq + 1) };
}

/** The settings git takes from the environment: GIT_CONFIG_COUNT/KEY_n/VALUE_n and GIT_CONFIG_PARAMETERS. */
export function environmentSettings(state: ShellState, env: Readonly<Record<string, string | undefined>>): Setting[] {
  const get = (name: string) => (state.vars.has(name) ? (state.vars.get(name) ?? undefined) : env[name]);
  const out: Setting[] = [];
  const count = Number(get("GIT_CONFIG_COUNT") ?? 0);
  for (let i = 0; i < Math.min(count, 64); i++) {
    const key = get(`GIT_CONFIG_KEY_${i}`);
    if (key !== undefined) out.push({ key: normalKey(key), value: get(`GIT_CONFIG_VALUE_${i}`) ?? "" });
  }
  const parameters = get("GIT_CONFIG_PARAMETERS");
  if (parameters)
    for (const m of parameters.matchAll(/'((?:[^'\\]|\\.)*)'(?:=('(?:[^'\\]|\\.)*'))?/g)) {
      const pair = m[2] === undefined ? parseSetting(m[1] as string) : { key: normalKey(m[1] as string), value: m[2].slice(1, -1) };
      out.push(pair);
    }
  return out;
}

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
