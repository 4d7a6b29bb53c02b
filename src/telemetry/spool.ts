// The decision log is the spool: the shipper reads it from a persisted cursor.
// A cursor names a generation of the log by its inode and a hash of its first
// line, so it survives the log's rotation (decisions.jsonl → decisions.1.jsonl
// is a rename: same inode, same bytes) and never mistakes a new file that
// reuses an inode for the old one. Only whole lines are read: a hook process
// may be halfway through its single append.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { crypto } from "../base/crypto.lazy.ts";
import { decisionLogPath, rotatedLogPath, type LogRecord } from "../run/decision-log.ts";

export interface Cursor {
  ino: number;
  /** sha256 (hex, 32) of the generation's first line. */
  head: string;
  /** Bytes of that generation already shipped. */
  offset: number;
}

export interface SpooledRecord {
  record: LogRecord;
  /** Stable for this line of this generation: the same after a resend, different for an identical line elsewhere. */
  uid: string;
}

export interface Batch {
  records: SpooledRecord[];
  /** Where the next batch starts once this one is acknowledged (undefined: nothing was read). */
  next?: Cursor;
  /** The cursor's generation is gone (rotated out twice): what it still held was never shipped. */
  gap: boolean;
}

interface Generation {
  fd: number;
  ino: number;
  size: number;
  head: string;
}

const MAX_READ_BYTES = 1024 * 1024;
const HEAD_BYTES = 4096;

/** Up to `maxRecords` decisions after `cursor` (doctor's probe calls are read past, not sent). */
export function readBatch(stateDir: string, cursor: Cursor | undefined, maxRecords: number): Batch {
  const generations = openGenerations(stateDir);
  try {
    let start = 0;
    let offset = 0;
    let gap = false;
    if (cursor) {
      const at = generations.findIndex((g) => g.ino === cursor.ino && g.head === cursor.head);
      if (at >= 0) [start, offset] = [at, cursor.offset];
      else gap = cursor.offset > 0 && generations.length > 0;
    }
    const records: SpooledRecord[] = [];
    let next: Cursor | undefined;
    for (let i = start; i < generations.length; i++) {
      const g = generations[i] as Generation;
      const from = i === start ? Math.min(offset, g.size) : 0;
      const chunk = read(g.fd, from, Math.min(g.size - from, MAX_READ_BYTES));
      let used = 0;
      for (let nl = chunk.indexOf(10); nl >= 0 && records.length < maxRecords; nl = chunk.indexOf(10, used)) {
        const line = chunk.subarray(used, nl).toString("utf8");
        const record = parse(line);
        if (record && !record.probe) records.push({ record, uid: uidOf(g.head, from + used, line) });
        used = nl + 1;
      }
      next = { ino: g.ino, head: g.head, offset: from + used };
      // A trailing part line stays unread: its writer is still at it.
      if (records.length >= maxRecords || chunk.length < g.size - from) return { records, next, gap };
    }
    return { records, ...(next && { next }), gap };
  } finally {
    for (const g of generations) closeSync(g.fd);
  }
}

/** Bytes not yet shipped, over both generations (for `hookit doctor`). */
export function backlogBytes(stateDir: string, cursor: Cursor | undefined): number {
  const generations = openGenerations(stateDir);
  try {
    const at = cursor ? generations.findIndex((g) => g.ino === cursor.ino && g.head === cursor.head) : -1;
    return generations.reduce((sum, g, i) => sum + (at < 0 || i > at ? g.size : i === at ? Math.max(0, g.size - cursor!.offset) : 0), 0);
  } finally {
    for (const g of generations) closeSync(g.fd);
  }
}

// --- internal ---

/**
 * The current file first, then the rotated one: a rotation between the two
 * opens then shows the same file twice (kept once) and the new current file
 * waits for the next run, where the cursor still finds its generation. The
 * other order could skip the generation that moved.
 */
function openGenerations(stateDir: string): Generation[] {
  const current = openGeneration(decisionLogPath(stateDir));
  const rotated = openGeneration(rotatedLogPath(stateDir));
  if (rotated && current && rotated.ino === current.ino) {
    closeSync(rotated.fd);
    return [current];
  }
  return [rotated, current].filter((g): g is Generation => g !== undefined);
}

function openGeneration(path: string): Generation | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  const { ino, size } = fstatSync(fd);
  // The head is bytes that never change once written: the first line, or its first 4 KiB.
  const first = read(fd, 0, Math.min(size, HEAD_BYTES));
  const end = first.indexOf(10);
  if (end < 0 && first.length < HEAD_BYTES) {
    // Empty, or its first line is still being written: nothing to read, and no stable name yet.
    closeSync(fd);
    return undefined;
  }
  return { fd, ino, size, head: hash(first.subarray(0, end >= 0 ? end : HEAD_BYTES).toString("utf8")) };
}

function read(fd: number, position: number, length: number): Buffer {
  const out = Buffer.alloc(Math.max(0, length));
  let done = 0;
  while (done < out.length) {
    const n = readSync(fd, out, done, out.length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return out.subarray(0, done);
}

function parse(line: string): LogRecord | undefined {
  if (!line.trim()) return undefined;
  try {
    const value = JSON.parse(line) as LogRecord;
    return value && typeof value === "object" && typeof value.ts === "string" ? value : undefined;
  } catch {
    return undefined; // a torn line (disk full mid-write): skipped, as `hookit log` does
  }
}

function uidOf(head: string, offset: number, line: string): string {
  return hash(`${head}\n${offset}\n${line}`);
}

function hash(text: string): string {
  return crypto().createHash("sha256").update(text).digest("hex").slice(0, 32);
}
