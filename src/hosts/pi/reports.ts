// HooKit's Execution Reports (hookit-semantics §7.3): durable, bounded
// `hookit-execution` session entries that never reach the model. Tool
// evaluations of one batch are gathered into a wave, timed from the first
// `tool_execution_start` to the last `tool_execution_end`, and written when the
// next non-tool callback begins (or at session shutdown); every other
// evaluation is written as soon as it completes.
import type { EvaluationReportRow } from "../../engine/types.ts";

export const EXECUTION_ENTRY = "hookit-execution";

const LABEL_MAX = 512;
const ID_MAX = 256;
const DURATION_MAX = 2_147_483_647;

type EventContext = Record<string, unknown>;

interface Segment {
  eventContext: EventContext;
  rows?: EvaluationReportRow[];
}

interface Wave {
  tools: Map<string, { toolName: string; start?: number; end?: number }>;
  segments: Segment[];
}

export type Observation = { kind: "tool"; segment: Segment } | { kind: "event"; start: number; eventContext: EventContext };

export interface ReporterOptions {
  /** Monotonic milliseconds. */
  now: () => number;
  append: (entry: unknown) => void;
}

export interface ExecutionReporter {
  toolStarted(toolCallId: string, toolName: string): void;
  toolEnded(toolCallId: string, toolName: string): void;
  /** Opens an observation at callback entry; fixes the segment order of overlapping tool evaluations. */
  begin(eventContext: EventContext): Observation;
  complete(observation: Observation, rows: readonly EvaluationReportRow[] | undefined): void;
  flush(): void;
}

export function createExecutionReporter(options: ReporterOptions): ExecutionReporter {
  let wave: Wave = { tools: new Map(), segments: [] };
  const append = (entry: unknown) => {
    try {
      options.append(entry);
    } catch {
      // Persistence is best-effort: a failed append drops the report.
    }
  };
  const tool = (toolCallId: string, toolName: string) => {
    let record = wave.tools.get(toolCallId);
    if (!record) wave.tools.set(toolCallId, (record = { toolName }));
    return record;
  };

  const flush = () => {
    const done = wave;
    wave = { tools: new Map(), segments: [] };
    const tools = [...done.tools.entries()];
    // No invented durations: a tool without both ends discards the whole wave.
    if (tools.length === 0 || tools.some(([, t]) => t.start === undefined || t.end === undefined)) return;
    const segments = done.segments.filter((s): s is Required<Segment> => s.rows !== undefined);
    if (!segments.some((s) => s.rows.length > 0)) return;
    const starts = tools.map(([, t]) => t.start as number);
    const ends = tools.map(([, t]) => t.end as number);
    append({
      type: "tool-wave",
      durationMs: duration(Math.max(...ends) - Math.min(...starts)),
      tools: tools.map(([toolCallId, t]) => ({ toolName: label(t.toolName), toolCallId: id(toolCallId) })),
      segments: segments.map((s) => ({ eventContext: s.eventContext, rows: s.rows })),
    });
  };

  return {
    toolStarted: (toolCallId, toolName) => void (tool(toolCallId, toolName).start ??= options.now()),
    toolEnded: (toolCallId, toolName) => void (tool(toolCallId, toolName).end = options.now()),
    begin(eventContext) {
      const bounded = boundContext(eventContext);
      if (eventContext.event === "tool_call" || eventContext.event === "tool_result") {
        const segment: Segment = { eventContext: bounded };
        wave.segments.push(segment);
        return { kind: "tool", segment };
      }
      flush(); // a non-tool callback closes the pending wave
      return { kind: "event", start: options.now(), eventContext: bounded };
    },
    complete(observation, rows) {
      const bounded = (rows ?? []).map(boundRow);
      if (observation.kind === "tool") {
        observation.segment.rows = bounded;
      } else if (bounded.length > 0) {
        append({
          type: "event",
          durationMs: duration(options.now() - observation.start),
          segment: { eventContext: observation.eventContext, rows: bounded },
        });
      }
    },
    flush,
  };
}

// --- internal ---

function clean(value: unknown, max: number): string {
  const text = String(value ?? "")
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text === "" ? "unknown" : text.slice(0, max);
}
const label = (value: unknown) => clean(value, LABEL_MAX);
const id = (value: unknown) => clean(value, ID_MAX);

function duration(ms: number): number {
  return Math.min(DURATION_MAX, Math.max(0, Math.floor(ms)));
}

function boundContext(context: EventContext): EventContext {
  const out: EventContext = { ...context };
  if ("toolName" in out) out.toolName = label(out.toolName);
  if ("toolCallId" in out) out.toolCallId = id(out.toolCallId);
  return out;
}

function boundRow(row: EvaluationReportRow): EvaluationReportRow {
  const origin = row.origin && { hookRef: label(row.origin.hookRef), outcome: row.origin.outcome };
  return { ...row, hookRef: label(row.hookRef), ...(origin && { origin }) };
}
