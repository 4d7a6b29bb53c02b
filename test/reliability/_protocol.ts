// What each harness accepts as a hook answer (harness-protocols §2.3, §3.3,
// §4.3, §5.2, §6.3), as a checker: a reply either is one well-formed answer
// in the harness's format or the checker names what is wrong with it. It also
// says what the answer does (blocks, patches, continues), so properties can be
// stated over any payload.
import { ADAPTERS, loadAdapter, type HookAgentId } from "../../src/agents/registry.ts";
import type { InvocationKind, Reply } from "../../src/contract/types.ts";
import { STACK_RE } from "../_sandbox.ts";
import { CAPABILITIES } from "../../src/agents/capabilities.ts";

/** Every built-in hook adapter: a new one fails these suites until its rules are added below. */
export const HOOK_AGENTS = Object.keys(ADAPTERS) as HookAgentId[];
export type HookAgent = HookAgentId;

/**
 * The cases `agent` runs when each case runs on `copies` of the agents, in turn: every case still
 * reaches the built hook of more than one agent, every agent meets a share of every list, and a
 * list costs `copies` of the eight hook processes per case (npm test's time budget). For lists
 * whose reading does not depend on the agent beyond its payload shape and reply.
 */
export function spread<T>(cases: readonly T[], agent: HookAgent, copies = 2): T[] {
  const n = HOOK_AGENTS.length;
  const at = HOOK_AGENTS.indexOf(agent);
  const step = Math.floor(n / copies);
  return cases.filter((_, k) => Array.from({ length: copies }, (_, c) => (k + c * step) % n).includes(at));
}

export interface Verdict {
  /** Empty when the reply is a valid answer. */
  problems: string[];
  output?: Record<string, unknown>;
  blocked: boolean;
  patched: boolean;
  continued: boolean;
  /** The block / patch / continuation text the model would read. */
  reason?: string;
}

type Output = Record<string, unknown>;

// Top-level keys hookit may print, per harness and kind. Codex is the strict one:
// its schemas have additionalProperties:false and a rejected answer fails open.
const TOP_KEYS: Record<HookAgent, (kind: InvocationKind) => string[]> = {
  claude: () => ["hookSpecificOutput", "decision", "reason", "continue", "stopReason", "systemMessage"],
  codex: (kind) =>
    kind === "tool_call"
      ? ["hookSpecificOutput", "systemMessage"]
      : kind === "tool_result" || kind === "stop"
        ? ["decision", "reason", "continue", "stopReason", "systemMessage"]
        : ["systemMessage"],
  gemini: () => ["decision", "reason", "continue", "stopReason", "systemMessage"],
  cursor: () => ["permission", "agent_message", "user_message", "updated_mcp_tool_output", "additional_context", "followup_message"],
  copilot: () => ["permissionDecision", "permissionDecisionReason", "modifiedResult", "decision", "reason"],
  factory: () => ["hookSpecificOutput", "decision", "reason", "continue", "stopReason", "systemMessage"],
  kimi: () => ["hookSpecificOutput"],
  antigravity: () => ["decision", "reason", "terminationBehavior"],
};

// Each adapter's own tool_result capability row says where a result can be answered.
const RESULT_ROWS = new Map(
  await Promise.all(HOOK_AGENTS.map(async (id) => [id, CAPABILITIES[id].find((row) => row.feature === "tool_result")] as const)),
);

/**
 * Whether the harness can take a result replacement (or, for droid, a note after it) on this
 * event: the adapter's tool_result row is not "impossible" and names the event.
 */
export function canPatch(agent: HookAgent, nativeEvent: string): boolean {
  const row = RESULT_ROWS.get(agent);
  return row !== undefined && row.support !== "impossible" && row.native.split(", ").includes(nativeEvent);
}

