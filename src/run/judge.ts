// The one decision step every host shares: `hookit hook`, the OpenCode plugin
// and `hookit check --agent`. From a parsed Invocation to the Decision and its
// decision-log record: built-in self-protection first, then the policy (found,
// trusted and validated by a PolicyProvider), session state for stops, the
// failure policy, and the log. Hosts differ only in what they plug in: where the
// policy comes from, where session state lives, and whether the log is written.
import { existsSync } from "node:fs";
import type { Decision, Invocation, InvocationKind, Notice } from "../contract/types.ts";
import { INTERNAL, patchText } from "../engine/texts.ts";
import type { EvaluationObserver, Hook } from "../engine/types.ts";
import { stateDir, type Env } from "../base/paths.ts";
import type { SharedFacts } from "../facts/types.ts";
import { selfProtectionBlock } from "../protect/index.ts";
import { decide, type DecideResult } from "./decide.ts";
import { appendDecision, type LoggedOutcome, type LogRecord } from "./decision-log.ts";
import { kickShipper } from "./telemetry-kick.ts";
import { inBackground } from "./background.ts";
import { engineStore, updateSessionState, type SessionState } from "./session-state.ts";

/** The policy as one host sees it for one invocation. */
export interface PolicyView {
  /** Where shells run and project-relative paths resolve. */
  projectDir: string;
  /** The Enabled Hook Set. */
  hooks: readonly Hook[];
  /** For the user: untrusted or pending project policies, a rebuilt cache. */
  notices: Notice[];
  /** Set when the policy is invalid: then no hook runs and guard events fail closed. */
  problem?: string;
  /** False when a project policy exists but runs in no form (`PI_PROJECT_TRUSTED`). */
  projectTrusted: boolean;
}

export type PolicyProvider = (cwd: string) => PolicyView | Promise<PolicyView>;

export interface JudgeOptions {
  env: Env;
  /** Used when the payload names no directory that exists here. */
  processCwd: string;
  policy: PolicyProvider;
  /**
   * Stop state: "disk" keeps it per (agent, session) in the state directory
   * (spawn-per-event hosts); a SessionState is the host's own (in-process
   * hosts, dry runs).
   */
  session: "disk" | SessionState | undefined;
  /** false for a dry run (`hookit check`). */
  log: boolean;
  /** The installed hookit package the agents' hooks run (protected). */
  packageDir?: string;
  /** Wall clock in ms. */
  now?: () => number;
  /** Aborts the hooks' shells (a host's own cancellation). */
  signal?: AbortSignal;
  /**
   * hookit's own deadline on guard events, below the agent's hook timeout: past
   * it the hooks' shells are killed and the event fails closed. Armed only when
   * a hook of the event will run a real command.
   */
  budgetMs?: number;
  /** Told each step of the evaluation (`hookit explain`). */
  observer?: EvaluationObserver;
  /**
   * Where the facts read the call from, when the shells run elsewhere (`hookit explain` runs them
   * in a copy of the project, which has no history for git to read what a call would discard).
   */
  factsAt?: { cwd: string; projectDir: string };
}

export interface Judgement {
  decision: Decision;
  record: LogRecord;
  result?: DecideResult;
  /** Set when the decision log could not be written. */
  logError?: string;
}

/** Why hookit could not judge normally; decides how the failure is answered. */
export type FailureCause = "payload" | "policy" | "internal";

export async function judge(invocation: Invocation, options: JudgeOptions): Promise<Judgement> {
  const now = options.now ?? Date.now;
  const started = now();
  let decided: { decision: Decision; result?: DecideResult };
  try {
    decided = await decideWith(invocation, options);
  } catch (error) {
    decided = { decision: failureDecision(invocation.kind, "internal", error instanceof Error ? error.message : String(error)) };
  }
  return finish(invocation, decided, options, started);
}

/** A call hookit could not even parse (or whose event it does not know), answered and logged like any other. */
export function judgeFailure(invocation: Invocation, cause: FailureCause, message: string, options: JudgeOptions): Judgement {
  const now = options.now ?? Date.now;
  return finish(invocation, { decision: failureDecision(invocation.kind, cause, message) }, options, now());
}

/**
 * The failure policy (design: "Failure policy"): fail closed where the agent is
 * about to run a tool; a tool result hookit failed to judge is withheld when the
 * failure is hookit's own; everything else is told to the user and goes on.
 */
function failureDecision(kind: InvocationKind, cause: FailureCause, message: string): Decision {
  if (kind === "tool_call") {
    const reason = cause === "internal" ? INTERNAL.tool_call(message) : message;
    return { block: reason, notices: [] }; // the harness shows a block's reason itself
  }
  if (kind === "tool_result" && cause === "internal") {
    const reason = INTERNAL.tool_result(message);
    return { patch: { reason, text: patchText(reason) }, notices: [{ message: reason, severity: "error" }] };
  }
  return { notices: [{ message: cause === "internal" ? `hookit: internal error: ${message}` : message, severity: "error" }] };
}

