// Every fixed text HooKit shows, byte-exact (hookit-semantics §3.3). The dash is U+2014.
import type { Hook } from "./types.ts";

export interface Failure {
  hook: Hook;
  phase: "when" | "shell";
  command: string;
  code: number | null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function toolCallLine(f: Failure, toolName: string): string {
  const during = f.phase === "when" ? " during when" : "";
  return `hookit: hook "${f.hook.name}" rejected ${toolName}${during} — \`${f.command}\``;
}

function toolResultLine(f: Failure, toolName: string): string {
  const during = f.phase === "when" ? " during when" : "";
  return `hookit: hook "${f.hook.name}" blocked ${toolName} result${during} — \`${f.command}\``;
}

/** One line, or `<header>:` followed by `- <line>` per failure. */
function joinGuardLines(lines: string[], header: string): string {
  if (lines.length === 1) return lines[0] as string;
  return `${header}:` + lines.map((line) => `\n- ${line}`).join("");
}

export function toolCallReason(failures: Failure[], toolName: string): string {
  return joinGuardLines(
    failures.map((f) => toolCallLine(f, toolName)),
    `hookit: ${failures.length} hooks rejected ${toolName}`,
  );
}

export function toolResultReason(failures: Failure[], toolName: string): string {
  return joinGuardLines(
    failures.map((f) => toolResultLine(f, toolName)),
    `hookit: ${failures.length} hooks blocked ${toolName} result`,
  );
}

export function patchText(reason: string): string {
  return `[BLOCKED by HooKit] ${reason}\n\nThe original tool result was suppressed.`;
}

function reportLine(f: Failure): string {
  const label = f.phase === "when" ? `**${f.hook.name}** (when)` : `**${f.hook.name}**`;
  return `- ${label}: \`${f.command}\` (exit ${f.code === null ? "null" : f.code})`;
}

export function reportLines(failures: Failure[]): string {
  return failures.map(reportLine).join("\n");
}

/** turn_end / agent_settled / hook_result feedback. */
export function reportMessage(event: string, failures: Failure[]): string {
  return `HooKit: ${plural(failures.length, `${event} hook`)} failed:\n${reportLines(failures)}`;
}

export function correctiveMessage(failures: Failure[]): string {
  return `${plural(failures.length, "hook")} failed after your last turn:\n\n${reportLines(failures)}`;
}

export const RETRY_STOPPED = "hookit: agent-end hooks still fail; automatic retry stopped.";

export function cancelReason(kind: "switch" | "fork", failures: Failure[]): string {
  return `hookit: session ${kind} cancelled by ${plural(failures.length, "hook")}:\n${reportLines(failures)}`;
}

export const INTERNAL = {
  tool_call: (d: string) => `hookit: tool-call guard failed to execute; call blocked — ${d}`,
  tool_result: (d: string) => `hookit: tool-result guard failed to execute; result suppressed — ${d}`,
  session_before_switch: (d: string) => `hookit: session switch guard failed to execute; action cancelled — ${d}`,
  session_before_fork: (d: string) => `hookit: session fork guard failed to execute; action cancelled — ${d}`,
  report: (event: string, d: string) => `HooKit: ${event} hooks failed to execute — ${d}`,
};

export function unexpectedHookError(ref: string, detail: string, reactive: boolean): string {
  return reactive
    ? `hookit: hook_result handler "${ref}" failed to execute — ${detail}`
    : `hookit: hook "${ref}" failed to execute — ${detail}`;
}

export function errorDetail(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "unknown error";
  }
}

// --- catalog diagnostics (hookit-semantics §2.6) -----------------------------
// HooKit quotes names, refs, events and patterns with JSON.stringify in these
// texts (so a backslash or NUL shows escaped) but pastes section names and the
// catch-all's ref between plain quotes; each text below follows its original.

const quote = (text: string) => JSON.stringify(text);

export interface InvalidRegex {
  key: string;
  /** Position in an array value; absent for a single pattern. */
  index?: number;
  pattern: string;
  reason: string;
}

export function invalidNameProblem(source: string, name: string): string {
  return `section ${quote(source)} has invalid entry name ${quote(name)}; names must be non-empty and contain neither / nor NUL`;
}

export function unknownEventProblem(ref: string, event: string, events: readonly string[]): string {
  return `entry ${quote(ref)} has unknown event ${quote(event)}; supported events: ${events.join(", ")}`;
}

export function invalidRegexProblem(ref: string, problem: InvalidRegex): string {
  const index = problem.index === undefined ? "" : `[${problem.index}]`;
  return `entry ${quote(ref)} filter[${quote(problem.key)}]${index} has invalid regex ${quote(problem.pattern)}: ${problem.reason}`;
}

export function schemaMismatchProblem(ref: string): string {
  return `entry "${ref}" does not match the Hook or Preset schema`;
}

export function nestedPresetProblem(ref: string, target: string): string {
  return `Preset ${quote(ref)} references Preset ${quote(target)}; nested Presets are not supported`;
}
