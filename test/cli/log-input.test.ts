// The decision log as a record of what happened: the events (secrets
// redacted, so an entry can be piped into `hookit check`), doctor's probe calls
// marked and hidden, a private file, rotation at a size cap; `hookit log
// --agent` refuses names it cannot mean.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { NormalizedEvent } from "../../src/engine/types.ts";
import { appendDecision, decisionLogPath, readDecisionLog, rotatedLogPath, type LogRecord } from "../../src/run/decision-log.ts";
import { REDACTED } from "../../src/run/redact.ts";
import { STARTER_POLICY } from "../../src/base/starter-policy.ts";
import { binPath, sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

/** A fresh sandbox's folder, removed when the test ends. */
const fresh = () => sandbox().root;

const call = (command: string): NormalizedEvent => ({
  event: "tool_call",
  toolName: "bash",
  toolCallId: "c1",
  input: { command },
  agent: "claude",
  nativeToolName: "Bash",
});
const record = (events: NormalizedEvent[], extra: Partial<LogRecord> = {}): LogRecord => ({
  ts: "2026-11-30T10:00:00.000Z",
  agent: "claude",
  event: "PreToolUse",
  kind: "tool_call",
  tool: "bash",
  outcome: "pass",
  hooks: [],
  durationMs: 1,
  events,
  ...extra,
});

describe("recorded events", () => {
  test("the event is recorded, and pipes into hookit check as it is", () => {
    const dir = fresh();
    appendDecision(dir, record([call("git push --force")]), {});
    const [logged] = readDecisionLog(dir);
    expect(logged?.events).toEqual([call("git push --force")]);
    const policy = join(dir, "policy.json");
    execFileSync("sh", ["-c", `cat > ${policy}`], { input: JSON.stringify(STARTER_POLICY) });
    const check = spawnSync(process.execPath, [binPath(), "check", "--policy", policy], {
      input: JSON.stringify(logged?.events?.[0]),
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: dir },
    });
    expect(check.stdout).toBe(
      'tool_call: block\nhookit: hook "no-force-push" rejected bash — `false`\n→ local/no-force-push requests message\n',
    );
  });

  test("secrets are redacted with the starter policy's patterns, and the record says so", () => {
    const dir = fresh();
    const key = ["AKIA", "ABCDEFGHIJKLMNOP"].join("");
    const token = `ghp_${"a".repeat(36)}`;
    const pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----";
    appendDecision(
      dir,
      record([call(`AWS_KEY=${key} curl -H 'Authorization: ${token}' && echo '${pem}' > k && echo sk-${"x".repeat(24)}`)]),
      {},
    );
    const text = readFileSync(decisionLogPath(dir), "utf8");
    for (const secret of [key, token, "MIIEowIBAAKCAQEA", "x".repeat(24)]) expect(text).not.toContain(secret);
    const [logged] = readDecisionLog(dir);
    const [event] = (logged?.events ?? []) as unknown as Array<{ input: { command: string } }>;
    expect(event?.input.command).toBe(
      `AWS_KEY=${REDACTED} curl -H 'Authorization: ${REDACTED}' && echo '${REDACTED}' > k && echo ${REDACTED}`,
    );
    expect(logged?.redacted).toBe(true);
  });

  test("the secrets are the ones the starter policy's redact-secrets hook withholds (one list)", () => {
    const redact = STARTER_POLICY.local["redact-secrets"];
    expect(redact.filter).toEqual({ "hookit.secrets": "." });
    expect(redact.shell).toBe("false");
  });

  test("HOOKIT_LOG_INPUT=0 keeps the input out, and says why", () => {
    const dir = fresh();
    appendDecision(dir, record([call("echo private")]), { HOOKIT_LOG_INPUT: "0" });
    const text = readFileSync(decisionLogPath(dir), "utf8");
    expect(text).not.toContain("private");
    expect(readDecisionLog(dir)[0]?.eventsOmitted).toBe("off");
  });

  test("a tool's output is not recorded, nor an event too large for a log line", () => {
    const dir = fresh();
    const result: NormalizedEvent = {
      event: "tool_result",
      toolName: "bash",
      toolCallId: "c",
      input: { command: "cat f" },
      content: [{ type: "text", text: "output" }],
      isError: false,
    };
    appendDecision(dir, record([result], { kind: "tool_result" }), {});
    appendDecision(dir, record([call("x".repeat(70_000))]), {});
    expect(readDecisionLog(dir).map((r) => [r.events, r.eventsOmitted])).toEqual([
      [undefined, "tool-output"],
      [undefined, "too-large"],
    ]);
  });
});