async function decideWith(invocation: Invocation, options: JudgeOptions): Promise<{ decision: Decision; result?: DecideResult }> {
  const { env } = options;
  // A directory that does not exist here (a payload from elsewhere) would make every shell fail.
  const reported = invocation.cwd || env.CLAUDE_PROJECT_DIR || env.GEMINI_PROJECT_DIR;
  const cwd = reported && existsSync(reported) ? reported : options.processCwd;
  const policy = await options.policy(cwd);
  // One reading of the call's command, made by self-protection and used again by the policy's hooks.
  const facts: SharedFacts = new Map();
  if (invocation.kind === "tool_call") {
    const blocked = selfProtectionBlock(invocation.events, {
      cwd,
      projectDir: policy.projectDir,
      env,
      packageDir: options.packageDir,
      facts,
    });
    if (blocked) return { decision: { block: blocked, notices: [...policy.notices] } };
  }
  // A broken policy fails closed; on other events the hooks still valid on their own (the managed layer's) run.
  if (policy.problem !== undefined && (invocation.kind === "tool_call" || policy.hooks.length === 0)) {
    const decision = failureDecision(invocation.kind, "policy", policy.problem);
    decision.notices.unshift(...policy.notices);
    return { decision };
  }
  const notices =
    policy.problem === undefined
      ? policy.notices
      : [...policy.notices, ...failureDecision(invocation.kind, "policy", policy.problem).notices];
  const context: Parameters<typeof decide>[2] = {
    cwd: policy.projectDir,
    // The facts read the command from where the agent's shell is (a session that went `cd sub`):
    // from the project's root, `git clean -fd` there would be judged on the whole tree.
    toolCwd: options.factsAt?.cwd ?? cwd,
    ...(options.factsAt && { projectDir: options.factsAt.projectDir }),
    env,
    sharedFacts: facts,
    metadata: { ...invocation.metadata, projectTrusted: policy.projectTrusted },
    extraEnv: { HOOKIT_NATIVE_EVENT: invocation.nativeEvent },
    ...(options.signal && { signal: options.signal }),
    ...(options.observer && { observer: options.observer }),
  };
  const deadline = armBudget(invocation, policy.hooks, options);
  if (deadline) context.signal = deadline.signal;
  try {
    const result = await decideStopAware(invocation, policy.hooks, context, options);
    result.decision.notices.unshift(...notices);
    return { decision: result.decision, result };
  } finally {
    if (deadline) clearTimeout(deadline.timer);
  }
}

const SHORTCUT = new Set(["true", "false", ""]);

function armBudget(
  invocation: Invocation,
  hooks: readonly Hook[],
  options: JudgeOptions,
): { signal: AbortSignal; timer: ReturnType<typeof setTimeout> } | undefined {
  const budget = options.budgetMs;
  if (budget === undefined || (invocation.kind !== "tool_call" && invocation.kind !== "tool_result")) return undefined;
  const spawns = hooks.some(
    (hook) => hook.event === invocation.kind && (!SHORTCUT.has(hook.shell) || (hook.when !== undefined && !SHORTCUT.has(hook.when))),
  );
  if (!spawns) return undefined; // nothing to kill: `true`/`false` and filters answer at once
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`hookit's ${budget / 1000} s budget for this event ran out`)), budget);
  timer.unref();
  return { signal: controller.signal, timer };
}

async function decideStopAware(
  invocation: Invocation,
  hooks: readonly Hook[],
  context: Parameters<typeof decide>[2],
  options: JudgeOptions,
): Promise<DecideResult> {
  if (invocation.kind !== "stop" || options.session === undefined) return decide(invocation, hooks, context, undefined);
  if (options.session !== "disk") return decide(invocation, hooks, { ...context, state: engineStore(options.session) }, options.session);
  if (!invocation.sessionId) return decide(invocation, hooks, context, undefined);
  const saved = await updateSessionState(stateDir(options.env), invocation.agent, invocation.sessionId, (session) =>
    decide(invocation, hooks, { ...context, state: engineStore(session) }, session),
  );
  if (saved.ok) {
    if (saved.warning) saved.value.decision.notices.push({ message: `hookit: ${saved.warning}`, severity: "warning" });
    return saved.value;
  }
  const result = await decide(invocation, hooks, context, undefined);
  result.decision.notices.push({
    message: `hookit: session state unavailable (${saved.error}); deciding without it.`,
    severity: "warning",
  });
  return result;
}

function finish(
  invocation: Invocation,
  decided: { decision: Decision; result?: DecideResult },
  options: JudgeOptions,
  started: number,
): Judgement {
  const now = options.now ?? Date.now;
  const { decision, result } = decided;
  const tool = toolOf(invocation);
  const reason = decision.block ?? decision.patch?.reason ?? decision.continueWith;
  const record: LogRecord = {
    ts: new Date(started).toISOString(),
    agent: invocation.agent,
    event: invocation.nativeEvent,
    kind: invocation.kind,
    ...(invocation.sessionId !== undefined && { session: invocation.sessionId }),
    ...(tool !== undefined && { tool }),
    outcome: outcomeOf(decision),
    ...(reason !== undefined && { reason }),
    hooks: result?.hooks ?? [],
    durationMs: Math.max(0, now() - started),
    ...(decision.notices.length > 0 && { notices: decision.notices.map((n) => n.message) }),
  };
  // What replay needs to re-run the call: its events (redacted by appendDecision) and where the agent ran it.
  const logged =
    invocation.events.length > 0 ? { ...record, events: invocation.events, ...(invocation.cwd && { cwd: invocation.cwd }) } : record;
  const logError = options.log ? appendDecision(stateDir(options.env), logged, options.env) : undefined;
  // Decision export, when on, ships from the log in another process: the decision never waits for
  // its start (runHook does, before the process ends).
  if (options.log && logError === undefined) inBackground(kickShipper(options.env, options.packageDir));
  return { decision, record, ...(result && { result }), ...(logError !== undefined && { logError }) };
}

function toolOf(invocation: Invocation): string | undefined {
  const event = invocation.events[0];
  return event && "toolName" in event ? event.toolName : undefined;
}

function outcomeOf(decision: Decision): LoggedOutcome {
  if (decision.ask !== undefined) return "ask";
  if (decision.block !== undefined) return "block";
  if (decision.patch) return "patch";
  if (decision.continueWith !== undefined) return "continue";
  return decision.notices.some((n) => n.severity === "error") ? "report" : "pass";
}
