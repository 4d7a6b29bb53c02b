// `hookit log` over a seeded decision log, and every command's --help, through the built CLI.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const REPO = resolve(import.meta.dirname, "../..");
const BIN = join(REPO, "dist", "bin.cjs");
const home = mkdtempSync(join(tmpdir(), "hookit-log-"));
const env = { PATH: process.env.PATH, HOME: home, XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config") };

beforeAll(() => {
  if (!existsSync(BIN)) execFileSync("npm", ["run", "build"], { cwd: REPO, stdio: "ignore" });
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const hookit = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { env, encoding: "utf8" });

const record = (i: number, agent: string, outcome: string) => ({
  ts: `2026-11-29T10:00:0${i}.000Z`,
  agent,
  event: "PreToolUse",
  kind: "tool_call",
  session: `s${i % 2}`,
  tool: "bash",
  outcome,
  hooks: outcome === "pass" ? [] : ["local/no-force-push"],
  durationMs: i,
});

describe("hookit log", () => {
  test("no log yet: says so, exit 0", () => {
    const run = hookit("log");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/no decisions logged yet/);
  });

  test("a table of the newest records, filtered; damaged lines are skipped", () => {
    mkdirSync(join(home, "state", "hookit"), { recursive: true });
    const lines = [
      record(1, "claude", "pass"),
      record(2, "codex", "block"),
      record(3, "claude", "block"),
      record(4, "claude", "patch"),
    ].map((r) => JSON.stringify(r));
    writeFileSync(join(home, "state", "hookit", "decisions.jsonl"), [lines[0], lines[1], '{"torn', lines[2], lines[3]].join("\n") + "\n");
    const table = hookit("log", "-n", "2", "--agent", "claude").stdout.trim().split("\n");
    expect(table[0]).toMatch(/^time\s+agent\s+event\s+tool\s+outcome\s+hooks\s+ms$/);
    expect(table.slice(1).map((l) => l.split(/\s+/)[5])).toEqual(["block", "patch"]); // the time column holds a space
    expect(table.join("\n")).not.toMatch(/\x1b\[/); // colour only on a TTY
    const json = hookit("log", "--json", "--session", "s0")
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(json.map((r) => r.durationMs)).toEqual([2, 4]);
  });

  test("--outcome keeps one outcome, ask included (hookit's ask extension)", () => {
    const lines = [record(1, "claude", "ask"), record(2, "codex", "block"), record(3, "claude", "ask"), record(4, "claude", "pass")];
    writeFileSync(join(home, "state", "hookit", "decisions.jsonl"), lines.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const json = hookit("log", "--json", "--outcome", "ask")
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(json.map((r) => [r.outcome, r.durationMs])).toEqual([
      ["ask", 1],
      ["ask", 3],
    ]);
  });

  test("-n must be a positive whole number", () => {
    const run = hookit("log", "-n", "zero");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/-n must be a positive whole number/);
  });
});

describe("--help", () => {
  // Inline snapshots: a change to what the user reads shows up in the diff of this file.
  test("lists every command", () => {
    expect(hookit("--help").stdout.replace(/ +$/gm, "")).toMatchInlineSnapshot(`
      "One hook policy, enforced in every coding agent: Pi, Claude Code, Codex CLI, Gemini CLI, Cursor, GitHub Copilot CLI, Factory droid, OpenCode, Kimi Code CLI and Antigravity CLI. (hookit v0.1.0)

      USAGE hookit hook|init|validate|schema|check|install|uninstall|doctor|trust|source|log|test|explain|replay|telemetry

      COMMANDS

             hook    Run as an agent's command hook: payload on stdin, decision on stdout
             init    Write the starter policy to .hookit/hookit.json (or the global policy)
         validate    Validate every policy file hookit can find, trusted or not (or one FILE)
           schema    Print the JSON Schema of hookit.json (generated from the validator)
            check    Dry-run the policy on an event read from stdin and print the outcome
          install    Register hookit with the agents you name (--agent, or all): their hook config, Pi's extension, OpenCode's plugin
        uninstall    Remove hookit's hooks; files hookit created are deleted
           doctor    Check every agent's install, the hook command, trust and policy gaps (exit 1 when something is not enforced)
            trust    Review this project's .hookit/hookit.json and allow it to run
           source    Organization policy from git: add, update, list or remove a pinned policy source
              log    Show hookit's recent decisions (newest last)
             test    Run the policy's test cases (.hookit/tests/*.json) in a throwaway sandbox
          explain    Show, hook by hook, why the policy decides what it does for an event read from stdin
           replay    Re-evaluate the logged tool calls against the policy on disk (or --policy FILE) and list every flip
        telemetry    Ship hookit's decisions to an OpenTelemetry collector (ship), or show where they stand (status)

      Use hookit <command> --help for more information about a command.

      "
    `);
  });

  test("install --help, with every agent", () => {
    expect(hookit("install", "--help").stdout.replace(/ +$/gm, "")).toMatchInlineSnapshot(`
      "Register hookit with the agents you name (--agent, or all): their hook config, Pi's extension, OpenCode's plugin (hookit install v0.1.0)

      USAGE hookit install [OPTIONS]

      OPTIONS

        --agent=<name[,name…]|all>    antigravity, claude, codex, copilot, cursor, factory, gemini, kimi, opencode, pi (comma-separated), or all
                   --project=<DIR>    Project scope (the default): the git work tree around the current directory, or DIR
                          --global    User scope: the agent's settings in your home directory
                          --system    Managed scope, as root: /etc/hookit/hookit.json and each agent's managed settings (docs/teams/managed.md)
                   --policy=<FILE>    With --system: the policy file to install as the managed policy
                         --dry-run    Print the changes as a unified diff on stdout; write nothing
                   --command=<CMD>    Program the hooks run instead of "<node>" "<hookit>/dist/bin.cjs", e.g. hookit


      "
    `);
  });

  test.each([
    ["install", ["--agent", "--project", "--global", "--dry-run", "--command"]],
    ["uninstall", ["--agent", "--project", "--global", "--dry-run"]],
    ["check", ["--json", "--agent", "--native", "--policy", "--cwd"]],
    ["log", ["--json", "-n", "--agent", "--session", "--probes"]],
    ["test", ["FILES", "--reporter", "--policy", "--cwd", "--schema"]],
    ["explain", ["--json", "--agent", "--native", "--policy", "--cwd"]],
    ["replay", ["--since", "--agent", "--policy", "--cwd", "--json"]],
    ["doctor", ["--json"]],
    ["trust", ["--revoke"]],
    ["init", ["--global", "--force"]],
    ["validate", ["FILE"]],
  ])("hookit %s --help names its options", (command, options) => {
    const run = hookit(command, "--help");
    expect(run.status).toBe(0);
    for (const option of options) expect(run.stdout).toContain(option);
  });
});
