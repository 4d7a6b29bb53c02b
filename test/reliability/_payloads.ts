// One real payload per agent and kind of event, taken from the captured
// fixtures, moved into a test's project directory. Cursor's Shell calls arrive
// as beforeShellExecution (hookit's registration); no capture exists for it,
// so its payload is built from the documented fields (harness-protocols §5.2).
import type { HookAgent } from "./_protocol.ts";
import { fixture } from "./_sandbox.ts";

export interface AgentPayloads {
  preTool: [event: string, payload: Record<string, unknown>];
  postTool: [event: string, payload: Record<string, unknown>];
  stop: [event: string, payload: Record<string, unknown>];
}

/** Every Claude-style payload names its directory in `cwd`; Cursor's Stop example has none. */
function at(cwd: string, payload: Record<string, unknown>, session?: string): Record<string, unknown> {
  const moved: Record<string, unknown> = { ...payload, cwd };
  if (session === undefined) return moved;
  for (const key of ["session_id", "sessionId", "conversation_id"]) if (key in moved) moved[key] = session;
  return moved;
}

export function agentPayloads(agent: HookAgent, cwd: string, session?: string): AgentPayloads {
  switch (agent) {
    case "claude":
    case "codex":
      return {
        preTool: ["PreToolUse", at(cwd, fixture(agent, "PreToolUse-Bash.json"), session)],
        postTool: ["PostToolUse", at(cwd, fixture(agent, "PostToolUse-Bash.json"), session)],
        stop: ["Stop", at(cwd, fixture(agent, "Stop.json"), session)],
      };
    case "gemini":
      return {
        preTool: ["BeforeTool", at(cwd, fixture(agent, "BeforeTool-run_shell_command.json"), session)],
        postTool: ["AfterTool", at(cwd, fixture(agent, "AfterTool-run_shell_command.json"), session)],
        stop: ["AfterAgent", at(cwd, fixture(agent, "AfterAgent.json"), session)],
      };
    case "cursor": {
      const common = { conversation_id: session ?? "c0nv-1", generation_id: "gen-1", workspace_roots: [cwd] };
      return {
        preTool: ["beforeShellExecution", { ...common, hook_event_name: "beforeShellExecution", command: "echo hello", cwd }],
        postTool: ["postToolUse", { ...common, ...at(cwd, fixture(agent, "postToolUse-Shell-docs-example.json")) }],
        stop: ["stop", { ...common, ...fixture(agent, "stop-docs-example.json") }],
      };
    }
    case "copilot":
      return {
        preTool: ["preToolUse", at(cwd, fixture(agent, "preToolUse-camelCase.json"), session)],
        postTool: ["postToolUse", at(cwd, fixture(agent, "postToolUse-camelCase.json"), session)],
        stop: ["agentStop", at(cwd, fixture(agent, "agentStop-camelCase.json"), session)],
      };
  }
}
