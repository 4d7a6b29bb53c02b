// One extension instance's state and its per-callback pipeline, in HooKit's
// order (hookit-semantics §3.2 notes, §10): open the report observation →
// capture the Enabled Hook Set and metadata → evaluate → deliver Effects →
// notify the control reason → close the observation → answer Pi.
import { createEvaluator, type Evaluator } from "../../engine/index.ts";
import type { EvaluationReportRow, NativeEventName, NormalizedEvent } from "../../engine/types.ts";
import type { Env } from "../../base/paths.ts";
import { deliverEffects, notify } from "../../agents/pi/deliver.ts";
import { controlResult, internalFailure, reportContext, toEvent } from "../../agents/pi/events.ts";
import { snapshotMetadata } from "../../agents/pi/metadata.ts";
import type { PiAPI, PiContext, PiEvent, PiSessionEntry } from "../../agents/pi/pi-types.ts";
import { loadPolicy, startupNotice, statusText, untrustedNotice, withEnablement, type SessionPolicy } from "./policy.ts";
import { createExecutionReporter, EXECUTION_ENTRY, type Observation } from "./reports.ts";
import { createDecisionHistory, type DecisionHistory } from "./status.ts";
import { FAILURE_KIND } from "../../engine/events.ts";
import type { SharedFacts } from "../../facts/types.ts";
import { selfProtectionBlock } from "../../protect/index.ts";

export interface RuntimeOptions {
  env: Env;
  /** Monotonic milliseconds for execution reports. */
  now: () => number;
  /** Wall clock for the decision history. */
  clock: () => Date;
  /** The installed hookit package (protected from tool calls). */
  packageDir?: string;
}

export interface Runtime {
  readonly policy: SessionPolicy | undefined;
  readonly history: DecisionHistory;
  start(ctx: PiContext): void;
  restore(ctx: PiContext): void;
  toolStarted(payload: PiEvent): void;
  toolEnded(payload: PiEvent): void;
  shutdown(): void;
  handle(name: NativeEventName, payload: PiEvent, ctx: PiContext): Promise<unknown>;
}

