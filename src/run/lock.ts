// A small cross-process lock: a directory holding an `owner` file. It is built
// under a private name and renamed into place, which is atomic and fails when
// a lock is already there, so a lock never exists without its owner. A lock
// whose owner is dead (kill -9 while its hooks ran) is broken at once, so one
// crash never wedges a session; a live owner's lock is never broken, however
// long its hooks take (an age rule would let two processes in at once).
// No library: proper-lockfile, the usual one, calls a lock stale by the age of its mtime, which
// the owner refreshes on a timer, so a live owner that is slow or stopped loses its lock to a
// second process; this one asks whether the owner is alive. It would also put graceful-fs
// (which patches node:fs), retry and signal-exit on the hook's hot path.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { os } from "../base/os.lazy.ts";
import { join } from "node:path";

// Long enough for a busy session's queue (50 parallel hook processes on a loaded
// machine needed more than 5 s), short of the 30 s the installer gives a hook.
const WAIT_MS = 20_000;
/** Age after which a lock whose owner cannot be checked (unreadable, another host) is stale. */
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
  const me = `${os().hostname()}\n${process.pid}\n${unique()}`;
  while (!tryAcquire(lockDir, me)) {
    if (Date.now() > deadline) return undefined;
    sleep(5 + Math.random() * 20);
  }
  try {
    return { value: await fn() };
  } finally {
    // Only our own lock. One left behind (the disk turned read-only) is broken once we are gone.
    try {
      if (ownerOf(lockDir) === me) discard(lockDir);
    } catch {
      // nothing more to do: the decision stands
    }
  }
}

// --- internal ---

function unique(): string {
  return `${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}`;
}

function tryAcquire(lockDir: string, me: string): boolean {
  if (existsSync(lockDir)) {
    breakIfStale(lockDir);
    return false;
  }
  const staging = `${lockDir}.${unique()}.new`;
  mkdirSync(staging);
  try {
    writeFileSync(join(staging, "owner"), me);
    renameSync(staging, lockDir);
    return true;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTEMPTY" || code === "EEXIST") return false; // another process got there first
    throw error;
  }
}

function ownerOf(lockDir: string): string | undefined {
  try {
    return readFileSync(join(lockDir, "owner"), "utf8");
  } catch {
    return undefined;
  }
}

/** Moves the lock out of the way first: removing it in place could delete a lock renamed in meanwhile. */
function discard(lockDir: string): void {
  const away = `${lockDir}.${unique()}.old`;
  renameSync(lockDir, away);
  rmSync(away, { recursive: true, force: true });
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
    if (ownerOf(lockDir) === owner && isStale(lockDir, owner)) discard(lockDir);
  } catch {
    // released meanwhile
  } finally {
    rmSync(breaker, { recursive: true, force: true });
  }
}

function isStale(lockDir: string, owner: string | undefined): boolean {
  const age = ageOf(lockDir);
  if (age === -1) return false; // released meanwhile
  const [host, pid] = owner?.split("\n") ?? [];
  // An unreadable owner (a lock from an older hookit), or a host whose pids mean nothing here.
  if (owner === undefined || host !== os().hostname()) return age > STALE_MS;
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
