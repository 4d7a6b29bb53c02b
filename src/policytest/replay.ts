// Re-evaluates the tool calls of the decision log against a candidate policy
// and lists what would have gone the other way (`hookit replay`, and the
// summary `hookit trust` can show before a changed policy is trusted).
import { dirname } from "node:path";
import type { Invocation } from "../contract/types.ts";
import type { EvaluationContext, Hook } from "../engine/types.ts";
import { stateDir, type Env } from "../base/paths.ts";
import { readDecisionLog, type LogRecord } from "../run/decision-log.ts";
import { candidatePolicy, loadCandidate } from "./policy.ts";
import { judgeInvocation } from "./run-input.ts";
import { inSandbox } from "./sandbox.ts";

interface Flip {
  record: LogRecord;
  before: Verdict;
  after: Verdict;
  /** The hooks behind the block: the recorded ones for block→allow, the candidate's for allow→block. */
  hooks: string[];
  reason?: string;
}

/** What a tool call came to: it ran (`allow`), it was refused, or the user was asked. */
type Verdict = "allow" | "block" | "ask";

export interface ReplayResult {
  /** Tool calls in range (doctor probes excluded). */
  considered: number;
  replayed: number;
  /**
   * Tool calls not replayed, by why: no recorded event (`not-recorded`: logged by an older
   * hookit, `off`, `too-large`), or blocked by hookit itself rather than a hook (`hookit-block`).
   */
  lacking: Record<string, number>;
  flips: Flip[];
  /** Entries that could not be evaluated at all (a message each, first few). */
  errors: string[];
}

export interface ReplayFilter {
  /** Only records at or after this time (ms since the epoch). */
  since?: number;
  agent?: string;
}

function verdictOf(outcome: string): Verdict {
  return outcome === "block" ? "block" : outcome === "ask" ? "ask" : "allow";
}

export function selectRecords(records: readonly LogRecord[], filter: ReplayFilter): LogRecord[] {
  return records.filter(
    (r) =>
      r.kind === "tool_call" &&
      !r.probe &&
      (filter.since === undefined || Date.parse(r.ts) >= filter.since) &&
      (filter.agent === undefined || r.agent === filter.agent),
  );
}

export async function replayRecords(
  records: readonly LogRecord[],
  hooks: readonly Hook[],
  context: EvaluationContext,
  onProgress?: (done: number, total: number) => void,
): Promise<ReplayResult> {
  const result: ReplayResult = { considered: records.length, replayed: 0, lacking: {}, flips: [], errors: [] };
  for (const [i, record] of records.entries()) {
    if (onProgress && i % 250 === 0) onProgress(i, records.length);
    // A block no hook ran for came from hookit itself (self-protection, an invalid policy), not from the policy.
    const why =
      !record.events || record.events.length === 0
        ? (record.eventsOmitted ?? "not-recorded")
        : record.outcome === "block" && record.hooks.length === 0
          ? "hookit-block"
          : undefined;
    if (why !== undefined) {
      result.lacking[why] = (result.lacking[why] ?? 0) + 1;
      continue;
    }
    const invocation: Invocation = {
      agent: record.agent,
      nativeEvent: record.event,
      kind: "tool_call",
      events: record.events ?? [],
      ...(record.session !== undefined && { sessionId: record.session }),
      ...(record.cwd !== undefined && { cwd: record.cwd }),
    };
    try {
      const judgement = await judgeInvocation(invocation, hooks, context);
      result.replayed += 1;
      const before = verdictOf(record.outcome);
      const after = verdictOf(judgement.outcome);
      if (before === after) continue;
      result.flips.push({
        record,
        before,
        after,
        hooks: after === "allow" ? record.hooks : judgement.failedHooks,
        ...(judgement.reason !== undefined && { reason: judgement.reason }),
      });
    } catch (error) {
      if (result.errors.length < 5) result.errors.push(`${record.ts} ${record.agent}: ${(error as Error).message}`);
    }
  }
  onProgress?.(records.length, records.length);
  return result;
}

