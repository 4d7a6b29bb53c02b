// One plugin instance's pipeline: read the policy → turn OpenCode's input into
// an Invocation → `decide()` (the runner's own fold of the engine's outcomes,
// so OpenCode is judged exactly like the command-hook agents) → log → answer.
// Failure policy as the design says: an invalid policy blocks pre-tool calls
// and is told on other events; hookit's own errors fail closed on guard events.
import { errorDetail } from "../../engine/texts.ts";
import type { EventName } from "../../engine/types.ts";
import { stateDir, type Env } from "../../base/paths.ts";
import { judge as judgeShared, judgeFailure, type JudgeOptions, type PolicyProvider, type PolicyView } from "../../run/judge.ts";
import { pendingNotice, policyProblem, untrustedNotice } from "../../policy/notices.ts";
import type { SessionState } from "../../run/session-state.ts";
import { isPayloadError, type Decision, type Invocation, type InvocationKind, type Notice } from "../../contract/types.ts";
import type { Delivery } from "../../agents/opencode/deliver.ts";
import { AGENT_ID } from "../../agents/opencode/events.ts";
import type { CurrentPolicy } from "./policy.ts";

export interface RuntimeOptions {
  env: Env;
  policy: () => CurrentPolicy;
  delivery: Delivery;
  /** Wall clock for the decision log. */
  now: () => number;
  /** The installed hookit package (protected from tool calls). */
  packageDir?: string;
  /** OpenCode's directory for this instance: relative paths in tool calls resolve from here. */
  directory?: string;
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
    const judgeOptions = (policy: PolicyProvider): JudgeOptions => ({
      env,
      processCwd: options.directory ?? process.cwd(),
      policy,
      session,
      log: true,
      now: options.now,
      packageDir: options.packageDir,
    });
    let invocation: Invocation | undefined;
    try {
      const current = options.policy();
      const view = viewOf(current, dir);
      // Self-protection judges every tool call; other events cost nothing while no hook listens.
      if (kind !== "tool_call" && !current.diagnostics && !current.hooks.some((hook) => EVENTS_OF[kind].includes(hook.event))) {
        delivery.tell(view.notices);
        return undefined;
      }
      invocation = build();
      const judged = await judgeShared(
        invocation,
        judgeOptions(() => view),
      );
      const decision = judged.decision;
      if (view.problem !== undefined) {
        // OpenCode shows a thrown block to the model only: the user is told too, and on
        // events that cannot block once per problem, not on every step.
        if (kind === "tool_call") decision.notices.push({ message: view.problem, severity: "error" });
        else {
          if (told.has(view.problem)) decision.notices = decision.notices.filter((n) => n.message !== view.problem);
          told.add(view.problem);
        }
      }
      delivery.tell(decision.notices);
      return decision;
    } catch (error) {
      // build() threw: an OpenCode call hookit cannot read. Fail closed where a tool is about to run.
      const bare: Invocation = invocation ?? { agent: AGENT_ID, nativeEvent: kind, kind, events: [] };
      const unreadable = isPayloadError(error);
      const detail = unreadable ? `hookit: could not read the OpenCode call: ${error.message}` : errorDetail(error);
      const decision = judgeFailure(
        bare,
        unreadable ? "payload" : "internal",
        detail,
        judgeOptions(() => viewOf(undefined, dir)),
      ).decision;
      if (decision.block !== undefined) decision.notices.push({ message: decision.block, severity: "error" });
      delivery.tell(decision.notices);
      return decision;
    }
  };

  return { judge };
}

// --- internal ---

/** The OpenCode plugin's current policy as the shared decision step reads it. */
function viewOf(policy: CurrentPolicy | undefined, dir: string): PolicyView {
  if (!policy) return { projectDir: process.cwd(), hooks: [], notices: [], projectTrusted: false };
  const notices: Notice[] = [
    ...(policy.untrusted ? untrustedNotice(policy.untrusted, dir) : []),
    ...(policy.pending ? pendingNotice(policy.pending, dir) : []),
  ];
  const base = { projectDir: policy.projectDir, hooks: policy.hooks, notices, projectTrusted: policy.untrusted === undefined };
  return policy.diagnostics ? { ...base, hooks: [], problem: policy.problem ?? policyProblem(policy.diagnostics) } : base;
}
