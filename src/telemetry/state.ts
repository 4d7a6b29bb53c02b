// The shipper's own files, in `<state>/telemetry/`: the cursor (what the
// collector has acknowledged), its status (for `hookit doctor`), the lock that
// keeps one shipper at a time, and `due`, whose mtime is the earliest moment a
// hook process may start another (run/telemetry-kick.ts reads it with one stat).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../base/fs-atomic.ts";
import type { Cursor } from "./spool.ts";

export interface ShipStatus {
  /** Decisions acknowledged by the collector, ever. */
  shipped: number;
  lastSuccessAt?: string;
  lastError?: string;
  lastErrorAt?: string;
  /** Failed attempts in a row (sets the backoff). */
  failures: number;
  /** Times the log rotated past unshipped records (the collector was away too long). */
  gaps?: number;
}

function telemetryDir(stateDir: string): string {
  return join(stateDir, "telemetry");
}

export function dueStampPath(stateDir: string): string {
  return join(telemetryDir(stateDir), "due");
}

export function readCursor(stateDir: string): Cursor | undefined {
  const value = readJson(join(telemetryDir(stateDir), "cursor.json")) as Partial<Cursor> | undefined;
  return value && typeof value.ino === "number" && typeof value.head === "string" && typeof value.offset === "number"
    ? { ino: value.ino, head: value.head, offset: value.offset }
    : undefined;
}

/** Written (fsync + rename) only after the collector answered 2xx for everything before it. */
export function commitCursor(stateDir: string, cursor: Cursor): void {
  writeFileAtomic(join(telemetryDir(stateDir), "cursor.json"), JSON.stringify(cursor) + "\n", 0o600);
}

export function readStatus(stateDir: string): ShipStatus {
  const value = readJson(join(telemetryDir(stateDir), "status.json")) as Partial<ShipStatus> | undefined;
  return { shipped: 0, failures: 0, ...value };
}

export function writeStatus(stateDir: string, status: ShipStatus): void {
  writeFileAtomic(join(telemetryDir(stateDir), "status.json"), JSON.stringify(status, null, 2) + "\n", 0o600);
}

/**
 * One shipper at a time: a lock file created exclusively, holding its pid. A
 * lock whose process is gone (a shipper killed mid-batch) is taken over.
 */
export function tryLock(stateDir: string): (() => void) | undefined {
  const path = join(telemetryDir(stateDir), "ship.lock");
  mkdirSync(telemetryDir(stateDir), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || holderAlive(path)) return undefined;
      rmSync(path, { force: true });
    }
  }
  return undefined;
}

// --- internal ---

/** A shipper never runs longer than its budget; an older lock is a reused pid's. */
const MAX_LOCK_AGE_MS = 10 * 60_000;

function holderAlive(path: string): boolean {
  try {
    const pid = Number(readFileSync(path, "utf8"));
    if (Date.now() - statSync(path).mtimeMs > MAX_LOCK_AGE_MS) return false;
    if (!Number.isInteger(pid) || pid <= 0) return Date.now() - statSync(path).mtimeMs < 5_000; // being written
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's. ENOENT: just released — let the next run take it.
    return (error as NodeJS.ErrnoException).code === "EPERM" || (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}