export function createRuntime(pi: PiAPI, options: RuntimeOptions): Runtime {
  let policy: SessionPolicy | undefined;
  let announced: string | undefined;
  let warnedUntrusted = false;
  // agent_end fingerprints are session-scoped: one evaluator per Pi session id.
  const evaluators = new Map<string, Evaluator>();
  const history = createDecisionHistory();
  const reporter = createExecutionReporter({ now: options.now, append: (entry) => pi.appendEntry(EXECUTION_ENTRY, entry) });

  const branch = (ctx: PiContext): readonly PiSessionEntry[] | undefined => {
    try {
      return ctx.sessionManager?.getBranch?.();
    } catch {
      return undefined;
    }
  };
  const showStatus = (ctx: PiContext) => {
    try {
      if (ctx.hasUI && policy) ctx.ui.setStatus?.("hookit", statusText(policy));
    } catch {
      // The status bar is decoration.
    }
  };
  const evaluatorFor = (sessionId: string | undefined) => {
    const key = sessionId ?? "";
    let evaluator = evaluators.get(key);
    if (!evaluator) evaluators.set(key, (evaluator = createEvaluator()));
    return evaluator;
  };

  const start = (ctx: PiContext) => {
    policy = loadPolicy(ctx, options.env, branch(ctx));
    const notice = startupNotice(policy);
    // Pi 0.73 fired session_start twice on one instance: say the same thing once.
    if (notice && notice.message !== announced) {
      announced = notice.message;
      notify(ctx, notice.message, notice.severity);
    }
    const untrusted = untrustedNotice(policy);
    if (untrusted && !warnedUntrusted) {
      warnedUntrusted = true;
      notify(ctx, untrusted, "warning");
    }
    showStatus(ctx);
  };

  const record = (name: NativeEventName, payload: PiEvent, outcome: string, reason?: string) => {
    let value: unknown;
    try {
      const subject = reportContext(name, payload);
      value = subject.toolName ?? subject.turnIndex ?? subject.reason ?? subject.position;
    } catch {
      // A payload that cannot even be read is still recorded, without its subject.
    }
    history.record({
      at: options.clock(),
      event: name,
      outcome,
      ...(value !== undefined && { subject: String(value) }),
      ...(reason !== undefined && { reason }),
    });
  };

  const handle = async (name: NativeEventName, payload: PiEvent, ctx: PiContext): Promise<unknown> => {
    let observation: Observation | undefined;
    let rows: readonly EvaluationReportRow[] | undefined;
    try {
      observation = reporter.begin(reportContext(name, payload));
      if (!policy) start(ctx); // an event before session_start: load now rather than run nothing
      const current = policy as SessionPolicy;
      const hooks = current.hooks; // captured at entry: enablement changes apply to the next event
      let event: NormalizedEvent;
      try {
        event = toEvent(name, payload);
      } catch (error) {
        // An unreadable payload only matters when a hook (or, for a tool call, self-protection) would have judged it.
        if (name !== "tool_call" && !hooks.some((hook) => hook.event === name)) return undefined;
        throw error;
      }
      // Self-protection runs before the policy, as in every other host.
      // One reading of the call's command, made by self-protection and used again by the policy's hooks.
      const facts: SharedFacts = new Map();
      const protectedBy =
        event.event === "tool_call"
          ? selfProtectionBlock([event], {
              cwd: ctx.cwd,
              projectDir: current.projectDir,
              env: options.env,
              packageDir: options.packageDir,
              facts,
            })
          : undefined;
      // A policy source that cannot be enforced fails closed (HooKit's own catalog errors fail open in Pi).
      const refused = protectedBy ?? (event.event === "tool_call" ? current.problem : undefined);
      if (refused !== undefined) {
        notify(ctx, refused, "error");
        record(name, payload, "block", refused);
        return { block: true, reason: refused };
      }
      const metadata = snapshotMetadata(pi, ctx);
      const outcome = await evaluatorFor(metadata.sessionId).evaluate(event, hooks, {
        cwd: current.projectDir,
        signal: ctx.signal,
        metadata,
        extraEnv: { HOOKIT_NATIVE_EVENT: name },
        env: options.env,
        sharedFacts: facts,
      });
      rows = outcome.evaluationReport?.rows;
      await deliverEffects(outcome.effects, pi, ctx);
      const native = outcome.eventOutcomes[0];
      const reason = "reason" in native ? native.reason : undefined;
      if (reason !== undefined) notify(ctx, reason, "error");
      if (rows || native.outcome !== "pass") record(name, payload, native.outcome, reason);
      return await controlResult(native, payload, ctx, outcome);
    } catch (error) {
      // Pi fails open for throwing tool_result and session_before_* handlers: never throw.
      const failure = internalFailure(name, payload, error);
      notify(ctx, failure.message, "error");
      record(name, payload, FAILURE_KIND[name], failure.message);
      return failure.result;
    } finally {
      try {
        if (observation) reporter.complete(observation, rows);
      } catch {
        // Reporting never decides anything.
      }
    }
  };

  const lifecycle = (payload: PiEvent): [string, string] | undefined =>
    typeof payload.toolCallId === "string" && typeof payload.toolName === "string" ? [payload.toolCallId, payload.toolName] : undefined;

  return {
    get policy() {
      return policy;
    },
    history,
    start,
    restore(ctx) {
      if (!policy) return start(ctx);
      policy = withEnablement(policy, branch(ctx));
      showStatus(ctx);
    },
    toolStarted(payload) {
      const tool = lifecycle(payload);
      if (tool) reporter.toolStarted(...tool);
    },
    toolEnded(payload) {
      const tool = lifecycle(payload);
      if (tool) reporter.toolEnded(...tool);
    },
    shutdown: () => reporter.flush(),
    handle,
  };
}
