// The JSONL decision log (`hookit log` reads it). One line per hook call,
// written with a single O_APPEND write so parallel hook processes interleave
// whole lines, never fragments.
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

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
}

export function decisionLogPath(stateDir: string): string {
  return join(stateDir, "decisions.jsonl");
}

/** Best effort: a log that cannot be written never changes a decision. Returns the error, if any. */
export function appendDecision(stateDir: string, record: LogRecord): string | undefined {
  try {
    mkdirSync(stateDir, { recursive: true });
    const path = decisionLogPath(stateDir);
    try {
      // One O_APPEND write per record (Node loops over short writes itself).
      appendFileSync(path, JSON.stringify(record) + "\n", { mode: 0o600 });
    } catch (error) {
      // A full disk can leave a torn line: end it, so it cannot glue onto the next record.
      try {
        appendFileSync(path, "\n");
      } catch {
        // nothing more to do
      }
      throw error;
    }
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
