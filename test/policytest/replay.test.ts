// `hookit replay` through the built CLI over a seeded decision log: no flips
// for the policy the calls were decided by, every block→allow of a weakened
// edit grouped by hook, entries without a recorded event counted, and 10,000
// calls against the starter policy well inside a minute.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { NormalizedEvent } from "../../src/engine/types.ts";
import { replaySummary } from "../../src/policytest/replay.ts";
import { appendDecision, type LogRecord } from "../../src/run/decision-log.ts";
import { STARTER_POLICY } from "../../src/base/starter-policy.ts";
import { useBuiltHookit } from "../_sandbox.ts";
import { makeProject, type Project } from "./_project.ts";

useBuiltHookit();

/** Calls and what the starter policy decided for them (as `hookit hook` logs them). */
const CALLS: [command: string, outcome: string, hooks: string[]][] = [
  ["git push --force", "block", ["local/no-force-push"]],
  ["ls -la", "pass", []],
  ["cat .env", "block", ["local/no-dotenv-secrets"]],
  ["rm -rf ~/", "block", ["local/no-recursive-delete-outside-project", "local/no-writes-outside-project"]],
  ["npm test", "pass", []],
];

const event = (command: string): NormalizedEvent => ({
  event: "tool_call",
  toolName: "bash",
  toolCallId: "c",
  input: { command },
  agent: "claude",
  nativeToolName: "Bash",
});

function seed(p: Project, count: number, extra: (i: number) => Partial<LogRecord> = () => ({})): void {
  for (let i = 0; i < count; i++) {
    const [command, outcome, hooks] = CALLS[i % CALLS.length] as (typeof CALLS)[number];
    appendDecision(
      p.stateDir,
      {
        ts: new Date(Date.UTC(2026, 10, 30, 10, 0, 0) + i * 1000).toISOString(),
        agent: "claude",
        event: "PreToolUse",
        kind: "tool_call",
        session: "s1",
        tool: "bash",
        outcome,
        hooks,
        durationMs: 1,
        events: [event(command)],
        ...extra(i),
      },
      { HOOKIT_LOG_MAX_BYTES: String(64 * 1024 * 1024) },
    );
  }
}

const weakened = () => {
  const policy = structuredClone(STARTER_POLICY) as { local: Record<string, unknown> };
  delete policy.local["no-force-push"];
  return policy;
};

