// Codex CLI adapter. Protocol: harness-protocols §3 and §7; what the model saw
// after each kind of answer: test/fixtures/model-view.md §2 (0.171.0).
// Codex validates hook output against schemas with additionalProperties:false
// and treats every invalid answer as "no decision", so a wrong field turns a
// block into an allow. Each answer below uses only fields its event's output
// schema accepts, and reasons are never blank (Codex ignores blank ones).
import { patchCalls, patchesInShellCommand, underDir, type PatchOperation } from "../shared/apply-patch.ts";
import {
  claudeStyleReply,
  describe,
  nonEmptyReason,
  readNativeTool,
  readClaudeStyleStop,
  textOf,
  type NativeTool,
} from "../shared/payload.ts";
import { PayloadError, type Decision, type Invocation, type Reply } from "../../contract/types.ts";
import { claudeStyleHooks, defineAdapter } from "../shared/define.ts";
import facts from "./facts.ts";
import { claudeStylePayload, type Opened } from "../shared/opening.ts";
import { toolCallEvents, toolResultEvent } from "../shared/adapter-tool-events.ts";
import type { NormalizedTool } from "../shared/tool-classes.ts";
import { readPatch } from "../shared/tool-patch.ts";
import { inDirectory, shellJoin } from "../shared/shell-quote.ts";
import { soleString } from "../shared/fields.ts";

const ADAPTER_ID = "codex";

// The events hookit answers with a plain allow; the registered ones carry hookit events.
const LIFECYCLE_EVENTS = [
  "PermissionRequest",
  "PreCompact",
  "PostCompact",
  "SessionStart",
  "SessionEnd",
  "SubagentStart",
  "SubagentStop",
  "UserPromptSubmit",
  "Interrupt",
  "StopFailure",
];

// 0.171 reports every shell tool as "Bash"; newer source keeps the model's own
// tool name, so all of them are shell calls (harness-protocols §3.4).
const SHELL_TOOLS = new Set(["Bash", "shell_command", "exec_command", "local_shell", "shell"]);

interface ToolCallPart extends NormalizedTool {
  label: string;
}

const PAYLOAD = claudeStylePayload("Codex");

function read({ invocation, payload, where }: Opened): Invocation {
  const { kind } = invocation;
  if (kind === "stop") readClaudeStyleStop(invocation, payload);
  if (kind !== "tool_call" && kind !== "tool_result") return invocation;

  const tool = readNativeTool(payload, where);
  const parts = toolParts(tool, where, invocation.cwd);
  invocation.native = { toolName: tool.name };
  if (kind === "tool_call") {
    invocation.events = toolCallEvents(ADAPTER_ID, tool, parts);
    if (tool.name === "apply_patch" || parts.length > 1) invocation.labels = parts.map((part) => part.label);
    return invocation;
  }
  // One result per call. A patch that touched one file reads as that file's
  // write/edit; a multi-file patch stays `apply_patch` with its native input.
  // A shell call stays `bash` even when it carried a patch.
  const single = parts.length === 1 || SHELL_TOOLS.has(tool.name) ? parts[0] : undefined;
  invocation.events = [toolResultEvent(ADAPTER_ID, tool, single, textOf(payload.tool_response), false)];
  return invocation;
}

function toolParts(tool: NativeTool, where: string, cwd: string | undefined): ToolCallPart[] {
  if (SHELL_TOOLS.has(tool.name)) {
    const command = shellCommand(tool, where);
    // `workdir` is where the command runs: relative paths in it (and in its patches) land there.
    const given = typeof tool.input.workdir === "string" ? tool.input.workdir : undefined;
    const workdir = given === undefined || inDirectory("", given, cwd) === "" ? undefined : given;
    // A heredoc to apply_patch is applied as a patch: its files are checked like native apply_patch's.
    // An argv is searched word by word, as the shell it starts will read them (not their quoted form).
    const argv = tool.input.command;
    const script = Array.isArray(argv) ? argv.join("\n") : command;
    const patched = patchesInShellCommand(script).flatMap(({ text, dir }) =>
      patchText(text, where)
        .flatMap(patchCalls)
        .map((part) => inDir(inDir(part, dir), workdir)),
    );
    return [{ toolName: "bash", input: { command: inDirectory(command, workdir) }, label: tool.name }, ...patched];
  }
  if (tool.name === "apply_patch") return patchOperations(tool, where).flatMap(patchCalls);
  // Attaches a local image file to the conversation: a read of that file.
  if (tool.name === "view_image") {
    if (typeof tool.input.path !== "string")
      throw new PayloadError(`${where}: tool_input.path of view_image must be a string, got ${describe(tool.input.path)}`);
    return [{ toolName: "read", input: { path: tool.input.path }, label: tool.name }];
  }
  return [{ toolName: tool.name, input: tool.input, label: tool.name }];
}

