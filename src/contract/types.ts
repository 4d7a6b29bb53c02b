// The contract between `hookit hook` and one harness adapter.
//
// An adapter is a pure translator: `parse()` turns the harness's stdin payload
// into normalized events, `respond()` turns hookit's decision into the exact
// stdout / stderr / exit code that harness understands. No fs, env or process
// I/O happens inside an adapter; the runner (src/run) owns all of that.
import type { NormalizedEvent, SessionMetadata } from "../engine/types.ts";
import { HookitError, isHookitError } from "../base/errors.ts";
import type { Env } from "../base/paths.ts";

export const SPEC_VERSION = 1;

/**
 * What a native event is to hookit. It decides how the engine's outcomes are
 * combined into one Decision and which Decision fields respond() may see.
 * - `tool_call`: before a tool runs; events are one `tool_call` per evaluation
 *   (Codex apply_patch: one per file). Can block.
 * - `tool_result`: after a tool ran; one `tool_result` event. Can patch.
 * - `stop`: the agent wants to stop; one `agent_end` event (hookit adds
 *   `agent_settled` when it lets the stop through). Can continue.
 * - `turn_end`: one `turn_end` event. Report only.
 * - `lifecycle`: anything else hookit is registered for or receives; no events,
 *   answered as a plain allow.
 */
export type InvocationKind = "tool_call" | "tool_result" | "stop" | "turn_end" | "lifecycle";

export interface Invocation {
  agent: string;
  nativeEvent: string;
  kind: InvocationKind;
  /** Events to evaluate, in order. Empty for `lifecycle`. */
  events: NormalizedEvent[];
  /**
   * One label per event, used to say which part of a call was blocked when a
   * single native call became several evaluations (Codex apply_patch files).
   */
  labels?: string[];
  /** The harness's session id, when the payload has one. Keys agent_end state. */
  sessionId?: string;
  /** The working directory the harness reported (`cwd`, `workspace_roots[0]`, …). */
  cwd?: string;
  /** The harness says this stop already follows a hook-requested continuation. */
  stopHookActive?: boolean;
  /** Session metadata for the `PI_*` variables (model, …). */
  metadata?: SessionMetadata;
  /** Adapter-private facts respond() needs later (e.g. the native tool name). */
  native?: Record<string, unknown>;
}

export interface Notice {
  message: string;
  severity: "info" | "warning" | "error";
}

/** hookit's answer to one invocation, before the harness encoding. */
export interface Decision {
  /** `tool_call`: the tool must not run; this is the text the model should read. */
  block?: string;
  /**
   * `tool_result`: the model must not see the original result. `text` is
   * HooKit's replacement (`[BLOCKED by HooKit] …`), `reason` the bare reason.
   */
  patch?: {
    reason: string;
    text: string;
    /** The owned `message` Actions already appended to `text`, for an agent that writes its own note instead. */
    messages?: string;
  };
  /**
   * `tool_call`, hookit's `ask` extension: the user may confirm the call, and
   * this is what they are asked. `block` is always set with it: an agent with
   * no ask, or a headless run that cannot ask, refuses with `block`.
   */
  ask?: string;
  /**
   * Owned `message` Actions for the model on an answer that refuses nothing
   * (a pass, a tool result, a lifecycle event): additional context for the next
   * model request where the agent has it. On a block or patch they are already
   * in `block` / `patch.text`.
   */
  context?: string;
  /** `stop`: start exactly one more turn; this is the message the model gets. */
  continueWith?: string;
  /** `interrupt`/`shutdown` Action: stop the agent if the harness has a way to. */
  stopAgent?: string;
  /** Messages for the user (not the model), in order. */
  notices: Notice[];
}

export interface Reply {
  stdout: string;
  stderr: string;
  exitCode: number;
}

type Support = "native" | "approximate" | "impossible";

/** One cell of an adapter's capability table: how a hookit event maps here. */
export interface CapabilityRow {
  /** hookit event or feature: `tool_call`, `tool_result`, …, `actions`. */
  feature: string;
  /** Native event(s) used, e.g. `PreToolUse`. Empty when impossible. */
  native: string;
  support: Support;
  /** What the model or user actually gets; the honest degradation where there is one. */
  notes: string;
  /** Evidence: "fixtures" or "real CLI <version>". Filled by the e2e work. */
  verified?: string;
}

/** A native event hookit registers for, as the installer writes it. */
export interface HookRegistration {
  native: string;
  kind: InvocationKind;
  /** Tool matcher, where the harness has one (`*`, `.*`). */
  matcher?: string;
}

export interface Adapter {
  id: string;
  /** Human name for docs and messages. */
  title: string;
  specVersion: typeof SPEC_VERSION;
  /** The CLI version its fixtures were captured from. */
  verifiedWith: string;
  timeoutUnit: "s" | "ms";
  /** Events the installer registers, in the order they are written. */
  registrations: HookRegistration[];
  /** Kind of a native event name, or undefined if this adapter does not know it. */
  kindOf(nativeEvent: string): InvocationKind | undefined;
  /** Throws `PayloadError` when the payload cannot be understood. */
  parse(nativeEvent: string, payload: unknown): Invocation;
  respond(invocation: Invocation, decision: Decision): Reply;
  /**
   * The hook's environment without what the agent itself may have put there from files it
   * loads (Gemini CLI's `.env`): HOOKIT and HOOKIT_CONFIG count only from the user's own
   * environment. Called on every hook event, before anything else: it must cost nothing while
   * neither is set. Absent: the environment as it is.
   */
  userEnv?(env: Env, cwd: string): Env;
}

/** What `hookit doctor` sends an installed hook command to see that it answers (the agent's probe.ts). */
export interface DoctorProbe {
  /** The native pre-tool event the payload belongs to. */
  event: string;
  payload(cwd: string, id: string): unknown;
  /** Exit codes that come with a JSON answer on stdout and so are a reply, not a crash. */
  jsonAnswerExitCodes?: readonly number[];
}

/** A payload hookit cannot read. The message names what was wrong. */
export class PayloadError extends HookitError {
  override name = "PayloadError";
  constructor(message: string, options?: { cause?: unknown }) {
    super("E_PAYLOAD", message, options);
  }
}

/** Whether `error` is a PayloadError, from whichever bundle threw it (see src/base/errors.ts). */
export function isPayloadError(error: unknown): error is PayloadError {
  return isHookitError(error, "E_PAYLOAD");
}