describe("hookit replay", () => {
  test("the policy the calls were decided by: no flips, exit 0", () => {
    const p = makeProject();
    p.hookit(["init"]);
    seed(p, 10);
    const run = p.hookit(["replay"]);
    expect(run.stdout).toBe(
      "10 of 10 logged tool calls replayed.\nNo flips: every replayed call gets the decision it got when it was logged.\n",
    );
    expect(run.status).toBe(0);
  });

  test("a weakened, untrusted edit: every block→allow, grouped by hook, exit 2", () => {
    const p = makeProject();
    p.hookit(["init"]);
    seed(p, 10);
    p.write(".hookit/hookit.json", weakened());
    const run = p.hookit(["replay"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/replaying 10 logged tool calls against .*hookit\.json \(not trusted yet/);
    expect(run.stdout).toContain(
      [
        "2 flips:",
        "",
        "block → allow (2)",
        "  local/no-force-push (2)",
        '    2026-11-30 10:00:00  claude  bash {"command":"git push --force"}',
        '    2026-11-30 10:00:05  claude  bash {"command":"git push --force"}',
      ].join("\n"),
    );
  });

  test("a stricter --policy file: allow→block under the new hook", () => {
    const p = makeProject();
    p.hookit(["init"]);
    seed(p, 5);
    const stricter = structuredClone(STARTER_POLICY) as { local: Record<string, unknown> };
    stricter.local["no-npm"] = { description: "d", event: "tool_call", filter: { command: "^npm " }, shell: "false", default: true };
    p.write("stricter.json", stricter);
    const json = JSON.parse(p.hookit(["replay", "--policy", "stricter.json", "--json"]).stdout);
    expect(json.flips.map((f: { before: string; after: string; hooks: string[] }) => [f.before, f.after, f.hooks])).toEqual([
      ["allow", "block", ["local/no-npm"]],
    ]);
  });

  test("a broken --policy file: the same detail validate gives (line:column, key, what to write), and the next step", () => {
    const p = makeProject();
    p.hookit(["init"]);
    const file = p.write("broken.json", { local: { a: { description: "", event: "tool_cal", shell: "x", default: "yes" } } });
    const run = p.hookit(["replay", "--policy", "broken.json"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("the policy is invalid, nothing can be replayed:");
    expect(run.stderr).toMatch(new RegExp(`${file}:\\d+:\\d+: local/a: unknown event "tool_cal" \\(did you mean "tool_call"\\?\\)`));
    expect(run.stderr).toMatch(/local\/a: "default" must be a boolean, not the string "yes" \(write true or false, without quotes\)/);
    expect(run.stderr).toContain("Fix it (hookit validate shows every problem), then replay again.");
  });

  test("entries without a recorded event are counted, not replayed; doctor's probes are left out", () => {
    const p = makeProject();
    p.hookit(["init"]);
    seed(p, 6, (i) => (i < 2 ? { events: undefined } : i === 2 ? { eventsOmitted: "off", events: undefined } : {}));
    appendDecision(
      p.stateDir,
      {
        ts: new Date().toISOString(),
        agent: "claude",
        event: "PreToolUse",
        kind: "tool_call",
        outcome: "pass",
        hooks: [],
        durationMs: 1,
        events: [event("true")],
      },
      { HOOKIT_DOCTOR: "1" },
    );
    const run = p.hookit(["replay"]);
    expect(run.stdout).toContain(
      "3 of 6 logged tool calls replayed.\n3 not replayed: 2 logged before hookit recorded events; 1 input logging was off (HOOKIT_LOG_INPUT=0).\n",
    );
  });

  test("--since and --agent narrow the calls; a misspelt agent is an error", () => {
    const p = makeProject();
    p.hookit(["init"]);
    seed(p, 4, (i) => ({ agent: i % 2 ? "codex" : "claude", ts: i < 2 ? "2020-01-01T00:00:00.000Z" : new Date().toISOString() }));
    expect(p.hookit(["replay", "--since", "7d"]).stderr).toContain("replaying 2 logged tool calls");
    expect(p.hookit(["replay", "--agent", "Codex"]).stderr).toContain("replaying 2 logged tool calls");
    expect(p.hookit(["replay", "--since", "2020-01-01", "--agent", "codex"]).stderr).toContain("replaying 2 logged tool calls");
    expect(p.hookit(["replay", "--agent", "codx"]).stderr).toContain('Did you mean "codex"?');
    expect(p.hookit(["replay", "--since", "last tuesday"]).stderr).toContain("--since must be like 7d");
  });

  test("replaySummary, for hookit trust: the flips a candidate text would bring", async () => {
    const p = makeProject();
    p.hookit(["init"]);
    seed(p, 5, () => ({ ts: new Date().toISOString() }));
    const policyPath = join(p.dir, ".hookit/hookit.json");
    const same = await replaySummary(policyPath, readFileSync(policyPath, "utf8"), p.env);
    expect(same.ok && same.result.flips).toEqual([]);
    const weaker = await replaySummary(policyPath, JSON.stringify(weakened()), p.env);
    expect(weaker.ok && weaker.result.flips.map((f) => f.hooks)).toEqual([["local/no-force-push"]]);
    expect(weaker.text).toContain("block → allow (1)");
    expect((await replaySummary(policyPath, "{", p.env)).ok).toBe(false);
  });

  test("calls logged by the real hookit hook replay as they were decided; a weakened edit flips them; doctor's probes are left out", () => {
    const p = makeProject();
    p.hookit(["init"]);
    const payload = (command: string) =>
      JSON.stringify({
        session_id: "s1",
        cwd: p.dir,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command },
        tool_use_id: "t1",
      });
    for (const command of ["git push --force", "ls", "cat .env"]) p.hookit(["hook", "--agent", "claude", "PreToolUse"], payload(command));
    p.hookit(["hook", "--agent", "claude", "PreToolUse"], payload("git push -f"), { HOOKIT_DOCTOR: "1" });
    const logged = p
      .hookit(["log", "--json", "--probes"])
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(logged.map((r: LogRecord) => [r.outcome, r.probe, r.events?.[0]])).toEqual([
      [
        "block",
        undefined,
        expect.objectContaining({
          event: "tool_call",
          toolName: "bash",
          input: expect.objectContaining({ command: "git push --force" }),
          agent: "claude",
          nativeToolName: "Bash",
        }),
      ],
      ["pass", undefined, expect.objectContaining({ input: expect.objectContaining({ command: "ls" }) })],
      ["block", undefined, expect.objectContaining({ input: expect.objectContaining({ command: "cat .env" }) })],
      ["block", true, expect.objectContaining({ input: expect.objectContaining({ command: "git push -f" }) })],
    ]);
    expect(p.hookit(["replay"]).stdout).toBe(
      "3 of 3 logged tool calls replayed.\nNo flips: every replayed call gets the decision it got when it was logged.\n",
    );
    p.write(".hookit/hookit.json", weakened());
    const run = p.hookit(["replay"]);
    expect(run.status).toBe(2);
    expect(run.stdout).toContain("block → allow (1)\n  local/no-force-push (1)\n");
  });

  test("10,000 logged calls against the starter policy in well under 60 s", () => {
    const p = makeProject();
    p.hookit(["init"]);
    seed(p, 10_000);
    const started = performance.now();
    const run = p.hookit(["replay"]);
    const seconds = (performance.now() - started) / 1000;
    expect(run.stdout).toContain("10000 of 10000 logged tool calls replayed.");
    console.log(`replay of 10,000 logged calls: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(60);
  }, 120_000);
});