export function inspectReply(agent: HookAgent, nativeEvent: string, kind: InvocationKind, reply: Reply): Verdict {
  const problems: string[] = [];
  const verdict: Verdict = { problems, blocked: false, patched: false, continued: false };
  if (!Object.hasOwn(READERS, agent)) {
    problems.push(`no protocol rules for the agent "${agent}" in test/reliability/_protocol.ts`);
    return verdict;
  }
  if (STACK_RE.test(reply.stdout) || STACK_RE.test(reply.stderr)) problems.push("a stack trace was printed");
  if (reply.stdout === "") {
    if (agent === "cursor" || agent === "antigravity") problems.push(`${agent} needs an explicit JSON answer on every event`);
    if (reply.exitCode !== 0) problems.push(`exit code ${reply.exitCode} without an answer`);
    return verdict;
  }
  const output = parseOne(reply.stdout, problems);
  if (!output) return verdict;
  verdict.output = output;
  const allowed = TOP_KEYS[agent](kind);
  for (const key of Object.keys(output)) if (!allowed.includes(key)) problems.push(`unexpected key "${key}" for ${kind}`);
  for (const key of ["systemMessage", "reason", "stopReason", "user_message", "agent_message", "followup_message"]) {
    if (key in output && typeof output[key] !== "string") problems.push(`"${key}" must be a string`);
  }
  if (agent === "factory" && kind === "lifecycle") problems.push("droid hands lifecycle stdout to the model");
  READERS[agent](nativeEvent, kind, output, verdict);
  // droid backs a deny with exit 2 (its reason on stderr); everything else answers with exit 0.
  const denyExit = agent === "factory" && verdict.blocked;
  if (reply.exitCode !== (denyExit ? 2 : 0)) problems.push(`exit code ${reply.exitCode}`);
  if (denyExit && reply.stderr.trim() === "") problems.push("droid's exit 2 needs the reason on stderr");
  // A blank deny or continuation reason is read as "no decision" (Codex) and fails open; a
  // blank replacement text still hides the result, so patches may carry any text.
  if ((verdict.blocked || verdict.continued) && (verdict.reason ?? "").trim() === "") {
    problems.push("an empty reason (read as no decision)");
  }
  return verdict;
}

// --- internal ---

/** Exactly one JSON object and a newline: what every adapter prints. */
function parseOne(stdout: string, problems: string[]): Output | undefined {
  if (!stdout.endsWith("\n") || stdout.indexOf("\n") !== stdout.length - 1) {
    problems.push("stdout must be one JSON line ending in a newline");
  }
  try {
    const value: unknown = JSON.parse(stdout);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Output;
    problems.push("stdout is JSON but not an object");
  } catch {
    problems.push(`stdout is not JSON: ${JSON.stringify(stdout.slice(0, 120))}`);
  }
  return undefined;
}

const isObject = (value: unknown): value is Output => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

type Reader = (nativeEvent: string, kind: InvocationKind, output: Output, verdict: Verdict) => void;

/** Claude, Codex and droid share the shape; Codex only accepts exactly the schema's fields. */
function claudeStyle(strict: boolean, contextPatch = false): Reader {
  return (nativeEvent, kind, output, verdict) => {
    const specific = output.hookSpecificOutput;
    if (specific !== undefined) {
      if (!isObject(specific)) verdict.problems.push("hookSpecificOutput must be an object");
      else {
        // Claude errors out when hookEventName is not the running event.
        if (specific.hookEventName !== nativeEvent)
          verdict.problems.push(`hookEventName ${String(specific.hookEventName)} ≠ ${nativeEvent}`);
        if (specific.permissionDecision === "deny") {
          if (kind !== "tool_call") verdict.problems.push("a deny outside a pre-tool event");
          verdict.blocked = true;
          verdict.reason = text(specific.permissionDecisionReason) ?? "";
        } else if (specific.permissionDecision !== undefined) {
          verdict.problems.push(`permissionDecision ${String(specific.permissionDecision)}`);
        }
        if (specific.updatedToolOutput !== undefined) {
          if (strict || kind !== "tool_result") verdict.problems.push("updatedToolOutput here fails");
          verdict.patched = true;
          verdict.reason = text((specific.updatedToolOutput as Output | undefined)?.stderr) ?? "";
        }
        if (contextPatch && specific.additionalContext !== undefined) {
          if (kind !== "tool_result") verdict.problems.push("additionalContext outside a tool result");
          verdict.patched = true;
          verdict.reason = text(specific.additionalContext) ?? "";
        }
        const keys = [
          "hookEventName",
          "permissionDecision",
          "permissionDecisionReason",
          "updatedToolOutput",
          ...(contextPatch ? ["additionalContext"] : []),
        ];
        for (const key of Object.keys(specific)) if (!keys.includes(key)) verdict.problems.push(`hookSpecificOutput.${key}`);
      }
    }
    if (output.decision !== undefined) {
      if (output.decision !== "block") verdict.problems.push(`decision ${String(output.decision)}`);
      if (kind === "tool_result") verdict.patched = true;
      else if (kind === "stop") verdict.continued = true;
      else verdict.problems.push(`decision on a ${kind} event`);
      verdict.reason = text(output.reason) ?? "";
    }
    if (output.continue !== undefined && output.continue !== false) verdict.problems.push("continue must be false when present");
  };
}

