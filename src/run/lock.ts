// A small cross-process lock: `mkdir` is atomic, so the process that creates
// the directory owns the lock. The owner writes who it is inside. A lock whose
// owner is dead (kill -9 while its hooks ran) is broken at once, so one crash
// never wedges a session; a live owner's lock is never broken, however long
// its hooks take (an age-based rule would let two processes in at once).
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

const WAIT_MS = 5_000;
/** Age after which a lock whose owner cannot be checked (no owner file, another host) is stale. */
const STALE_MS = 10_000;
/** Age after which even a "live" owner is presumed to be a reused pid. */
const MAX_HOLD_MS = 15 * 60_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** Runs `fn` holding the lock; returns undefined (fn not run) if the lock cannot be had in time. */
export async function withLock<T>(lockDir: string, fn: () => Promise<T>): Promise<{ value: T } | undefined> {
  const deadline = Date.now() + WAIT_MS;
  const me = `${hostname()}\n${process.pid}\n${Date.now()}.${Math.random().toString(36).slice(2)}`;
  while (!tryAcquire(lockDir, me)) {
    if (Date.now() > deadline) return undefined;
    sleep(5 + Math.random() * 20);
  }
  try {
    return { value: await fn() };
  } finally {
    // Only our own lock: never one another process took over meanwhile. A lock
    // left behind (the disk turned read-only) is broken as soon as we are gone.
    try {
      if (ownerOf(lockDir) === me) rmSync(lockDir, { recursive: true, force: true });
    } catch {
      // nothing more to do: the decision stands
    }
  }
}

// --- internal ---

function tryAcquire(lockDir: string, me: string): boolean {
  try {
    mkdirSync(lockDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    breakIfStale(lockDir);
    return false;
  }
  try {
    writeFileSync(join(lockDir, "owner"), me);
  } catch (error) {
    rmSync(lockDir, { recursive: true, force: true }); // an ownerless lock would block others for STALE_MS
    throw error;
  }
  return true;
}

function ownerOf(lockDir: string): string | undefined {
  try {
    return readFileSync(join(lockDir, "owner"), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Breaking happens under a second lock, after checking again that the owner is
 * still the dead one: two waiters that both saw it dead must not both remove
 * the lock, or the second would remove the first one's fresh lock.
 */
function breakIfStale(lockDir: string): void {
  const owner = ownerOf(lockDir);
  if (!isStale(lockDir, owner)) return;
  const breaker = `${lockDir}.break`;
  try {
    mkdirSync(breaker);
  } catch {
    // Someone else is breaking it; a breaker that died mid-break is very old.
    if (ageOf(breaker) > STALE_MS) rmSync(breaker, { recursive: true, force: true });
    return;
  }
  try {
    if (ownerOf(lockDir) === owner && isStale(lockDir, owner)) rmSync(lockDir, { recursive: true, force: true });
  } finally {
    rmSync(breaker, { recursive: true, force: true });
  }
}

function isStale(lockDir: string, owner: string | undefined): boolean {
  const age = ageOf(lockDir);
  if (age === -1) return false; // released meanwhile
  const [host, pid] = owner?.split("\n") ?? [];
  // No owner yet (it died between mkdir and writing it), or a host whose pids mean nothing here.
  if (owner === undefined || host !== hostname()) return age > STALE_MS;
  return age > MAX_HOLD_MS || !isAlive(Number(pid));
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Milliseconds since the path last changed, or -1 when it is gone. */
function ageOf(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}
