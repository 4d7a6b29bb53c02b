// Runs policy test cases and compares what happened with what each case expects.
import type { EvaluationContext, Hook } from "../engine/types.ts";
import type { Expectation, TestCase } from "./cases.ts";
import { runInput, type InputResult } from "./run-input.ts";

export interface CaseResult {
  case: TestCase;
  ok: boolean;
  durationMs: number;
  /** What the case got (absent when the event could not be evaluated at all). */
  actual?: Actual;
  /** `-` expected / `+` actual lines, one pair per expectation that failed. */
  diff: string[];
  /** The event could not be read or evaluated (a payload the adapter rejects, …). */
  error?: string;
}

interface Actual {
  outcome: string;
  reason?: string;
  messages: string[];
  hooks: string[];
}

export async function runCase(testCase: TestCase, hooks: readonly Hook[], context: EvaluationContext): Promise<CaseResult> {
  const started = performance.now();
  let judgement: InputResult;
  try {
    judgement = await runInput(testCase.input, hooks, context);
  } catch (error) {
    const message = (error as Error).message;
    return {
      case: testCase,
      ok: false,
      durationMs: performance.now() - started,
      diff: [`- outcome: ${testCase.expect.outcome}`, `+ error: ${message}`],
      error: message,
    };
  }
  const actual: Actual = {
    outcome: judgement.outcome,
    ...(judgement.reason !== undefined && { reason: judgement.reason }),
    messages: judgement.messages,
    hooks: judgement.failedHooks,
  };
  const diff = compare(testCase.expect, actual);
  return { case: testCase, ok: diff.length === 0, durationMs: performance.now() - started, actual, diff };
}

function compare(expected: Expectation, actual: Actual): string[] {
  const diff: string[] = [];
  if (expected.outcome !== actual.outcome) diff.push(`- outcome: ${expected.outcome}`, `+ outcome: ${actual.outcome}`);
  if (expected.reason !== undefined && !(actual.reason ?? "").includes(expected.reason)) {
    diff.push(`- reason containing: ${expected.reason}`, `+ reason: ${actual.reason === undefined ? "(none)" : indent(actual.reason)}`);
  }
  if (expected.message !== undefined && !actual.messages.some((m) => m.includes(expected.message as string))) {
    diff.push(
      `- a message containing: ${expected.message}`,
      `+ messages: ${actual.messages.length ? actual.messages.map(indent).join("\n             ") : "(none)"}`,
    );
  }
  if (expected.hooks !== undefined) {
    const want = [...expected.hooks].sort();
    const got = [...actual.hooks].sort();
    if (want.join("\n") !== got.join("\n"))
      diff.push(`- failed hooks: ${want.join(", ") || "(none)"}`, `+ failed hooks: ${got.join(", ") || "(none)"}`);
  }
  return diff;
}

/** Later lines of a multi-line text, indented under the first. */
function indent(text: string): string {
  return text.replace(/\n/g, "\n    ");
}
