// `hookit telemetry ship`: sends the decision log's unshipped records to the
// OTLP/HTTP collector, batch by batch, committing the cursor after each 2xx.
//
// Delivery is at least once, made exactly once at the receiver: a shipper
// killed after the collector took a batch but before the cursor was committed
// sends that one batch again on its next run, with the same `log.record.uid`
// on every record (spool.ts derives it from the record's place in the log), so
// a collector or backend can drop the copies. Nothing is ever skipped: the
// cursor moves only past what was acknowledged (or rejected as malformed,
// HTTP 400, which no resend would fix).
import { utimesSync, writeFileSync } from "node:fs";
import pkg from "../../package.json" with { type: "json" };
import type { Env } from "../base/paths.ts";
import { telemetryConfig, type TelemetryConfig } from "./config.ts";
import { exportRequest, otlpLogRecord } from "./otlp.ts";
import { encodeExportLogsRequest } from "./proto.ts";
import { readBatch, type SpooledRecord } from "./spool.ts";
import { commitCursor, dueStampPath, readCursor, readStatus, tryLock, writeStatus, type ShipStatus } from "./state.ts";

export interface ShipOptions {
  /** Nothing is started after this many ms, and no request outlives it. */
  budgetMs: number;
  /** Started by a hook: keep watching the log for a few idle seconds, so a session's last decisions go out too. */
  linger: boolean;
}

export type ShipReport =
  | { state: "off" }
  | { state: "busy" }
  | { state: "shipped"; shipped: number }
  | { state: "error"; shipped: number; error: string };

/** The OpenTelemetry SDKs' default batch size. */
const BATCH = 512;
const POLL_MS = 500;
const IDLE_MS = 3_000;
const MIN_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 5 * 60_000;

export async function ship(env: Env, stateDir: string, options: ShipOptions): Promise<ShipReport> {
  const deadline = Date.now() + options.budgetMs;
  const configured = telemetryConfig(env);
  if (!configured.enabled) return { state: "off" };
  if ("error" in configured) {
    failed(stateDir, readStatus(stateDir), configured.error);
    return { state: "error", shipped: 0, error: configured.error };
  }
  let shipped = 0;
  for (;;) {
    const release = tryLock(stateDir);
    if (!release) return shipped > 0 ? { state: "shipped", shipped } : { state: "busy" };
    let outcome: ShipReport;
    try {
      outcome = await shipLocked(configured.config, stateDir, deadline, options.linger);
    } finally {
      release();
    }
    if (outcome.state === "shipped") shipped += outcome.shipped;
    if (outcome.state === "error") return { ...outcome, shipped: shipped + outcome.shipped };
    // The lock is gone and `due` says "start one": a record appended while we were
    // finishing saw a live shipper and started none, so look once more.
    if (!options.linger || Date.now() >= deadline || readBatch(stateDir, readCursor(stateDir), 1).records.length === 0) {
      return { state: "shipped", shipped };
    }
  }
}

// --- internal ---

async function shipLocked(config: TelemetryConfig, stateDir: string, deadline: number, linger: boolean): Promise<ShipReport> {
  const status = readStatus(stateDir);
  let shipped = 0;
  let idleSince = Date.now();
  while (Date.now() < deadline) {
    const cursor = readCursor(stateDir);
    const batch = readBatch(stateDir, cursor, BATCH);
    // Counted once: the cursor leaves the lost generation with this batch's commit.
    const advance = () => {
      if (batch.gap) status.gaps = (status.gaps ?? 0) + 1;
      commitCursor(stateDir, batch.next!);
    };
    if (batch.records.length === 0) {
      // Past probe calls and torn lines (the same cursor is not written again while idle).
      if (batch.next && JSON.stringify(batch.next) !== JSON.stringify(cursor)) advance();
      if (!linger || Date.now() - idleSince >= IDLE_MS) break;
      setDue(stateDir, Date.now() + 2 * POLL_MS); // a shipper is watching: hooks need not start one
      await sleep(Math.min(POLL_MS, deadline - Date.now()));
      continue;
    }
    const answer = await post(config, batch.records, deadline);
    if (!answer.ok && !answer.malformed) {
      failed(stateDir, status, answer.error);
      return { state: "error", shipped, error: answer.error };
    }
    advance();
    if (answer.ok) {
      shipped += batch.records.length;
      status.shipped += batch.records.length;
      status.failures = 0;
      status.lastSuccessAt = new Date().toISOString();
    } else {
      status.lastError = `${answer.error} (${batch.records.length} records dropped)`;
      status.lastErrorAt = new Date().toISOString();
    }
    writeStatus(stateDir, status);
    idleSince = Date.now();
  }
  writeStatus(stateDir, status);
  setDue(stateDir, Date.now());
  return { state: "shipped", shipped };
}

type Answer = { ok: true } | { ok: false; malformed: boolean; error: string };

async function post(config: TelemetryConfig, records: SpooledRecord[], deadline: number): Promise<Answer> {
  const request = exportRequest(
    records.map((r) => otlpLogRecord(r.record, r.uid, config.includeInput)),
    config.resource,
    pkg.version,
  );
  const json = config.protocol === "http/json";
  try {
    const response = await fetch(config.url, {
      method: "POST",
      headers: { ...config.headers, "content-type": json ? "application/json" : "application/x-protobuf" },
      body: json ? JSON.stringify(request) : encodeExportLogsRequest(request),
      signal: AbortSignal.timeout(Math.max(1, Math.min(config.timeoutMs, deadline - Date.now()))),
    });
    const text = await response.text().catch(() => "");
    if (response.ok) return { ok: true };
    const error = `${config.url} answered HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ""}`;
    return { ok: false, malformed: response.status === 400, error };
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return { ok: false, malformed: false, error: `${config.url}: ${(error as Error).message}${cause ? ` (${cause})` : ""}` };
  }
}

/** Records the failure and tells hook processes to wait before starting another shipper. */
function failed(stateDir: string, status: ShipStatus, error: string): void {
  status.failures += 1;
  status.lastError = error;
  status.lastErrorAt = new Date().toISOString();
  try {
    writeStatus(stateDir, status);
    setDue(stateDir, Date.now() + Math.min(MIN_BACKOFF_MS * 2 ** (status.failures - 1), MAX_BACKOFF_MS));
  } catch {
    // the state dir is unwritable: the next run tries again
  }
}

function setDue(stateDir: string, at: number): void {
  const path = dueStampPath(stateDir);
  try {
    utimesSync(path, at / 1000, at / 1000);
  } catch {
    writeFileSync(path, "", { mode: 0o600 });
    utimesSync(path, at / 1000, at / 1000);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
