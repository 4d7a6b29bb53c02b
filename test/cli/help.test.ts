// Every command's --help through the built CLI, as inline snapshots: a change to what the user reads
// shows up in the diff of this file. The agent lists in them come from the registry;
// test/agents/registry.test.ts fails when one misses an agent. `hookit source --help` and
// `source add --help` are in test/sources/cli.test.ts. `hook --help` goes to the CLI, not the hot path.
import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";
import { binPath, fileSandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();
const box = fileSandbox();

/** `hookit <command…> --help`: exit 0, nothing on stderr, stdout without trailing blanks. */
function help(...command: string[]): string {
  const run = spawnSync(process.execPath, [binPath(), ...command, "--help"], { cwd: box.cwd, env: box.env, encoding: "utf8" });
  expect(run.status).toBe(0);
  expect(run.stderr).toBe("");
  return run.stdout.replace(/ +$/gm, "");
}

test("hook", () => {
  expect(help("hook")).toMatchInlineSnapshot(`
    "Run as an agent's command hook: payload on stdin, decision on stdout (hookit hook v0.1.0)

    USAGE hookit hook [OPTIONS] [EVENT]

    ARGUMENTS

      EVENT    The agent's native event name, e.g. PreToolUse

    OPTIONS

      --agent=<agent>    antigravity | claude | codex | copilot | cursor | factory | gemini | kimi (Default: claude)


    "
  `);
});

test("lists every command", () => {
  expect(help()).toMatchInlineSnapshot(`
    "One hook policy, enforced in every coding agent: Pi, Claude Code, Codex CLI, Gemini CLI, Cursor, GitHub Copilot CLI, Factory droid, OpenCode, Kimi Code CLI and Antigravity CLI. (hookit v0.1.0)

    USAGE hookit hook|init|packs|validate|schema|check|install|uninstall|doctor|trust|source|log|test|explain|replay|telemetry

    COMMANDS

           hook    Run as an agent's command hook: payload on stdin, decision on stdout
           init    Write the starter policy to .hookit/hookit.json (or the global policy)
          packs    List hookit's packs and their rules (turn them on with hookit init --packs)
       validate    Validate every policy file hookit can find, trusted or not (or one FILE)
         schema    Print the JSON Schema of hookit.json (generated from the validator)
          check    Judge an event read from stdin as hookit hook would (the hooks' shells run; --dry-run runs none) and print the outcome
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
  expect(help("install")).toMatchInlineSnapshot(`
    "Register hookit with the agents you name (--agent, or all): their hook config, Pi's extension, OpenCode's plugin (hookit install v0.1.0)

    USAGE hookit install [OPTIONS]

    OPTIONS

      --agent=<name[,name…]|all>    antigravity, claude, codex, copilot, cursor, factory, gemini, kimi, opencode, pi (comma-separated), or all
                 --project=<DIR>    Project scope (the default): the git work tree around the current directory, or DIR
                        --global    User scope: the agent's settings in your home directory
                        --system    Managed scope, as root: /etc/hookit/hookit.json and each agent's managed settings (docs/teams/managed.md)
                 --policy=<FILE>    With --system: the policy file to install as the managed policy
                       --dry-run    Print the changes as a unified diff on stdout; write nothing
                 --command=<CMD>    Program the hooks run, e.g. hookit (default: docs/install.md, What is written where)
                      --absolute    Project scope: run this machine's node and bin, not \`hookit\` from PATH


    "
  `);
});

test("init --help", () => {
  expect(help("init")).toMatchInlineSnapshot(`
    "Write the starter policy to .hookit/hookit.json (or the global policy) (hookit init v0.1.0)

    USAGE hookit init [OPTIONS] [DIR]

    ARGUMENTS

      DIR    Project directory (default: the current repository)

    OPTIONS

             --global    Write the global policy instead (~/.config/hookit/hookit.json) (Default: false)
              --force    Overwrite an existing policy file (Default: false)
      --packs=<packs>    Turn packs on: names separated by commas, or all (hookit packs lists them)


    "
  `);
});

test("validate --help", () => {
  expect(help("validate")).toMatchInlineSnapshot(`
    "Validate every policy file hookit can find, trusted or not (or one FILE) (hookit validate v0.1.0)

    USAGE hookit validate [OPTIONS] [FILE]

    ARGUMENTS

      FILE    A policy file to validate on its own


    "
  `);
});

test("schema --help", () => {
  expect(help("schema")).toMatchInlineSnapshot(`
    "Print the JSON Schema of hookit.json (generated from the validator) (hookit schema v0.1.0)

    USAGE hookit schema


    "
  `);
});

test("check --help", () => {
  expect(help("check")).toMatchInlineSnapshot(`
    "Judge an event read from stdin as hookit hook would (the hooks' shells run; --dry-run runs none) and print the outcome (hookit check v0.1.0)

    USAGE hookit check [OPTIONS]

    OPTIONS

                 --json    Print outcomes, effects and report as JSON (Default: false)
        --agent=<agent>    Read the agent's native payload instead of a normalized event
      --native=<native>    The native event name, with --agent (e.g. PreToolUse)
      --policy=<policy>    Use only this policy file (default: global + trusted project)
            --cwd=<cwd>    Directory to resolve the project from and run shells in
              --dry-run    List the hooks that would run, without running any of them (Default: false)


    "
  `);
});

test("uninstall --help", () => {
  expect(help("uninstall")).toMatchInlineSnapshot(`
    "Remove hookit's hooks; files hookit created are deleted (hookit uninstall v0.1.0)

    USAGE hookit uninstall [OPTIONS]

    OPTIONS

      --agent=<name[,name…]|all>    antigravity, claude, codex, copilot, cursor, factory, gemini, kimi, opencode, pi (comma-separated), or all
                 --project=<DIR>    Project scope (the default): the git work tree around the current directory, or DIR
                        --global    User scope: the agent's settings in your home directory
                        --system    Managed scope, as root: /etc/hookit/hookit.json and each agent's managed settings (docs/teams/managed.md)
                 --policy=<FILE>    With --system: the policy file to install as the managed policy
                       --dry-run    Print the changes as a unified diff on stdout; write nothing
                 --command=<CMD>    Program the hooks run, e.g. hookit (default: docs/install.md, What is written where)
                      --absolute    Project scope: run this machine's node and bin, not \`hookit\` from PATH


    "
  `);
});

test("doctor --help", () => {
  expect(help("doctor")).toMatchInlineSnapshot(`
    "Check every agent's install, the hook command, trust and policy gaps (exit 1 when something is not enforced) (hookit doctor v0.1.0)

    USAGE hookit doctor [OPTIONS]

    OPTIONS

      --json    Print the checks as JSON (Default: false)


    "
  `);
});

test("trust --help", () => {
  expect(help("trust")).toMatchInlineSnapshot(`
    "Review this project's .hookit/hookit.json and allow it to run (hookit trust v0.1.0)

    USAGE hookit trust [OPTIONS] [DIR]

    ARGUMENTS

      DIR    Project directory (default: current)

    OPTIONS

         --revoke    Forget the trust (and the kept trusted copy) instead (Default: false)
            --yes    Trust without asking (you reviewed the file yourself; for scripts and CI) (Default: false)
      --no-replay    Do not replay logged tool calls against a changed policy (Default: false)


    "
  `);
});

test("source update --help", () => {
  expect(help("source", "update")).toMatchInlineSnapshot(`
    "Fetch each policy source (or one) again and move its pin after review (source update)

    USAGE source update [OPTIONS] [NAME]

    ARGUMENTS

      NAME    The source (default: every source)

    OPTIONS

      --yes    Accept without asking (you reviewed the policy yourself; for scripts and CI) (Default: false)


    "
  `);
});

test("source list --help", () => {
  expect(help("source", "list")).toMatchInlineSnapshot(`
    "List the policy sources, their pins and whether their copies are intact (source list)

    USAGE source list [OPTIONS]

    OPTIONS

      --json    Print JSON (Default: false)


    "
  `);
});

test("source remove --help", () => {
  expect(help("source", "remove")).toMatchInlineSnapshot(`
    "Remove a policy source and its stored copy (source remove)

    USAGE source remove [OPTIONS] <NAME>

    ARGUMENTS

      NAME    The source (owner/repo) (Required)


    "
  `);
});

test("log --help", () => {
  expect(help("log")).toMatchInlineSnapshot(`
    "Show hookit's recent decisions (newest last) (hookit log v0.1.0)

    USAGE hookit log [OPTIONS]

    OPTIONS

                   --json    One JSON record per line (with the recorded events: pipe one into hookit check) (Default: false)
                  --n=<n>    How many records (default 20) (Default: 20)
          --agent=<agent>    Only this agent
      --session=<session>    Only this session id
                 --probes    Include the calls hookit doctor made to probe each install (Default: false)
      --outcome=<outcome>    Only this outcome (pass, block, ask, patch, continue, report)


    "
  `);
});

test("test --help", () => {
  expect(help("test")).toMatchInlineSnapshot(`
    "Run the policy's test cases (.hookit/tests/*.json) in a throwaway sandbox (hookit test v0.1.0)

    USAGE hookit test [OPTIONS] [FILES]

    ARGUMENTS

      FILES    Test files (default: .hookit/tests/*.json of the project)

    OPTIONS

      --reporter=<reporter>    Output format: human, junit, tap, json (Default: human)
          --policy=<policy>    Test this policy file (default: the project's .hookit/hookit.json as it is on disk, else the global policy)
                --cwd=<cwd>    Directory to find the project from
                   --schema    Print the JSON Schema of a test file and exit (Default: false)


    "
  `);
});

test("explain --help", () => {
  expect(help("explain")).toMatchInlineSnapshot(`
    "Show, hook by hook, why the policy decides what it does for an event read from stdin (hookit explain v0.1.0)

    USAGE hookit explain [OPTIONS]

    OPTIONS

                 --json    Print the explanation as JSON (Default: false)
        --agent=<agent>    Read the agent's native payload instead of a normalized event
      --native=<native>    The native event name, with --agent (e.g. PreToolUse)
      --policy=<policy>    Explain this policy file (default: global + trusted project)
            --cwd=<cwd>    Directory to resolve the project from


    "
  `);
});

test("replay --help", () => {
  expect(help("replay")).toMatchInlineSnapshot(`
    "Re-evaluate the logged tool calls against the policy on disk (or --policy FILE) and list every flip (hookit replay v0.1.0)

    USAGE hookit replay [OPTIONS]

    OPTIONS

        --since=<since>    Only calls logged since then: 7d, 12h, 30m, 2w or a date (default: the whole log)
        --agent=<agent>    Only this agent's calls
      --policy=<policy>    Replay against this policy file (default: global + project policy as they are on disk, trusted or not)
            --cwd=<cwd>    Directory to find the project from
                 --json    Print the result as JSON (Default: false)


    "
  `);
});

test("telemetry --help", () => {
  expect(help("telemetry")).toMatchInlineSnapshot(`
    "Ship hookit's decisions to an OpenTelemetry collector (ship), or show where they stand (status) (hookit telemetry v0.1.0)

    USAGE hookit telemetry [OPTIONS] <ACTION>

    ARGUMENTS

      ACTION    ship | status (Required)

    OPTIONS

      --background    Started by a hook process: no output, and keep watching the log for a few idle seconds (Default: false)


    "
  `);
});
