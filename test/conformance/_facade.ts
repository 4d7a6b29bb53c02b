// A thin facade with HooKit's engine API in front of hookit's engine, so each
// test of HooKit's own suite can be ported case by case: the same call shape
// (`evaluate(evaluator, event, payload, hooks, cwd, context)`), the same Hook
// builders and readers, and the same `metadata` map of `PI_*`-style variables.
// Only the API is translated; every decision comes from hookit's engine.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import {
  createEvaluator,
  type Action,
  type EvaluationContext,
  type EvaluationReportRow,
  type EventName,
  type Evaluator,
  type Hook,
  type HookEvaluationOutcome,
  type NativeEventName,
  type NormalizedEvent,
  type SessionMetadata,
} from "../../src/engine/index.ts";

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** HooKit's Hook shape in its tests: no ref, kind or default (the engine derives the ref). */
export type UpstreamHook = Omit<Hook, "kind" | "ref" | "default" | "shell"> & { shell?: string };

export function hook(name: string, event: EventName, shell = "true", extra: Partial<UpstreamHook> = {}): UpstreamHook {
  return { name, source: "local", description: "test hook", event, shell, ...extra };
}

/** A Hook with an owned Action; the selector's outcome defaults to `pass` as upstream. */
export function hookWithAction(
  name: string,
  event: EventName,
  action: Record<string, unknown>,
  extra: Partial<UpstreamHook> = {},
): UpstreamHook {
  return {
    name,
    source: "local",
    description: "test Hook with Action",
    event,
    shell: "true",
    action: { outcome: "pass", ...action } as Action,
    ...extra,
  };
}

/** HooKit's runtime metadata is a map of variables; hookit takes session fields plus extra env. */
export type UpstreamMetadata = Record<string, string>;
export interface UpstreamContext {
  cwd: string;
  metadata?: UpstreamMetadata;
  signal?: AbortSignal;
}

export const context = (cwd: string, extra: Partial<UpstreamContext> = {}): UpstreamContext => ({ cwd, metadata: {}, ...extra });

const SESSION_FIELDS: Record<string, keyof SessionMetadata> = {
  PI_SESSION_ID: "sessionId",
  PI_SESSION_FILE: "sessionFile",
  PI_SESSION_NAME: "sessionName",
  PI_SESSION_LEAF_ID: "sessionLeafId",
  PI_PROVIDER: "provider",
  PI_MODEL: "model",
  PI_REASONING_LEVEL: "reasoningLevel",
  PI_MODE: "mode",
  PI_PROJECT_TRUSTED: "projectTrusted",
  PI_CONTEXT_TOKENS: "contextTokens",
  PI_CONTEXT_WINDOW: "contextWindow",
  PI_CONTEXT_PERCENT: "contextPercent",
};
const NUMERIC = new Set<keyof SessionMetadata>(["contextTokens", "contextWindow", "contextPercent"]);

/** Snapshot of the upstream context, taken when the evaluation starts (as HooKit does). */
function translateContext(upstream: UpstreamContext): EvaluationContext {
  const metadata: Record<string, unknown> = {};
  const extraEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(upstream.metadata ?? {})) {
    const field = SESSION_FIELDS[key];
    if (!field)
      extraEnv[key] = value; // e.g. PATH: HooKit lays metadata over the inherited env
    else metadata[field] = field === "projectTrusted" ? value === "true" : NUMERIC.has(field) ? Number(value) : value;
  }
  return { cwd: upstream.cwd, metadata: metadata as SessionMetadata, extraEnv, signal: upstream.signal };
}

/** Captured, frozen membership (HooKit's `createEnabledHookSet`). */
export interface EnabledHookSet {
  readonly hooks: readonly Hook[];
  readonly size: number;
}

export function createEnabledHookSet(hooks: readonly UpstreamHook[]): EnabledHookSet {
  const members = Object.freeze(hooks.map(toHook));
  return Object.freeze({ hooks: members, size: members.length });
}

function toHook(h: UpstreamHook): Hook {
  return { kind: "hook", ref: `${h.source}/${h.name}`, default: true, ...h, shell: h.shell ?? "true" };
}

/** One session's evaluator (HooKit's `new HookEvaluation()`): agent_end dedup state lives here. */
export class HookEvaluation {
  private readonly engine: Evaluator = createEvaluator();

  evaluate(event: NativeEventName, payload: object, ctx: UpstreamContext, set: EnabledHookSet): Promise<HookEvaluationOutcome> {
    return this.engine.evaluate({ event, ...payload } as NormalizedEvent, set.hooks, translateContext(ctx));
  }
}

let root = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "hookit-conformance-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The suite's shared directory (HooKit's `root`). */
export const rootDirectory = () => root;

export function caseDirectory(name: string): string {
  const directory = join(root, name);
  mkdirSync(directory, { recursive: true });
  return directory;
}

/** A file a hook wrote in its case directory. */
export const readText = (cwd: string, file: string) => readFileSync(join(cwd, file), "utf8");

export function evaluate(
  evaluator: HookEvaluation,
  event: NativeEventName,
  payload: object,
  hooks: readonly UpstreamHook[],
  cwd = root,
  executionContext: UpstreamContext = context(cwd),
): Promise<HookEvaluationOutcome> {
  return evaluator.evaluate(event, payload, executionContext, createEnabledHookSet(hooks));
}

export const toolCall = { toolName: "bash", toolCallId: "call-1", input: { command: "echo hi" } };
export const toolResult = { ...toolCall, content: [{ type: "text", text: "hello" }], isError: false };

type HookRow = Extract<EvaluationReportRow, { type: "hook" }>;
type ActionRow = Extract<EvaluationReportRow, { type: "action" }>;

export const hookRows = (report?: { rows: EvaluationReportRow[] }): HookRow[] =>
  (report?.rows ?? []).filter((row): row is HookRow => row.type === "hook");

export const actionRows = (report?: { rows: EvaluationReportRow[] }): ActionRow[] =>
  (report?.rows ?? []).filter((row): row is ActionRow => row.type === "action");

export const presentationMessages = (result: HookEvaluationOutcome): string[] =>
  result.effects.flatMap((effect) => (effect.type === "present" ? [effect.message] : []));

export const requestedActions = (result: HookEvaluationOutcome) =>
  result.effects.flatMap((effect) => (effect.type === "request-action" ? [effect] : []));

/** The reason of the native outcome, or "" when it carries none. */
export function reasonOf(result: HookEvaluationOutcome): string {
  const native = result.eventOutcomes[0];
  return "reason" in native ? native.reason : "";
}
