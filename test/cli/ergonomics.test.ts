// What a newcomer meets at the prompt, through the built CLI: a typo in a flag or a
// command is an error with a suggestion (citty alone ignores it), agent names are
// spelled the same way everywhere, colour only on a terminal, reports on stdout.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { binPath, fileSandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const box = fileSandbox();
const root = box.root;
const repo = join(root, "repo");
const env = box.env;

beforeAll(() => {
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(env.HOME, { recursive: true });
});

const hookit = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
  spawnSync(process.execPath, [binPath(), ...args], {
    cwd: repo,
    env: { ...env, ...options.env },
    input: options.input ?? "",
    encoding: "utf8",
  });

describe("unknown flags, arguments and commands", () => {
  test.each([
    [["install", "--agent", "claude", "--globl"], /install: unknown option --globl \(did you mean --global\?\)/],
    [["doctor", "--project"], /doctor: unknown option --project; see hookit doctor --help/],
    [["validate", "a.json", "b.json"], /validate: unexpected argument "b\.json"/],
    [["instal", "--agent", "claude"], /unknown command "instal" \(did you mean `hookit install`\?\)/],
    [["log", "--sesion", "x"], /log: unknown option --sesion \(did you mean --session\?\)/],
  ])("hookit %j", (args, message) => {
    const run = hookit(args);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe("");
  });

  test("nothing was installed by the mistyped command", () => {
    hookit(["install", "--agent", "claude", "--globl"]);
    expect(existsSync(join(repo, ".claude"))).toBe(false);
    expect(existsSync(join(env.HOME, ".claude"))).toBe(false);
  });

  test("known flags, --no-<flag>, --flag=value and -n still parse", () => {
    expect(hookit(["log", "-n", "3", "--agent=claude", "--no-json"]).status).toBe(0);
    expect(hookit(["install", "--agent", "claude", "--dry-run"]).status).toBe(0);
  });
});

describe("did you mean, wherever an agent, event or outcome is named", () => {
  test.each([
    [["install", "--agent", "claud"], /Unknown agent "claud"\. Did you mean "claude"\? Use one or more of: antigravity, claude, .*, all\./],
    [["uninstall", "--agent", "codx"], /Unknown agent "codx"\. Did you mean "codex"\?/],
    [["explain", "--agent", "claud", "--native", "PreToolUse"], /unknown agent "claud"\. Did you mean "claude"\? Use one of: /],
    [
      ["explain", "--agent", "claude", "--native", "PreTolUse"],
      /no event "PreTolUse" that hookit knows\. Did you mean "PreToolUse"\? Its events: PreToolUse, /,
    ],
    [
      ["log", "--outcome", "blocked"],
      /unknown outcome "blocked"\. Did you mean "block"\? Use one of: pass, block, ask, patch, continue, report\./,
    ],
    [["log", "--agent", "claud"], /unknown agent "claud"\. Did you mean "claude"\?/],
  ])("hookit %j", (args, message) => {
    const run = hookit(args);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
  });

  test("hook --agent claud names the agent it meant, and a mistyped event the event", () => {
    const agent = hookit(["hook", "--agent", "claud", "PreToolUse"], { input: "{}" });
    expect(agent.stderr).toMatch(/unknown agent "claud".*Did you mean "claude"/);
    const payload = JSON.stringify({ session_id: "s", cwd: repo, hook_event_name: "PreTolUse", tool_name: "Bash", tool_input: {} });
    const event = hookit(["hook", "--agent", "claude", "PreTolUse"], { input: payload });
    expect(event.stdout).toMatch(/event \\"PreTolUse\\" is not one hookit knows; did you mean \\"PreToolUse\\"\?/);
  });

  test("a valid outcome with no records is still an empty answer, not an error", () => {
    const run = hookit(["log", "--outcome", "block"]);
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toMatch(/no decisions logged yet/);
  });
});

describe("agent names", () => {
  test("hook --agent Claude is the same agent as install --agent Claude", () => {
    const payload = JSON.stringify({
      session_id: "s",
      cwd: repo,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
    });
    const run = hookit(["hook", "--agent", "Claude", "PreToolUse"], { input: payload });
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/unknown|external/i);
    expect(hookit(["install", "--agent", "Claude", "--dry-run"]).status).toBe(0);
  });
});

describe("output", () => {
  test("--help has no colour codes when piped, or with NO_COLOR on a terminal", () => {
    expect(hookit(["--help"]).stdout).not.toMatch(/\x1b\[/);
    expect(hookit(["install", "--help"]).stdout).not.toMatch(/\x1b\[/);
    if (spawnSync("script", ["--version"]).error) return; // util-linux `script` provides the terminal
    const onTerminal = (extra: Record<string, string>) =>
      spawnSync("script", ["-qec", `"${process.execPath}" "${binPath()}" --help`, "/dev/null"], {
        env: { ...env, TERM: "xterm", ...extra },
        input: "",
        encoding: "utf8",
        timeout: 10_000,
      }).stdout;
    expect(onTerminal({})).toMatch(/\x1b\[/); // a terminal does get colour…
    expect(onTerminal({ NO_COLOR: "yes" })).not.toMatch(/\x1b\[/); // …unless NO_COLOR is set, to anything
  });

  test("install's report is on stdout (hookit install | less shows it)", () => {
    const run = hookit(["install", "--agent", "codex"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Codex CLI: .*hooks\.json created/);
  });

  test("a terminal on `hookit hook` stdin gets a one-line hint", () => {
    const script = spawnSync("script", ["--version"], { encoding: "utf8" });
    if (script.error) return; // util-linux `script` provides the terminal; without it there is none to test
    const run = spawnSync("script", ["-qec", `"${process.execPath}" "${binPath()}" hook --agent claude PreToolUse`, "/dev/null"], {
      env,
      input: "\x04",
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(run.stdout).toMatch(/hookit hook: waiting for an agent's JSON payload on stdin/);
  });
});

describe("init", () => {
  test("--global suggests a global install, and $schema points at hookit's own schema", () => {
    const run = hookit(["init", "--global"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/hookit install --agent all --global/);
    const policy = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, "hookit", "hookit.json"), "utf8")) as { $schema: string };
    expect(policy.$schema).toBe("./schema.json");
    const schema = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, "hookit", "schema.json"), "utf8")) as {
      additionalProperties: { additionalProperties: { anyOf: { properties: Record<string, unknown> }[] } };
    };
    // hookit's keys are in it (HooKit's schema rejects `timeout`).
    expect(Object.keys(schema.additionalProperties.additionalProperties.anyOf[0]!.properties)).toContain("timeout");
  });
});
