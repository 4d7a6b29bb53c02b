// Shared builders for the engine conformance suite (hookit-semantics §9):
// catalogs from plain objects, the §9 default payloads, temp dirs and small
// readers over an evaluation outcome. Every hook runs a real /bin/sh.
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import {
  enabledHookSet,
  evaluate,
  loadCatalog,
  type CatalogEntry,
  type EvaluationContext,
  type Hook,
  type HookEvaluationOutcome,
  type NormalizedEvent,
  type StorageFile,
  type ToolCallEvent,
  type ToolResultEvent,
} from "../../src/engine/index.ts";

export const UUID_V4_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A fresh directory for one test (the hooks' cwd), removed when the test ends. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "hookit-engine-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const exists = (dir: string, name: string) => existsSync(join(dir, name));
export const readText = (dir: string, name: string) => readFileSync(join(dir, name), "utf8");
export const readLines = (dir: string, name: string) =>
  readText(dir, name)
    .split("\n")
    .filter((l) => l !== "");

type EntryFields = Record<string, unknown>;

/** A Hook entry as written in hookit.json: `h("tool_call", "exit 7", { filter })`. */
export function h(event: string, shell?: string, extras: EntryFields = {}): EntryFields {
  return { description: "", event, ...(shell === undefined ? {} : { shell }), ...extras };
}

/** Loads storage files and fails the test with the diagnostics when invalid. */
export function loadOk(files: StorageFile[]): readonly CatalogEntry[] {
  const result = loadCatalog(files);
  if (!result.ok) throw new Error(`catalog invalid: ${JSON.stringify(result.diagnostics)}`);
  return result.entries;
}

/** The diagnostics of an invalid catalog (fails the test when it loads). */
export function loadFails(files: StorageFile[]) {
  const result = loadCatalog(files);
  if (result.ok) throw new Error("catalog unexpectedly valid");
  return result.diagnostics;
}

export const globalFile = (data: unknown): StorageFile => ({ storage: "global", text: JSON.stringify(data) });
export const projectFile = (data: unknown): StorageFile => ({ storage: "project", text: JSON.stringify(data) });

/**
 * The Enabled Hook Set of a `local` section built from `entries`, every entry
 * enabled (`default: true` unless the entry says otherwise), in object order.
 */
export function hooks(entries: Record<string, EntryFields>, source = "local"): readonly Hook[] {
  const section: Record<string, EntryFields> = {};
  for (const [name, entry] of Object.entries(entries)) section[name] = { default: true, ...entry };
  return enabledHookSet(loadOk([globalFile({ [source]: section })]));
}

/** A Hook object that bypasses validation (to reach the engine's unexpected-error paths). */
export function rawHook(name: string, fields: Partial<Hook> & Pick<Hook, "event">): Hook {
  return { kind: "hook", source: "local", name, ref: `local/${name}`, description: "", shell: "true", default: true, ...fields };
}

// --- default payloads (§9 notation: bash, call-1, {command:"echo hi"}) -----

export function toolCall(overrides: Partial<ToolCallEvent> = {}): ToolCallEvent {
  return { event: "tool_call", toolName: "bash", toolCallId: "call-1", input: { command: "echo hi" }, ...overrides };
}

export function toolResult(overrides: Partial<ToolResultEvent> = {}): ToolResultEvent {
  return {
    event: "tool_result",
    toolName: "bash",
    toolCallId: "call-1",
    input: { command: "echo hi" },
    content: [{ type: "text", text: "hi" }],
    isError: false,
    ...overrides,
  };
}

export const turnEnd = (turnIndex = 0): NormalizedEvent => ({ event: "turn_end", turnIndex });
export const agentEnd = (): NormalizedEvent => ({ event: "agent_end" });
export const agentSettled = (): NormalizedEvent => ({ event: "agent_settled" });
export const sessionSwitch = (reason: "new" | "resume" = "new"): NormalizedEvent => ({ event: "session_before_switch", reason });
export const sessionFork = (entryId = "e", position: "before" | "at" = "at"): NormalizedEvent => ({
  event: "session_before_fork",
  entryId,
  position,
});

/** `evaluate` in `cwd` with optional extra context (signal, metadata, env, state). */
export function run(
  event: NormalizedEvent,
  set: readonly Hook[],
  cwd: string,
  context: Partial<EvaluationContext> = {},
): Promise<HookEvaluationOutcome> {
  return evaluate(event, set, { cwd, ...context });
}

export function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
}

// --- readers over an outcome ------------------------------------------------

/** Report rows in a compact form: `local/a ✓`, `→ local/a interrupt pass`, `… from local/o pass`. */
export function rowSummary(outcome: HookEvaluationOutcome): string[] {
  return (outcome.evaluationReport?.rows ?? []).map((row) => {
    const from = row.origin ? ` from ${row.origin.hookRef} ${row.origin.outcome}` : "";
    if (row.type === "hook") return `${row.hookRef} ${row.passed ? "✓" : "✗"}${from}`;
    return `→ ${row.hookRef} ${row.actionType} ${row.outcome}${from}`;
  });
}

export function actionRequests(outcome: HookEvaluationOutcome) {
  return outcome.effects.flatMap((e) => (e.type === "request-action" ? [e] : []));
}

export const effectTypes = (outcome: HookEvaluationOutcome) => outcome.effects.map((e) => e.type);

/** The reason of a block/patch/cancel native outcome (fails the test otherwise). */
export function reasonOf(outcome: HookEvaluationOutcome): string {
  const native = outcome.eventOutcomes[0];
  if (!("reason" in native)) throw new Error(`no reason on ${JSON.stringify(native)}`);
  return native.reason;
}

/** Whether a process is still running (a zombie counts as gone). */
export function processAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

/** Polls until `check` holds or `ms` pass; returns the final value of `check`. */
export async function eventually(check: () => boolean, ms = 2000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

// --- observing codes ----------------------------------------------------------

/**
 * A `hook_result` handler that appends every origin payload (`PI_EVENT_PAYLOAD`)
 * to `<cwd>/payloads`: the public way to see each Hook Result's outcome and code.
 */
export const observer = (): EntryFields => h("hook_result", `printf '%s\\n' "$PI_EVENT_PAYLOAD" >> payloads`);

export interface OriginPayload {
  event: "hook_result";
  hookRef: string;
  invocationId: string;
  outcome: string;
  code: number | null;
}

export function readPayloads(dir: string): OriginPayload[] {
  return exists(dir, "payloads") ? readLines(dir, "payloads").map((line) => JSON.parse(line) as OriginPayload) : [];
}

/** Shell that saves its whole environment (NUL-separated, so any value survives) to `<cwd>/<file>`. */
export const dumpEnv = (file: string) => `env -0 > ${file}`;

export function readEnv(dir: string, file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of readText(dir, file).split("\0")) {
    const at = pair.indexOf("=");
    if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

/** The JavaScript engine's own message for an invalid pattern (HooKit quotes it verbatim). */
export function regexError(pattern: string): string {
  try {
    new RegExp(pattern);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${pattern} is a valid regex`);
}
