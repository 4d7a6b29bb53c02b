// Per (agent, session) state of the spawn-per-event harnesses: HooKit's
// agent_end fingerprint and hookit's count of consecutive continuations.
// Every hook call is a new process, so this lives on disk, written atomically
// under a lock so parallel hook processes of one session lose nothing.
import { crypto } from "../base/crypto.lazy.ts";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { StateStore } from "../engine/types.ts";
import { writeFileAtomic } from "../base/fs-atomic.ts";
import { withLock } from "./lock.ts";

export interface SessionState {
  /** Engine keys (agent_end fingerprint). */
  engine: Record<string, string>;
  /** Consecutive corrective continuations hookit requested in this session. */
  continuations: number;
}

function sessionFile(dir: string, agent: string, sessionId: string): string {
  const digest = crypto().createHash("sha256").update(`${agent}\u0000${sessionId}`).digest("hex").slice(0, 24);
  return join(dir, "sessions", `${agent}-${digest}.json`);
}

function read(path: string): SessionState {
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as Partial<SessionState>;
    const engine: Record<string, string> = {};
    if (data.engine && typeof data.engine === "object") {
      for (const [k, v] of Object.entries(data.engine)) if (typeof v === "string") engine[k] = v;
    }
    const continuations = typeof data.continuations === "number" && data.continuations >= 0 ? data.continuations : 0;
    return { engine, continuations };
  } catch {
    return { engine: {}, continuations: 0 };
  }
}

/** A StateStore view over the loaded state; writes land in `state.engine`. */
export function engineStore(state: SessionState): StateStore {
  return {
    get: (key) => state.engine[key],
    set: (key, value) => {
      if (value === undefined) delete state.engine[key];
      else state.engine[key] = value;
    },
  };
}

/**
 * Loads the session's state, lets `fn` change it, and saves it, all under the
 * session's lock. `ok: false` means `fn` did not run because the state cannot
 * be used (no lock, unusable directory): the caller decides without state. A
 * save that fails after `fn` ran is only a `warning`: deciding again would run
 * every hook a second time. Errors thrown by `fn` itself propagate.
 */
export async function updateSessionState<T>(
  dir: string,
  agent: string,
  sessionId: string,
  fn: (state: SessionState) => Promise<T>,
): Promise<{ ok: true; value: T; warning?: string } | { ok: false; error: string }> {
  const path = sessionFile(dir, agent, sessionId);
  let ran = false;
  try {
    mkdirSync(join(dir, "sessions"), { recursive: true });
    const held = await withLock(`${path}.lock`, async () => {
      const state = read(path);
      ran = true;
      const value = await fn(state);
      try {
        writeFileAtomic(path, JSON.stringify(state) + "\n", 0o600);
        return { value };
      } catch (error) {
        return { value, warning: `could not save session state to ${path}: ${(error as Error).message}` };
      }
    });
    if (!held) return { ok: false, error: `timed out waiting for the lock on ${path}` };
    return { ok: true, ...held.value };
  } catch (error) {
    if (ran) throw error;
    return { ok: false, error: (error as Error).message };
  }
}