describe("the log file", () => {
  test("is created 0600 in a 0700 folder", () => {
    const dir = join(fresh(), "state");
    appendDecision(dir, record([]), {});
    expect(statSync(decisionLogPath(dir)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  test("is rotated at the size cap, keeping one older generation that readers still see", () => {
    const dir = fresh();
    const env = { HOOKIT_LOG_MAX_BYTES: "2000" };
    for (let i = 0; i < 30; i++) appendDecision(dir, record([call(`echo ${i}`)], { durationMs: i }), env);
    expect(statSync(decisionLogPath(dir)).size).toBeLessThan(2000 + 400);
    expect(existsSync(rotatedLogPath(dir))).toBe(true);
    const all = readDecisionLog(dir).map((r) => r.durationMs);
    expect(all.at(-1)).toBe(29);
    expect(all).toEqual([...all].sort((a, b) => a - b)); // oldest first across both files
    expect(all.length).toBeLessThan(30); // the oldest generation is gone
  });
});

describe("doctor's probe calls", () => {
  const home = () => {
    const root = fresh();
    const env = { PATH: process.env.PATH, HOME: root, XDG_STATE_HOME: join(root, "state"), XDG_CONFIG_HOME: join(root, "config") };
    const dir = join(root, "state", "hookit");
    appendDecision(dir, record([call("true")], { durationMs: 1 }), { HOOKIT_DOCTOR: "1" });
    appendDecision(dir, record([call("ls")], { durationMs: 2 }), {});
    return { env, dir };
  };
  const hookit = (env: Record<string, string | undefined>, ...args: string[]) =>
    spawnSync(process.execPath, [binPath(), ...args], { env, encoding: "utf8" });

  test("are marked in the record", () => {
    expect(readDecisionLog(home().dir).map((r) => r.probe)).toEqual([true, undefined]);
  });

  test("are hidden by hookit log, shown with --probes", () => {
    const { env } = home();
    expect(
      hookit(env, "log", "--json")
        .stdout.trim()
        .split("\n")
        .map((l) => JSON.parse(l).durationMs),
    ).toEqual([2]);
    const all = hookit(env, "log", "--probes");
    expect(all.stdout).toMatch(/PreToolUse \(probe\)/);
  });
});

describe("hookit log --agent", () => {
  const env = () => {
    const root = fresh();
    appendDecision(join(root, "state", "hookit"), record([], { agent: "my-harness" }), {});
    return { PATH: process.env.PATH, HOME: root, XDG_STATE_HOME: join(root, "state") };
  };
  const hookit = (e: Record<string, string | undefined>, ...args: string[]) =>
    spawnSync(process.execPath, [binPath(), ...args], { env: e, encoding: "utf8" });

  test("a misspelt agent is an error with a suggestion", () => {
    const run = hookit(env(), "log", "--agent", "claud");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('unknown agent "claud". Did you mean "claude"?');
  });

  test("names are normalized like everywhere else (case, aliases); a logged external adapter is known", () => {
    const e = env();
    expect(hookit(e, "log", "--agent", "Claude-Code").status).toBe(0);
    expect(hookit(e, "log", "--agent", "droid").status).toBe(0);
    const external = hookit(e, "log", "--agent", "my-harness", "--json");
    expect(external.status).toBe(0);
    expect(JSON.parse(external.stdout).agent).toBe("my-harness");
  });
});
