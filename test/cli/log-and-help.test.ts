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
  ts: `2026-11-29T10:00:0${i}.000Z`, agent, event: "PreToolUse", kind: "tool_call", session: `s${i % 2}`,
  tool: "bash", outcome, hooks: outcome === "pass" ? [] : ["local/no-force-push"], durationMs: i,
});

describe("hookit log", () => {
  test("no log yet: says so, exit 0", () => {
    const run = hookit("log");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/no decisions logged yet/);
  });

  test("a table of the newest records, filtered; damaged lines are skipped", () => {
    mkdirSync(join(home, "state", "hookit"), { recursive: true });
    const lines = [record(1, "claude", "pass"), record(2, "codex", "block"), record(3, "claude", "block"), record(4, "claude", "patch")]
      .map((r) => JSON.stringify(r));
    writeFileSync(join(home, "state", "hookit", "decisions.jsonl"), [lines[0], lines[1], '{"torn', lines[2], lines[3]].join("\n") + "\n");
    const table = hookit("log", "-n", "2", "--agent", "claude").stdout.trim().split("\n");
    expect(table[0]).toMatch(/^time\s+agent\s+event\s+tool\s+outcome\s+hooks\s+ms$/);
    expect(table.slice(1).map((l) => l.split(/\s+/)[5])).toEqual(["block", "patch"]); // the time column holds a space
    expect(table.join("\n")).not.toMatch(/\x1b\[/); // colour only on a TTY
    const json = hookit("log", "--json", "--session", "s0").stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(json.map((r) => r.durationMs)).toEqual([2, 4]);
  });

  test("--outcome keeps one outcome, ask included (hookit's ask extension)", () => {
    const lines = [record(1, "claude", "ask"), record(2, "codex", "block"), record(3, "claude", "ask"), record(4, "claude", "pass")];
    writeFileSync(join(home, "state", "hookit", "decisions.jsonl"), lines.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const json = hookit("log", "--json", "--outcome", "ask").stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(json.map((r) => [r.outcome, r.durationMs])).toEqual([["ask", 1], ["ask", 3]]);
  });

  test("-n must be a positive whole number", () => {
    const run = hookit("log", "-n", "zero");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/-n must be a positive whole number/);
  });
});

describe("--help", () => {
  test("lists every command", () => {
    const help = hookit("--help").stdout;
    for (const command of ["hook", "init", "validate", "schema", "check", "install", "uninstall", "doctor", "trust", "log", "test", "explain", "replay"]) {
      expect(help).toContain(command);
    }
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
