// The decision log as the shipper's spool: a cursor that survives rotation,
// only whole lines, stable uids, and a gap reported when the log rotated past
// records twice before they were shipped.
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { appendDecision, decisionLogPath, type LogRecord } from "../../src/run/decision-log.ts";
import { readBatch, type Cursor } from "../../src/telemetry/spool.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "hookit-spool-"));
  dirs.push(dir);
  return dir;
}

const record = (n: number): LogRecord => ({
  ts: new Date(1_700_000_000_000 + n).toISOString(),
  agent: "claude",
  event: "PreToolUse",
  kind: "tool_call",
  tool: `t${n}`,
  outcome: "pass",
  hooks: [],
  durationMs: 1,
});

/** Reads and "acknowledges" everything there is, the way the shipper does. */
function drain(
  dir: string,
  cursor: Cursor | undefined,
  max = 4,
): { tools: string[]; uids: string[]; cursor: Cursor | undefined; gap: boolean } {
  const tools: string[] = [];
  const uids: string[] = [];
  let gap = false;
  for (;;) {
    const batch = readBatch(dir, cursor, max);
    gap ||= batch.gap;
    tools.push(...batch.records.map((r) => r.record.tool as string));
    uids.push(...batch.records.map((r) => r.uid));
    if (batch.next) cursor = batch.next;
    if (batch.records.length === 0) return { tools, uids, cursor, gap };
  }
}

test("every record is read once across rotations, when the shipper runs between them", () => {
  const dir = stateDir();
  const env = { HOOKIT_LOG_MAX_BYTES: "1500" }; // a record is ~150 bytes: rotates every ~10
  let cursor: Cursor | undefined;
  const seen: string[] = [];
  for (let n = 0; n < 60; n++) {
    appendDecision(dir, record(n), env);
    if (n % 7 === 6) {
      const out = drain(dir, cursor);
      expect(out.gap).toBe(false);
      seen.push(...out.tools);
      cursor = out.cursor;
    }
  }
  seen.push(...drain(dir, cursor).tools);
  expect(seen).toEqual(Array.from({ length: 60 }, (_, n) => `t${n}`));
});

test("uids are stable for a line and differ for identical lines", () => {
  const dir = stateDir();
  for (let i = 0; i < 3; i++) appendDecision(dir, record(1));
  const first = drain(dir, undefined);
  const second = drain(dir, undefined);
  expect(first.tools).toEqual(["t1", "t1", "t1"]);
  expect(new Set(first.uids).size).toBe(3);
  expect(second.uids).toEqual(first.uids);
});

test("a line still being written is left for the next run; torn lines and doctor's probes are read past", () => {
  const dir = stateDir();
  appendDecision(dir, record(0));
  appendDecision(dir, record(1), { HOOKIT_DOCTOR: "1" });
  appendFileSync(decisionLogPath(dir), '{"ts":"torn\n');
  const whole = JSON.stringify(record(2));
  appendFileSync(decisionLogPath(dir), whole.slice(0, 20));
  const out = drain(dir, undefined);
  expect(out.tools).toEqual(["t0"]);
  appendFileSync(decisionLogPath(dir), `${whole.slice(20)}\n`);
  expect(drain(dir, out.cursor).tools).toEqual(["t2"]);
});

test("the log rotating twice past the cursor is reported as a gap, and reading goes on from the oldest file left", () => {
  const dir = stateDir();
  const env = { HOOKIT_LOG_MAX_BYTES: "1500" };
  appendDecision(dir, record(0), env);
  const { cursor } = drain(dir, undefined);
  for (let n = 1; n < 40; n++) appendDecision(dir, record(n), env);
  const out = drain(dir, cursor);
  expect(out.gap).toBe(true);
  expect(out.tools.length).toBeGreaterThan(0);
  expect(out.tools.at(-1)).toBe("t39");
  expect(drain(dir, out.cursor).tools).toEqual([]);
});
