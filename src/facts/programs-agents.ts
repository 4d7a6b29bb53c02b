// The coding agents' own CLIs, run from inside an agent. A second agent started
// this way is still guarded, by the hooks its own settings load — unless the
// line changes those settings: a subcommand that manages the agent's add-ons or
// config (`claude plugin disable hookit@hookit`, `gemini extensions disable
// hookit`, `codex features disable …`), an option that drops or replaces its
// settings for the run (`claude --bare`, `gemini -e none`, `pi -ne`,
// `opencode --pure`), or a variable that moves where it reads them
// (`CLAUDE_CONFIG_DIR=/tmp/x claude`), or where the hookit its hooks run reads its
// policy (`XDG_CONFIG_HOME=/tmp/x claude`). Each of these is recorded as a change to
// the agent's user settings file, which self-protection refuses; everything
// else (a prompt, `--version`, `plugin list`) stays a plain run.
// Subcommands and options are as each CLI's `--help` lists them, on the version
// test/e2e/clis.json pins.
import { join } from "node:path";
import { POLICY_HOMES } from "../base/paths.ts";
import type { Field } from "./expand.ts";
import { generic, type Program, type Run } from "./programs-kit.ts";

interface AgentCli {
  names: readonly string[];
  /** Its user settings file, under the home folder: where every change below is recorded. */
  settings: string;
  /** Variables that move the settings it loads (HOME moves every agent's). */
  homes: readonly string[];
  /** Subcommands that manage its add-ons or config, each with the actions under it that only read. */
  manages: Readonly<Record<string, readonly string[]>>;
  /** Options that drop or replace its hooks, add-ons or settings for the run. */
  switches: readonly string[];
}

const HELP = new Set(["-h", "--help", "-v", "--version", "help"]);

const AGENT_CLIS: readonly AgentCli[] = [
  {
    names: ["claude"],
    settings: ".claude/settings.json",
    homes: ["CLAUDE_CONFIG_DIR", "CLAUDE_CODE_SIMPLE"],
    manages: {
      plugin: ["list", "details", "validate", "eval", "test", "tag", "init", "new", "marketplace list"],
      plugins: ["list", "details", "validate", "eval", "test", "tag", "init", "new", "marketplace list"],
      import: [],
      // an MCP server is a program the agent starts and runs outside its hooks; `config set` changes any setting
      mcp: ["list", "get", "serve"],
      config: ["get", "list"],
    },
    // --bare and --safe-mode skip hooks and plugins; --settings and --setting-sources replace what loads.
    switches: ["--bare", "--safe-mode", "--settings", "--setting-sources"],
  },
  {
    names: ["gemini"],
    settings: ".gemini/settings.json",
    homes: ["GEMINI_CLI_HOME"],
    manages: { extensions: ["list", "validate", "new"], extension: ["list", "validate", "new"], hooks: [], hook: [], mcp: ["list"] },
    // -e / --extensions picks the extensions that load: any list may leave hookit's out.
    switches: ["-e", "--extensions"],
  },
  {
    names: ["codex"],
    settings: ".codex/config.toml",
    homes: ["CODEX_HOME"],
    manages: { plugin: ["list", "marketplace list"], features: ["list"], mcp: ["list", "get"] },
    // -c overrides any config key (hooks, features, notify's command); --disable a feature; -p layers another file.
    switches: ["-c", "--config", "--disable", "-p", "--profile"],
  },
  {
    names: ["copilot"],
    settings: ".copilot/settings.json",
    homes: ["COPILOT_HOME"],
    manages: { plugin: ["list", "marketplace list", "marketplace browse"], config: ["--list"] },
    switches: [],
  },
  {
    names: ["droid"],
    settings: ".factory/settings.json",
    homes: ["FACTORY_HOME_OVERRIDE"],
    manages: { plugin: ["list", "marketplace list"] },
    switches: ["--settings"],
  },
  {
    names: ["opencode"],
    settings: ".config/opencode/opencode.json",
    homes: ["XDG_CONFIG_HOME", "OPENCODE_CONFIG", "OPENCODE_CONFIG_DIR", "OPENCODE_CONFIG_CONTENT"],
    manages: { plugin: [], plug: [], uninstall: [] },
    switches: ["--pure"],
  },
  // Kimi Code, Cursor's CLI and Antigravity's: their data folders as their install targets name them.
  {
    names: ["kimi"],
    settings: ".kimi-code/config.toml",
    homes: ["KIMI_CODE_HOME"],
    manages: {},
    switches: [],
  },
  {
    names: ["cursor-agent"],
    settings: ".cursor/hooks.json",
    homes: [],
    manages: {},
    switches: [],
  },
  {
    names: ["agy"],
    settings: ".gemini/config/hooks.json",
    homes: [],
    manages: {},
    switches: [],
  },
  {
    names: ["pi"],
    settings: ".pi/agent/settings.json",
    homes: ["PI_CODING_AGENT_DIR"],
    manages: { install: [], remove: [], uninstall: [], update: [], config: [] },
    // -ne drops every extension but explicit -e ones; -na ignores the project's settings.
    switches: ["--no-extensions", "-ne", "--no-approve", "-na"],
  },
];

/** Whether `args` change what `cli` loads: a managing subcommand's changing action, a switch, a moved home. */
function changesSettings(cli: AgentCli, args: readonly Field[], run: Run): boolean {
  if (args.some((arg) => HELP.has(arg.text))) return false;
  // Its own settings moved, or hookit's policy: the hooks it runs would find other policies or none.
  if ([...cli.homes, ...POLICY_HOMES, "HOME"].some((name) => run.state.vars.has(name))) return true;
  if (args.some((arg) => cli.switches.some((s) => arg.text === s || arg.text.startsWith(`${s}=`)))) return true;
  // Options may come before the subcommand (`claude --debug plugin disable …`): the first word that names one counts.
  const words = args.filter((arg) => !arg.text.startsWith("-")).map((arg) => arg.text);
  const at = words.findIndex((word) => Object.hasOwn(cli.manages, word));
  if (at < 0) return false;
  const reads = cli.manages[words[at]!]!;
  if (args.some((arg) => arg.text.startsWith("-") && reads.includes(arg.text))) return false; // `copilot config --list`
  const action = words.slice(at + 1);
  if (reads.length > 0 && action.length === 0) return false; // the subcommand alone prints its usage
  return !reads.some((read) => read.split(" ").every((word, k) => action[k] === word));
}

function agentCli(cli: AgentCli): Program {
  return {
    names: cli.names,
    use: "opaque",
    does: (args, run, program) => {
      generic(args, run, program);
      if (!changesSettings(cli, args, run)) return;
      // A home moved on the line, or known only at run time: the user's own settings file stands for it.
      const home = run.state.vars.get("HOME") || run.walker.expand.home;
      run.walker.path({ text: join(home, cli.settings), resolved: true }, "write", program, null);
    },
  };
}

export const AGENTS: Program[] = AGENT_CLIS.map(agentCli);
