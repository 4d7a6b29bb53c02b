// The shipper in-process, against the decoding receiver: what it does with a
// collector that refuses (503: keep and back off), one that rejects the data
// (400: drop, no resend would fix it), and a log that rotated past it.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { appendDecision, type LogRecord } from "../../src/run/decision-log.ts";
import { telemetryChecks } from "../../src/telemetry/doctor.ts";
import { ship } from "../../src/telemetry/ship.ts";
import { dueStampPath, readStatus } from "../../src/telemetry/state.ts";
import { startReceiver, type Receiver } from "./_receiver.ts";

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const done of cleanup.splice(0)) await done();
});

async function setup(): Promise<{ r: Receiver; env: Record<string, string>; state: string }> {
  const root = mkdtempSync(join(tmpdir(), "hookit-ship-"));
  const r = await startReceiver();
  cleanup.push(
    () => r.close(),
    () => rmSync(root, { recursive: true, force: true }),
  );
  mkdirSync(join(root, "config", "hookit"), { recursive: true });
  writeFileSync(join(root, "config", "hookit", "settings.json"), JSON.stringify({ telemetry: { otlp: { endpoint: r.url } } }));
  const env = { XDG_CONFIG_HOME: join(root, "config"), XDG_STATE_HOME: join(root, "state") };
  return { r, env, state: join(root, "state", "hookit") };
}

const record = (n: number): LogRecord => ({
  ts: new Date(1_700_000_000_000 + n).toISOString(),
  agent: "gemini",
  event: "BeforeTool",
  kind: "tool_call",
  tool: `t${n}`,
  outcome: "pass",
  hooks: [],
  durationMs: 1,
});
const once = { budgetMs: 10_000, linger: false };

test("503: nothing is committed, the error is kept, hook processes wait before trying again", async () => {
  const { r, env, state } = await setup();
  for (let n = 0; n < 3; n++) appendDecision(state, record(n));
  r.answer = 503;
  const report = await ship(env, state, once);
  expect(report).toMatchObject({ state: "error", shipped: 0, error: expect.stringContaining("HTTP 503") });
  expect(statSync(dueStampPath(state)).mtimeMs).toBeGreaterThan(Date.now() + 3_000);
  expect(telemetryChecks(env).map((c) => c.status)).toEqual(["ok", "warn"]);
  r.answer = 200;
  expect(await ship(env, state, once)).toEqual({ state: "shipped", shipped: 3 });
  expect(r.records.map((x) => x.attributes["hookit.tool"])).toEqual(["t0", "t1", "t2", "t0", "t1", "t2"]);
  expect(readStatus(state)).toMatchObject({ shipped: 3, failures: 0 });
  expect(telemetryChecks(env).map((c) => c.status)).toEqual(["ok"]);
});

test("400: the batch is dropped and said so; the next records still go", async () => {
  const { r, env, state } = await setup();
  appendDecision(state, record(0));
  r.answer = 400;
  expect(await ship(env, state, once)).toEqual({ state: "shipped", shipped: 0 });
  expect(readStatus(state).lastError).toMatch(/HTTP 400.*1 records dropped/);
  r.answer = 200;
  appendDecision(state, record(1));
  expect(await ship(env, state, once)).toEqual({ state: "shipped", shipped: 1 });
  expect(r.records.at(-1)?.attributes["hookit.tool"]).toBe("t1");
});

test("a log that rotated twice past the cursor is counted once, and doctor says records may be lost", async () => {
  const { env, state } = await setup();
  const small = { HOOKIT_LOG_MAX_BYTES: "1500" };
  appendDecision(state, record(0), small);
  await ship(env, state, once);
  for (let n = 1; n < 40; n++) appendDecision(state, record(n), small);
  await ship(env, state, once);
  await ship(env, state, once);
  expect(readStatus(state).gaps).toBe(1);
  expect(telemetryChecks(env).at(-1)?.message).toMatch(/rotated twice past the shipper's position 1 time/);
});

test("export off: the shipper does nothing at all", async () => {
  const { r, env, state } = await setup();
  appendDecision(state, record(0));
  writeFileSync(
    join(env.XDG_CONFIG_HOME as string, "hookit", "settings.json"),
    JSON.stringify({ telemetry: { otlp: { enabled: false, endpoint: r.url } } }),
  );
  expect(await ship(env, state, once)).toEqual({ state: "off" });
  expect(r.records).toEqual([]);
});
