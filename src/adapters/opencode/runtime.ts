// One plugin instance's pipeline: read the policy → turn OpenCode's input into
// an Invocation → `decide()` (the runner's own fold of the engine's outcomes,
// so OpenCode is judged exactly like the command-hook agents) → log → answer.
// Failure policy as the design says: an invalid policy blocks pre-tool calls
// and is told on other events; hookit's own errors fail closed on guard events.
import { errorDetail, INTERNAL, patchText } from "../../engine/texts.ts";
import type { EventName, SessionMetadata } from "../../engine/types.ts";
import { stateDir, type Env } from "../../paths.ts";
import { decide } from "../../run/decide.ts";
import { appendDecision } from "../../run/decision-log.ts";
import { policyProblem, untrustedNotice } from "../../run/notices.ts";
import { engineStore, type SessionState } from "../../run/session-state.ts";
import type { Decision, Invocation, InvocationKind, Notice } from "../types.ts";
import type { Delivery } from "./deliver.ts";
import { AGENT_ID } from "./events.ts";
import type { CurrentPolicy } from "./policy.ts";

export interface RuntimeOptions {
  env: Env;
  policy: () => CurrentPolicy;
  delivery: Delivery;
  /** Wall clock for the decision log. */
  now: () => number;
}

/** The hookit events each invocation kind can evaluate (hook_result only ever follows these). */
const EVENTS_OF: Record<InvocationKind, readonly EventName[]> = {
  tool_call: ["tool_call"],
  tool_result: ["tool_result"],
  stop: ["agent_end", "agent_settled"],
  turn_end: ["turn_end"],
  lifecycle: [],
};

export interface Runtime {
  /**
   * The Decision for one invocation, or undefined when no enabled hook listens
   * (then nothing is built, evaluated or logged). `build` may throw a
   * PayloadError: it is called only when a hook would judge the input.
   * `session` is the agent_end state (fingerprint, continuations) of stop invocations.
   */
  judge(kind: InvocationKind, build: () => Invocation, session?: SessionState): Promise<Decision | undefined>;
}

export function createRuntime(options: RuntimeOptions): Runtime {
  const { env, delivery } = options;
  const dir = stateDir(env);
  // A broken policy is told once per problem on events that cannot block, not on every step.
  const told = new Set<string>();

  const judge = async (kind: InvocationKind, build: () => Invocation, session?: SessionState): Promise<Decision | undefined> => {
    const started = options.now();
    let invocation: Invocation | undefined;
    try {
      const policy = options.policy();
      const notices: Notice[] = policy.untrusted ? untrustedNotice(policy.untrusted, dir) : [];
      if (policy.diagnostics) return invalidPolicy(kind, policyProblem(policy.diagnostics), notices);
      if (!policy.hooks.some((hook) => EVENTS_OF[kind].includes(hook.event))) {
        delivery.tell(notices);
        return undefined;
      }
      invocation = build();
      const metadata: SessionMetadata = { ...invocation.metadata, projectTrusted: policy.untrusted === undefined };
      const context = { cwd: policy.projectDir, env, metadata, extraEnv: { HOOKIT_NATIVE_EVENT: invocation.nativeEvent } };
      const result = session
        ? await decide(invocation, policy.hooks, { ...context, state: engineStore(session) }, session)
        : await decide(invocation, policy.hooks, context, undefined);
      const decision = result.decision;
      decision.notices.unshift(...notices);
      log(invocation, decision, result.hooks, started);
      delivery.tell(decision.notices);
      return decision;
    } catch (error) {
      // Fail closed where OpenCode is about to run a tool or show its result; elsewhere tell the user.
      const decision = internalFailure(kind, error);
      if (invocation) log(invocation, decision, [], started);
      delivery.tell(decision.notices);
      return decision;
    }
  };

  const invalidPolicy = (kind: InvocationKind, message: string, notices: Notice[]): Decision => {
    const problem: Notice = { message, severity: "error" };
    if (kind === "tool_call") {
      delivery.tell([...notices, problem]);
      return { block: message, notices: [...notices, problem] };
    }
    const fresh = told.has(message) ? [] : [problem];
    told.add(message);
    delivery.tell([...notices, ...fresh]);
    return { notices: [...notices, ...fresh] };
  };

  const log = (invocation: Invocation, decision: Decision, hooks: string[], started: number) => {
    const first = invocation.events[0];
    const reason = decision.block ?? decision.patch?.reason ?? decision.continueWith;
    appendDecision(dir, {
      ts: new Date(started).toISOString(),
      agent: AGENT_ID,
      event: invocation.nativeEvent,
      kind: invocation.kind,
      ...(invocation.sessionId !== undefined && { session: invocation.sessionId }),
      ...(first && "toolName" in first && { tool: first.toolName }),
      outcome: outcomeOf(decision),
      ...(reason !== undefined && { reason }),
      hooks,
      durationMs: Math.max(0, options.now() - started),
      ...(decision.notices.length > 0 && { notices: decision.notices.map((n) => n.message) }),
    });
  };

  return { judge };
}

// --- internal ---

function internalFailure(kind: InvocationKind, error: unknown): Decision {
  const detail = error instanceof Error && error.name === "PayloadError" ? `could not read the OpenCode call: ${error.message}` : errorDetail(error);
  switch (kind) {
    case "tool_call": {
      const reason = INTERNAL.tool_call(detail);
      return { block: reason, notices: [{ message: reason, severity: "error" }] };
    }
    case "tool_result": {
      const reason = INTERNAL.tool_result(detail);
      return { patch: { reason, text: patchText(reason) }, notices: [{ message: reason, severity: "error" }] };
    }
    default:
      return { notices: [{ message: INTERNAL.report(kind === "stop" ? "agent_end" : kind, detail), severity: "error" }] };
  }
}

function outcomeOf(decision: Decision): string {
  if (decision.block !== undefined) return "block";
  if (decision.patch) return "patch";
  if (decision.continueWith !== undefined) return "continue";
  return decision.notices.some((n) => n.severity === "error") ? "report" : "pass";
}