const LACKING: Record<string, string> = {
  "not-recorded": "logged before hookit recorded events",
  off: "input logging was off (HOOKIT_LOG_INPUT=0)",
  "too-large": "the input was too large to record",
  "hookit-block": "blocked by hookit itself, not by a hook",
};

export function formatReplay(result: ReplayResult): string {
  const out: string[] = [];
  const lacking = Object.entries(result.lacking);
  const missing = lacking.reduce((n, [, c]) => n + c, 0);
  out.push(`${result.replayed} of ${result.considered} logged tool calls replayed.`);
  if (missing) out.push(`${missing} not replayed: ${lacking.map(([why, n]) => `${n} ${LACKING[why] ?? why}`).join("; ")}.`);
  for (const e of result.errors) out.push(`  could not replay: ${e}`);
  if (result.flips.length === 0) {
    out.push(result.replayed > 0 ? "No flips: every replayed call gets the decision it got when it was logged." : "Nothing to compare.");
    return out.join("\n") + "\n";
  }
  out.push(`${result.flips.length} flip${result.flips.length === 1 ? "" : "s"}:`);
  // Weakening first: a call that was blocked and would now run is what a policy change must not do by accident.
  const order = ["block→allow", "ask→allow", "block→ask", "allow→block", "allow→ask", "ask→block"];
  const byKind = new Map<string, Flip[]>();
  for (const flip of result.flips)
    byKind.set(`${flip.before}→${flip.after}`, [...(byKind.get(`${flip.before}→${flip.after}`) ?? []), flip]);
  for (const kind of order.filter((k) => byKind.has(k))) {
    const flips = byKind.get(kind) as Flip[];
    out.push("", `${kind.replace("→", " → ")} (${flips.length})`);
    const byHook = new Map<string, Flip[]>();
    for (const flip of flips) {
      const key = flip.hooks.join(", ") || "(no hook recorded)";
      byHook.set(key, [...(byHook.get(key) ?? []), flip]);
    }
    for (const [hook, group] of byHook) {
      out.push(`  ${hook} (${group.length})`);
      for (const flip of group.slice(0, 10))
        out.push(`    ${flip.record.ts.replace("T", " ").slice(0, 19)}  ${flip.record.agent}  ${callText(flip.record)}`);
      if (group.length > 10) out.push(`    … and ${group.length - 10} more (--json lists every one)`);
    }
  }
  return out.join("\n") + "\n";
}

function callText(record: LogRecord): string {
  const event = record.events?.[0];
  const text = event && "input" in event ? `${event.toolName} ${JSON.stringify(event.input)}` : (record.tool ?? "");
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * For `hookit trust`: what trusting `candidateText` as the project policy at
 * `policyPath` would have changed in the last `sinceMs` (default 7 days) of
 * logged tool calls. Shells run in a sandbox copy of the project.
 */
export async function replaySummary(
  policyPath: string,
  candidateText: string,
  env: Env = process.env,
  sinceMs = 7 * 24 * 3600 * 1000,
): Promise<{ ok: true; result: ReplayResult; text: string } | { ok: false; text: string }> {
  const projectDir = dirname(dirname(policyPath));
  const candidate = loadCandidate(candidatePolicy(projectDir, env, { projectText: candidateText }));
  if (!candidate.ok)
    return { ok: false, text: `the changed policy is invalid: ${candidate.diagnostics.map((d) => d.message).join("; ")}\n` };
  const records = selectRecords(readDecisionLog(stateDir(env)), { since: Date.now() - sinceMs });
  const result = await inSandbox(candidate.projectDir, env, (sandbox) =>
    replayRecords(records, candidate.hooks, { cwd: sandbox.project, env: sandbox.env }),
  );
  return { ok: true, result, text: formatReplay(result) };
}
