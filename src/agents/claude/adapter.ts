// Claude Code adapter. Protocol: harness-protocols §2 and §7; what the model
// saw after each kind of answer: test/fixtures/model-view.md §1 (2.1.332; 2.1.197, the
// oldest release verified, differs where the notes below say).
// Every answer is JSON on stdout with exit 0. Exit 2 is never used: Claude
// prefixes stderr with the hook's own command line before the model sees it.
import { claudeResultText, normalizeClaudeTool } from "./tools.ts";
import {
  claudeStyleReply,
  claudeStyleStopAnswer,
  echoedEventName,
  isRecord,
  nonEmptyReason,
  optionalString,
  readClaudeStyleStop,
  readNativeTool,
  type Payload,
} from "../shared/payload.ts";
import type { Decision, Invocation, Reply } from "../../contract/types.ts";
import { claudeStyleHooks, defineAdapter } from "../shared/define.ts";
import facts from "./facts.ts";
import { claudeStylePayload, type Opened } from "../shared/opening.ts";
import { toolCallEvents, toolResultEvent } from "../shared/adapter-tool-events.ts";

const ADAPTER_ID = "claude";

// Claude Code 2.1.332's event enum ([CC-BIN], harness-protocols §2.2): the
// events hookit registers carry hookit events, the rest of the enum is lifecycle
// (nothing to evaluate), and a name outside the enum is unknown.
const REGISTRATIONS = claudeStyleHooks({
  // A tool that fails (a Bash command that exits non-zero, too) lands in PostToolUseFailure, not in PostToolUse.
  failures: true,
  // Once per batch of tool calls, before the next model request: the end of a
  // turn that used tools. The final, text-only turn ends in Stop instead.
  beforeStop: [{ native: "PostToolBatch", kind: "turn_end" }],
});
const LIFECYCLE_EVENTS = [
  "Notification",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
  "SessionEnd",
  "StopFailure",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "PreModelSwitch",
  "PostModelSwitch",
  "PermissionRequest",
  "PermissionDenied",
  "Setup",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "InstructionsLoaded",
  "CwdChanged",
  "FileChanged",
  "DirectoryAdded",
  "MessageDisplay",
  "PreSkillShellCommand",
];

/** Where Claude's payloads keep the common facts; its effort level is read too. */
const PAYLOAD = claudeStylePayload("Claude Code", {
  reasoningLevel: [(payload) => (isRecord(payload.effort) ? payload.effort.level : undefined)],
});

function read({ invocation, payload, where }: Opened): Invocation {
  const { kind, nativeEvent } = invocation;
  if (kind === "tool_call" || kind === "tool_result") addToolEvent(invocation, nativeEvent, payload, where);
  if (kind === "stop") readClaudeStyleStop(invocation, payload);
  // PostToolBatch carries no turn counter, so every turn reports index 0.
  if (kind === "turn_end") invocation.events = [{ event: "turn_end", turnIndex: 0, agent: ADAPTER_ID }];
  return invocation;
}

function addToolEvent(invocation: Invocation, nativeEvent: string, payload: Payload, where: string): void {
  const tool = readNativeTool(payload, where);
  const part = normalizeClaudeTool(tool.name, tool.input, where);
  invocation.native = { toolName: tool.name };
  if (invocation.kind === "tool_call") {
    invocation.events = toolCallEvents(ADAPTER_ID, tool, [part]);
    return;
  }
  // A failed tool reports only its error text; Claude sends no tool_response then.
  const failed = nativeEvent === "PostToolUseFailure";
  const text = failed ? (optionalString(payload, "error", where) ?? "") : claudeResultText(tool.name, payload.tool_response);
  invocation.events = [toolResultEvent(ADAPTER_ID, tool, part, text, failed)];
}

function respond(invocation: Invocation, decision: Decision): Reply {
  const output: Record<string, unknown> = {};
  if (invocation.kind === "tool_call" && decision.block !== undefined) {
    // "ask" shows Claude's permission prompt; in -p nobody can answer and it is a denial with this reason.
    const ask = decision.ask !== undefined;
    output.hookSpecificOutput = {
      hookEventName: echoedEventName(REGISTRATIONS, invocation.nativeEvent, invocation.kind),
      permissionDecision: ask ? "ask" : "deny",
      permissionDecisionReason: nonEmptyReason(decision.ask ?? decision.block),
    };
  }
  if (invocation.kind === "tool_result" && decision.patch !== undefined) {
    Object.assign(output, patchOutput(invocation, decision.patch.text));
  }
  // A message on an answer that refuses nothing: context for the model next to the tool's result.
  if (decision.context !== undefined && CONTEXT_EVENTS.has(invocation.nativeEvent) && output.hookSpecificOutput === undefined) {
    output.hookSpecificOutput = { hookEventName: invocation.nativeEvent, additionalContext: decision.context };
  }
  Object.assign(output, claudeStyleStopAnswer(invocation, decision));
  return claudeStyleReply(output, invocation, decision, CONTEXT_EVENTS.has(invocation.nativeEvent));
}

/** Events whose hookSpecificOutput.additionalContext reaches the model (e2e, test/e2e/messages.e2e.test.ts). */
const CONTEXT_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);

/**
 * Bash's output object can be replaced outright (`updatedToolOutput` must match
 * the tool's output schema). Other tools get the legacy block: the model keeps
 * the original result and reads the text as a system-reminder next to it.
 */
function patchOutput(invocation: Invocation, text: string): Record<string, unknown> {
  if (invocation.nativeEvent === "PostToolUse" && invocation.native?.toolName === "Bash") {
    return {
      hookSpecificOutput: {
        hookEventName: "PostToolUse",
        updatedToolOutput: { stdout: "", stderr: text, interrupted: false, isImage: false },
      },
    };
  }
  return { decision: "block", reason: nonEmptyReason(text) };
}

export default defineAdapter({
  id: ADAPTER_ID,
  title: "Claude Code",
  // The newest release the real-CLI suite passed on.
  verifiedWith: facts.verified.newest,
  timeoutUnit: "s",
  registrations: REGISTRATIONS,
  lifecycle: LIFECYCLE_EVENTS,
  payload: PAYLOAD,
  read,
  respond,
});
