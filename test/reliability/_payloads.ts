// One real payload per agent and kind of event, taken from the captured (or, where
// no capture exists, documented) fixtures and moved into a test's project
// directory and session. Cursor's Shell calls arrive as beforeShellExecution
// (hookit's registration); no capture exists for it, so its payload is built from
// the documented fields (harness-protocols §5.2).
import type { InvocationKind } from "../../src/contract/types.ts";
import type { HookAgent } from "./_protocol.ts";
import { fixture } from "../_sandbox.ts";

type Entry = [event: string, payload: Record<string, unknown>];

export interface AgentPayloads {
  preTool: Entry;
  /** A tool result where the agent has one (Antigravity's PostToolUse carries none: lifecycle). */
  postTool: Entry;
  postToolKind: InvocationKind;
  stop: Entry;
}

const FILES: Record<HookAgent, [pre: string, post: string, stop: string]> = {
  claude: ["PreToolUse-Bash.json", "PostToolUse-Bash.json", "Stop.json"],
  codex: ["PreToolUse-Bash.json", "PostToolUse-Bash.json", "Stop.json"],
  gemini: ["BeforeTool-run_shell_command.json", "AfterTool-run_shell_command.json", "AfterAgent.json"],
  cursor: ["", "postToolUse-Shell-docs-example.json", "stop-docs-example.json"],
  copilot: ["preToolUse-camelCase.json", "postToolUse-camelCase.json", "agentStop-camelCase.json"],
  factory: ["PreToolUse-Execute.json", "PostToolUse-Execute.json", "Stop.json"],
  kimi: ["PreToolUse-Bash.json", "PostToolUse-Bash.json", "Stop.json"],
  antigravity: ["PreToolUse-run_command-docs-example.json", "PostToolUse-docs-example.json", "Stop-docs-example.json"],
};

/** The event name is the fixture's name up to the first dash. */
const eventOf = (file: string) => file.split("-")[0]!.replace(/\.json$/, "");

export function agentPayloads(agent: HookAgent, cwd: string, session?: string): AgentPayloads {
  const [pre, post, stop] = FILES[agent];
  const load = (file: string): Entry => [eventOf(file), moved(fixture(agent, file), cwd, session)];
  const preTool: Entry =
    agent === "cursor"
      ? [
          "beforeShellExecution",
          moved(
            { conversation_id: "c0nv-1", generation_id: "gen-1", hook_event_name: "beforeShellExecution", command: "echo hello", cwd },
            cwd,
            session,
          ),
        ]
      : load(pre);
  return { preTool, postTool: load(post), postToolKind: agent === "antigravity" ? "lifecycle" : "tool_result", stop: load(stop) };
}

/** Puts a payload in `cwd` and `session`, in whichever spelling the agent uses. */
function moved(payload: Record<string, unknown>, cwd: string, session?: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...payload };
  if ("workspacePaths" in out)
    out.workspacePaths = [cwd]; // Antigravity has no cwd
  else out.cwd = cwd;
  if (session !== undefined) {
    let named = false;
    for (const key of ["session_id", "sessionId", "conversation_id", "conversationId"]) {
      if (key in out) [out[key], named] = [session, true];
    }
    // Cursor's documented examples carry no id at all; the CLI sends conversation_id.
    if (!named) out.conversation_id = session;
  }
  return out;
}

/** The agent's captured pre-tool payload, with its shell tool running `command`. */
export function shellPayload(agent: HookAgent, cwd: string, command: string): Entry {
  const [event, payload] = agentPayloads(agent, cwd).preTool;
  const out = structuredClone(payload);
  if (agent === "copilot") (out.toolArgs as Record<string, unknown>).command = command;
  else if (agent === "cursor") out.command = command;
  else if (agent === "antigravity") {
    // Its run_command names its own folder (the capture's is another machine's).
    Object.assign((out.toolCall as Record<string, unknown>).args as Record<string, unknown>, { CommandLine: command, Cwd: cwd });
  } else (out.tool_input as Record<string, unknown>).command = command;
  return [event, out];
}
