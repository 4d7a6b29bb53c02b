// Host-neutral types of the hookit engine. Names follow HooKit's glossary
// (hookit-semantics §1) so the two can be read side by side.
import type { SharedFacts } from "../facts/types.ts";

export const NATIVE_EVENTS = [
  "tool_call",
  "tool_result",
  "turn_end",
  "agent_end",
  "agent_settled",
  "session_before_switch",
  "session_before_fork",
] as const;
export type NativeEventName = (typeof NATIVE_EVENTS)[number];

export const EVENTS = [...NATIVE_EVENTS, "hook_result"] as const;
export type EventName = (typeof EVENTS)[number];

export const HOOK_OUTCOMES = ["pass", "block", "patch", "cancel", "report"] as const;
export type HookOutcome = (typeof HOOK_OUTCOMES)[number];
export type FailureKind = Exclude<HookOutcome, "pass">;

export const ACTION_TYPES = ["interrupt", "shutdown", "compact", "message", "emit-custom-event"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | FilterScalar[];
export type Filter = Record<string, FilterValue>;

/** Pi content block. Only `text` blocks are read by hookit; others pass through. */
export type ContentBlock = { type: string; text?: string; [key: string]: unknown };

/** Agent-neutral extras every adapter may attach to a tool event. */
export interface ToolEventOrigin {
  /** Harness id (`claude`, `codex`, …). Filterable as `agent`. */
  agent?: string;
  /** The harness's own tool name (`Bash`, `run_shell_command`, …). Filterable as `nativeToolName`. */
  nativeToolName?: string;
  /** The harness's own tool input, for `HOOKIT_NATIVE_TOOL_INPUT`. */
  nativeToolInput?: unknown;
}

export interface ToolCallEvent extends ToolEventOrigin {
  event: "tool_call";
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
}

export interface ToolResultEvent extends ToolEventOrigin {
  event: "tool_result";
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
  content: ContentBlock[];
  isError: boolean;
  details?: unknown;
}

export interface LifecycleOrigin {
  agent?: string;
}
export interface TurnEndEvent extends LifecycleOrigin {
  event: "turn_end";
  turnIndex: number;
}
export interface AgentEndEvent extends LifecycleOrigin {
  event: "agent_end";
}
export interface AgentSettledEvent extends LifecycleOrigin {
  event: "agent_settled";
}
export interface SessionBeforeSwitchEvent extends LifecycleOrigin {
  event: "session_before_switch";
  reason: "new" | "resume";
  targetSessionFile?: string;
}
export interface SessionBeforeForkEvent extends LifecycleOrigin {
  event: "session_before_fork";
  entryId: string;
  position: "before" | "at";
}

/** One native event, in hookit's (Pi's) vocabulary. */
export type NormalizedEvent =
  | ToolCallEvent
  | ToolResultEvent
  | TurnEndEvent
  | AgentEndEvent
  | AgentSettledEvent
  | SessionBeforeSwitchEvent
  | SessionBeforeForkEvent;

// --- catalog ---------------------------------------------------------------

export interface ActionSelector {
  outcome: HookOutcome | HookOutcome[];
  code?: number | null | (number | null)[];
}

export type Action = ActionSelector &
  (
    | { type: "interrupt" }
    | { type: "shutdown"; interrupt?: boolean }
    | { type: "compact"; instructions?: string }
    | {
        type: "message";
        message: string;
        delivery: "steer" | "followUp" | "nextTurn";
        triggerTurn?: boolean;
        sendAs?: "custom" | "user";
      }
    | { type: "emit-custom-event"; name: string; data?: unknown }
  );

/** An Action as requested from the host: the Action without its selector fields. */
export type ActionPayload = { type: ActionType; [key: string]: unknown };

export interface Hook {
  kind: "hook";
  source: string;
  name: string;
  /** `<source>/<name>` */
  ref: string;
  description: string;
  event: EventName;
  filter?: Filter;
  when?: string;
  /** Canonical: `"true"` when the file omitted it. */
  shell: string;
  action?: Action;
  default: boolean;
  /** hookit extension: per-command timeout in ms (HooKit's is fixed at 5000). */
  timeout?: number;
  /**
   * hookit extension, `tool_call` only: this hook's block asks the user to
   * confirm the call instead of refusing it outright. Absent in HooKit catalogs.
   */
  ask?: boolean;
  /**
   * hookit extension, `tool_result` only: when this hook fails, the result reaches the model
   * with the secrets hookit recognizes replaced (src/base/secrets.ts) instead of suppressed.
   */
  redact?: boolean;
  /** hookit extension: from the managed layer, so no saved enablement can turn it off. Absent otherwise. */
  managed?: true;
}

export interface Preset {
  kind: "preset";
  source: string;
  name: string;
  ref: string;
  description: string;
  preset: string[];
  default: boolean;
  /** As Hook.managed. */
  managed?: true;
}

export type CatalogEntry = Hook | Preset;

// --- evaluation -------------------------------------------------------------

/** Session metadata that fills the `PI_*` session variables (hookit-semantics §5.3). */
export interface SessionMetadata {
  sessionId?: string;
  sessionFile?: string;
  sessionName?: string;
  sessionLeafId?: string;
  provider?: string;
  model?: string;
  reasoningLevel?: string;
  mode?: string;
  projectTrusted?: boolean;
  contextTokens?: number;
  contextWindow?: number;
  contextPercent?: number;
}

/** Small key/value store for session-scoped engine state (agent_end fingerprints). */
export interface StateStore {
  get(key: string): string | undefined | Promise<string | undefined>;
  set(key: string, value: string | undefined): void | Promise<void>;
}

export interface EvaluationContext {
  cwd: string;
  signal?: AbortSignal;
  metadata?: SessionMetadata;
  /** Extra variables for every shell (`HOOKIT_*`), applied after the inherited env. */
  extraEnv?: Record<string, string>;
  /** Where agent_end fingerprints live. Defaults to a per-evaluator in-memory store. */
  state?: StateStore;
  /** Base environment to inherit (defaults to process.env). */
  env?: Record<string, string | undefined>;
  /** Told each step of the evaluation (`hookit explain`); absent, nothing is recorded. */
  observer?: EvaluationObserver;
  /** Where the tool runs, for command and path facts (defaults to `cwd`). */
  toolCwd?: string;
  /** The project whose inside the facts judge (defaults to `cwd`). */
  projectDir?: string;
  /** The tool call's reading of its command, already made by self-protection (FactOptions.shared). */
  sharedFacts?: SharedFacts;
}

/** One step of one hook's invocation, in order. Observing never changes an outcome. */
export type ObservedStep =
  | { step: "filter"; hook: Hook; candidate: Record<string, unknown>; matched: boolean }
  | { step: "when" | "shell"; hook: Hook; command: string; code: number | null; durationMs: number; started: boolean };

export type EvaluationObserver = (step: ObservedStep) => void;

export type NativeEventOutcome =
  | { event: NativeEventName; outcome: "pass" }
  /**
   * `ask` (hookit extension): every failing hook was an asking hook, so the
   * user may confirm the call. Still a block: a host that cannot ask refuses.
   */
  | { event: "tool_call"; outcome: "block"; reason: string; ask?: true }
  | {
      event: "tool_result";
      outcome: "patch";
      reason: string;
      /** `isError` is true when the result is suppressed; a redacted result keeps its own. */
      patch: { content: ContentBlock[]; details?: unknown; isError: boolean };
    }
  | { event: "session_before_switch" | "session_before_fork"; outcome: "cancel"; reason: string }
  | { event: "turn_end" | "agent_end" | "agent_settled"; outcome: "report" };

export interface HookResultEventOutcome {
  event: "hook_result";
  hookRef: string;
  invocationId: string;
  outcome: "pass" | "report";
}

export type EventOutcome = NativeEventOutcome | HookResultEventOutcome;

export type Effect =
  | { type: "present"; message: string; severity: "info" | "warning" | "error" }
  | { type: "request-corrective-turn"; message: string }
  | { type: "request-action"; hookRef: string; invocationId: string; action: ActionPayload };

export interface ReportOrigin {
  hookRef: string;
  outcome: HookOutcome;
}

export type EvaluationReportRow =
  | { type: "hook"; hookRef: string; durationMs: number; passed: boolean; origin?: ReportOrigin }
  | { type: "action"; hookRef: string; actionType: ActionType; outcome: HookOutcome; origin?: ReportOrigin };

export interface HookEvaluationOutcome {
  eventOutcomes: [NativeEventOutcome, ...HookResultEventOutcome[]];
  effects: Effect[];
  evaluationReport?: { rows: EvaluationReportRow[] };
}
