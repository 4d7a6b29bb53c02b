// A small cross-process lock: `mkdir` is atomic, so the process that creates
// the directory owns the lock. A lock older than STALE_MS belongs to a process
// that died (kill -9) and is broken, so one crash never wedges a session.
import { mkdirSync, rmSync, statSync } from "node:fs";

const STALE_MS = 10_000;
const WAIT_MS = 5_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** Runs `fn` holding the lock; returns undefined (fn not run) if the lock cannot be had in time. */
export async function withLock<T>(lockDir: string, fn: () => Promise<T>): Promise<{ value: T } | undefined> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > STALE_MS) rmSync(lockDir, { recursive: true, force: true });
      } catch {
        // the owner released it meanwhile
      }
      if (Date.now() > deadline) return undefined;
      sleep(5 + Math.random() * 20);
    }
  }
  try {
    return { value: await fn() };
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
