// The JSONL decision log (`hookit log` reads it, `hookit replay` re-runs it).
// One line per hook call, written with a single O_APPEND write so parallel
// hook processes interleave whole lines, never fragments. The file is private
// (0600) and rotated at a size cap, keeping one older generation.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync } from "node:fs";
import { writeFully } from "../base/fs-atomic.ts";
import type { NormalizedEvent } from "../engine/types.ts";
import { joinPath } from "../base/path-join.ts";
import type { Env } from "../base/paths.ts";
import { inputLoggingOff, redactSecrets } from "./redact.ts";
import { mayHoldSecret } from "../base/secrets.ts";

/** Every outcome a record can hold (judge.ts's outcomeOf): `hookit log --outcome` takes one of these. */
export const LOGGED_OUTCOMES = ["pass", "block", "ask", "patch", "continue", "report"] as const;
export type LoggedOutcome = (typeof LOGGED_OUTCOMES)[number];

export interface LogRecord {
  ts: string;
  agent: string;
  event: string;
  kind: string;
  session?: string;
  tool?: string;
  outcome: string;
  reason?: string;
  hooks: string[];
  durationMs: number;
  notices?: string[];
  /** A call `hookit doctor` made to probe an install (it sets HOOKIT_DOCTOR=1): hidden by `hookit log`. */
  probe?: true;
  /**
   * The normalized events the decision was made on, secrets redacted: each one
   * can be piped into `hookit check`, and `hookit replay` re-evaluates them.
   */
  events?: NormalizedEvent[];
  /** The working directory the agent reported for the call (replay resolves relative paths against it). */
  cwd?: string;
  /** Why a call with events has none recorded: turned off, too large, or a tool's output. */
  eventsOmitted?: "off" | "too-large" | "tool-output";
  /** Some text in `events` was a secret and is now `[REDACTED]`. */
  redacted?: true;
}

/** Recorded events larger than this (serialized) are left out: a log line stays a log line. */
const MAX_EVENTS_BYTES = 64 * 1024;
/** The log is rotated when it reaches this size (`HOOKIT_LOG_MAX_BYTES` overrides it). */
const DEFAULT_MAX_LOG_BYTES = 10 * 1024 * 1024;

export function decisionLogPath(stateDir: string): string {
  return joinPath(stateDir, "decisions.jsonl");
}

/** The previous generation, kept after a rotation. */
export function rotatedLogPath(stateDir: string): string {
  return joinPath(stateDir, "decisions.1.jsonl");
}

/**
 * Best effort: a log that cannot be written never changes a decision. Returns the error, if any.
 * Callers pass the hook call's `env`: a doctor probe is then marked, and the events (always
 * redacted and size-capped) are left out when `HOOKIT_LOG_INPUT=0`.
 */
export function appendDecision(stateDir: string, record: LogRecord, env?: Env): string | undefined {
  try {
    const line = lineOf(record, env ?? {});
    const path = decisionLogPath(stateDir);
    rotateIfFull(stateDir, path, maxLogBytes(env));
    appendLine(stateDir, path, line);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Every record of the log, oldest first (the rotated generation, then the current file). */
export function readDecisionLog(stateDir: string): LogRecord[] {
  return [...readRecords(rotatedLogPath(stateDir)), ...readRecords(decisionLogPath(stateDir))];
}

function readRecords(path: string): LogRecord[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  const out: LogRecord[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as LogRecord);
    } catch {
      // a damaged line (disk full mid-write) is skipped, never fatal
    }
  }
  return out;
}

// --- internal ---

/**
 * The record's log line, its events last. They are written out once: a screen string of a secret
 * kind (src/base/secrets.ts) has no character JSON escapes and cannot span two strings, so events
 * whose text holds none hold no secret; only when it holds one is each string read on its own
 * (test/secrets.test.ts checks the screens).
 * Walked string by string every time, then written out twice (for the size cap and the line),
 * the events cost every hook call 1.0 M instructions (Node 22.23.5, docs/performance.md).
 */
function lineOf(record: LogRecord, env: Env): string {
  const out: LogRecord = { ...record };
  if (env.HOOKIT_DOCTOR === "1") out.probe = true;
  const events = record.events;
  delete out.events;
  let written: string | undefined;
  if (!events || events.length === 0) {
    // nothing to record
  } else if (inputLoggingOff(env)) out.eventsOmitted = "off";
  else if (events.some((e) => e.event === "tool_result"))
    out.eventsOmitted = "tool-output"; // output, not input
  else {
    const plain = JSON.stringify(events);
    const { value, found } = mayHoldSecret(plain) ? redactSecrets(events) : { value: events, found: false };
    written = found ? JSON.stringify(value) : plain;
    if (written.length > MAX_EVENTS_BYTES) {
      out.eventsOmitted = "too-large";
      written = undefined;
    } else if (found) out.redacted = true;
  }
  const head = JSON.stringify(out);
  return `${written === undefined ? head : `${head.slice(0, -1)},"events":${written}}`}\n`;
}

/**
 * One O_APPEND write of the record (writeFully loops over short writes). The
 * state folder is made only when it is missing: most calls find it there.
 * open/write/close rather than appendFileSync: the reply goes out through the
 * same writeSync, and appendFileSync's own code costs a call about 0.5 M
 * instructions more (docs/performance.md).
 */
function appendLine(stateDir: string, path: string, line: string): void {
  let fd: number;
  try {
    fd = openSync(path, "a", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    fd = openSync(path, "a", 0o600);
  }
  try {
    writeFully(fd, Buffer.from(line));
  } catch (error) {
    // A full disk can leave a torn line: end it, so it cannot glue onto the next record.
    try {
      writeFully(fd, Buffer.from("\n"));
    } catch {
      // nothing more to do
    }
    throw error;
  } finally {
    closeSync(fd);
  }
}

function maxLogBytes(env: Env | undefined): number {
  const set = Number(env?.HOOKIT_LOG_MAX_BYTES);
  return Number.isFinite(set) && set > 0 ? set : DEFAULT_MAX_LOG_BYTES;
}

/**
 * Moves a full log aside. Two processes may both see it full; the second then
 * finds the file gone (ENOENT, ignored) or renames a fresh one, losing at most
 * the few lines written in between — a log, not a ledger.
 */
function rotateIfFull(stateDir: string, path: string, cap: number): void {
  let size: number | undefined;
  try {
    size = statSync(path, { throwIfNoEntry: false })?.size;
  } catch {
    return;
  }
  if (size === undefined || size < cap) return;
  try {
    renameSync(path, rotatedLogPath(stateDir));
  } catch {
    // someone else rotated it first
  }
}