const READERS: Record<HookAgent, Reader> = {
  claude: claudeStyle(false),
  codex: claudeStyle(true),
  factory: claudeStyle(false, true),
  // Kimi's one answer is the deny shape: on PreToolUse it blocks, on Stop it continues.
  kimi: (nativeEvent, kind, output, verdict) => {
    const specific = output.hookSpecificOutput;
    if (specific === undefined) return;
    if (!isObject(specific) || specific.permissionDecision !== "deny") verdict.problems.push("hookSpecificOutput must be a deny");
    else if (specific.hookEventName !== nativeEvent)
      verdict.problems.push(`hookEventName ${String(specific.hookEventName)} ≠ ${nativeEvent}`);
    if (kind === "tool_call") verdict.blocked = true;
    else if (kind === "stop") verdict.continued = true;
    else verdict.problems.push(`a deny on a ${kind} event`);
    verdict.reason = isObject(specific) ? (text(specific.permissionDecisionReason) ?? "") : "";
  },
  antigravity: (_event, kind, output, verdict) => {
    if (kind === "tool_call" && output.decision !== "allow" && output.decision !== "deny")
      verdict.problems.push("a tool call needs allow or deny");
    if (output.decision === "deny") {
      if (kind !== "tool_call") verdict.problems.push(`deny on ${kind}`);
      verdict.blocked = true;
      verdict.reason = text(output.reason) ?? "";
    } else if (output.decision === "continue") {
      if (kind !== "stop") verdict.problems.push(`continue on ${kind}`);
      verdict.continued = true;
      verdict.reason = text(output.reason) ?? "";
    } else if (output.decision !== undefined && output.decision !== "allow") {
      verdict.problems.push(`decision ${String(output.decision)}`);
    }
    if (output.terminationBehavior !== undefined && (kind !== "turn_end" || output.terminationBehavior !== "terminate")) {
      verdict.problems.push(`terminationBehavior on ${kind}`);
    }
  },
  gemini: (_event, kind, output, verdict) => {
    if (output.decision === undefined) return;
    if (output.decision !== "deny") verdict.problems.push(`decision ${String(output.decision)}`);
    verdict.reason = text(output.reason) ?? "";
    if (kind === "tool_call") verdict.blocked = true;
    else if (kind === "tool_result") verdict.patched = true;
    else if (kind === "stop") verdict.continued = true;
    else verdict.problems.push(`a deny on a ${kind} event`);
  },
  cursor: (_event, kind, output, verdict) => {
    if (output.permission !== undefined) {
      if (output.permission !== "deny" || kind !== "tool_call") verdict.problems.push(`permission ${String(output.permission)} on ${kind}`);
      verdict.blocked = true;
      verdict.reason = text(output.agent_message) ?? text(output.user_message) ?? "";
    }
    if (output.updated_mcp_tool_output !== undefined || output.additional_context !== undefined) {
      if (kind !== "tool_result") verdict.problems.push(`a result patch on ${kind}`);
      verdict.patched = true;
      verdict.reason = text(output.additional_context) ?? JSON.stringify(output.updated_mcp_tool_output);
    }
    if (output.followup_message !== undefined) {
      if (kind !== "stop") verdict.problems.push(`followup_message on ${kind}`);
      verdict.continued = true;
      verdict.reason = text(output.followup_message) ?? "";
    }
  },
  copilot: (_event, kind, output, verdict) => {
    if (output.permissionDecision !== undefined) {
      if (output.permissionDecision !== "deny" || kind !== "tool_call") verdict.problems.push(`permissionDecision on ${kind}`);
      verdict.blocked = true;
      verdict.reason = text(output.permissionDecisionReason) ?? "";
    }
    if (output.modifiedResult !== undefined) {
      const result = output.modifiedResult;
      if (kind !== "tool_result" || !isObject(result) || typeof result.textResultForLlm !== "string") {
        verdict.problems.push("modifiedResult must carry textResultForLlm on a tool result");
      }
      verdict.patched = true;
      verdict.reason = isObject(result) ? (text(result.textResultForLlm) ?? "") : "";
    }
    if (output.decision !== undefined) {
      if (output.decision !== "block" || kind !== "stop") verdict.problems.push(`decision on ${kind}`);
      verdict.continued = true;
      verdict.reason = text(output.reason) ?? "";
    }
  },
};