function inDir(part: ToolCallPart, dir: string | undefined): ToolCallPart {
  const path = underDir(String(part.input.path), dir);
  return { ...part, input: { ...part.input, path }, label: path };
}

function shellCommand(tool: NativeTool, where: string): string {
  const { command, cmd } = tool.input;
  // `exec_command` runs `cmd`, the others `command`; a string under the other name is refused,
  // so a harmless decoy there cannot stand in for what Codex runs.
  if (typeof command === "string" || typeof cmd === "string") {
    const text = soleString(tool.input, tool.name === "exec_command" ? ["cmd", "command"] : ["command", "cmd"], tool.name);
    if (text !== undefined) return text;
  }
  // `shell`/`local_shell` take an argv that Codex executes without a shell: quoted, so the command
  // line means what the argv meant (`["bash","-lc","rm -rf ~"]` → `bash -lc 'rm -rf ~'`).
  if (Array.isArray(command) && command.length > 0 && command.every((arg) => typeof arg === "string")) {
    return shellJoin(command);
  }
  throw new PayloadError(`${where}: tool_input.command of ${tool.name} must be a string, got ${describe(command)}`);
}

function patchOperations(tool: NativeTool, where: string): PatchOperation[] {
  const text = typeof tool.input.command === "string" ? tool.input.command : tool.input.patch;
  if (typeof text !== "string") {
    throw new PayloadError(`${where}: tool_input.command of apply_patch must be the patch text, got ${describe(text)}`);
  }
  return patchText(text, where);
}

function patchText(text: string, where: string): PatchOperation[] {
  return readPatch(text, `${where}: the apply_patch text`);
}

/** Events whose hookSpecificOutput.additionalContext reaches the model (e2e, test/e2e/messages.e2e.test.ts). */
const CONTEXT_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PostToolUse"]);

// hookit's ask is never encoded as "ask": Codex 0.171 rejects it and runs the tool, so an ask is the deny in `block`.
function respond(invocation: Invocation, decision: Decision): Reply {
  const output: Record<string, unknown> = {};
  const stop = decision.stopAgent !== undefined ? { continue: false, stopReason: decision.stopAgent } : {};
  switch (invocation.kind) {
    case "tool_call":
      // PreToolUse rejects continue:false and stopReason, and a rejected answer
      // loses its deny too, so stopAgent is never sent on this event.
      if (decision.block !== undefined) {
        output.hookSpecificOutput = {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: nonEmptyReason(decision.block),
        };
      } else if (decision.context !== undefined) {
        output.hookSpecificOutput = { hookEventName: "PreToolUse", additionalContext: decision.context };
      }
      break;
    case "tool_result":
      if (decision.patch !== undefined) Object.assign(output, { decision: "block", reason: nonEmptyReason(decision.patch.text) });
      else if (decision.context !== undefined)
        output.hookSpecificOutput = { hookEventName: "PostToolUse", additionalContext: decision.context };
      Object.assign(output, stop);
      break;
    case "stop":
      // Stopping wins over a continuation: an interrupt Action asked for the agent to stop.
      if (decision.stopAgent === undefined && decision.continueWith !== undefined) {
        Object.assign(output, { decision: "block", reason: nonEmptyReason(decision.continueWith) });
      }
      Object.assign(output, stop);
      break;
    default:
      break;
  }
  return claudeStyleReply(output, invocation, decision, CONTEXT_EVENTS.has(invocation.nativeEvent));
}

export default defineAdapter({
  id: ADAPTER_ID,
  title: "Codex CLI",
  // The newest release the real-CLI suite passed on.
  verifiedWith: facts.verified.newest,
  timeoutUnit: "s",
  registrations: claudeStyleHooks(),
  lifecycle: LIFECYCLE_EVENTS,
  payload: PAYLOAD,
  read,
  respond,
});
