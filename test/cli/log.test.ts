// `hookit log` over a seeded decision log, through the built CLI.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { binPath, fileSandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();
const box = fileSandbox();

const hookit = (...args: string[]) => spawnSync(process.execPath, [binPath(), ...args], { cwd: box.cwd, env: box.env, encoding: "utf8" });

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
    mkdirSync(box.stateDir, { recursive: true });
    const lines = [
      record(1, "claude", "pass"),
      record(2, "codex", "block"),
      record(3, "claude", "block"),
      record(4, "claude", "patch"),
    ].map((r) => JSON.stringify(r));
    writeFileSync(join(box.stateDir, "decisions.jsonl"), [lines[0], lines[1], '{"torn', lines[2], lines[3]].join("\n") + "\n");
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
    writeFileSync(join(box.stateDir, "decisions.jsonl"), lines.map((r) => JSON.stringify(r)).join("\n") + "\n");
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
