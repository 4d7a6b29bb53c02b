// Runs an installed hook command exactly as the agent would: through /bin/sh,
// with a synthetic pre-tool payload on stdin, and checks the answer is one the
// harness can read. This catches what a config file alone cannot show: a node
// or bin path that no longer exists, a command not on PATH, a crash.
import { spawnSync } from "node:child_process";
import type { HookAgentId } from "../adapters/registry.ts";

/** A harmless pre-tool call per agent (shell `true`), in each harness's own payload shape. */
function syntheticPayload(agent: HookAgentId, cwd: string): { event: string; payload: unknown } {
  const id = "hookit-doctor";
  switch (agent) {
    case "claude":
    case "codex":
      return { event: "PreToolUse", payload: { session_id: id, cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "true" }, tool_use_id: id } };
    case "gemini":
      return { event: "BeforeTool", payload: { session_id: id, cwd, hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "true" } } };
    case "cursor":
      return { event: "preToolUse", payload: { conversation_id: id, cwd, hook_event_name: "preToolUse", tool_name: "Shell", tool_input: { command: "true" }, tool_use_id: id } };
    case "copilot":
      return { event: "preToolUse", payload: { sessionId: id, timestamp: 0, cwd, toolName: "bash", toolArgs: { command: "true" } } };
    case "kimi":
      return { event: "PreToolUse", payload: { hook_event_name: "PreToolUse", session_id: id, cwd, tool_name: "Bash", tool_input: { command: "true" }, tool_call_id: id } };
    case "factory":
      return { event: "PreToolUse", payload: { session_id: id, cwd, permission_mode: "auto-high", hook_event_name: "PreToolUse", tool_name: "Execute", tool_input: { command: "true" } } };
    case "antigravity":
      return { event: "PreToolUse", payload: { toolCall: { name: "run_command", args: { CommandLine: "true", Cwd: cwd } }, stepIdx: 0, conversationId: id, workspacePaths: [cwd] } };
  }
}

export interface ProbeResult {
  ok: boolean;
  detail: string;
  /** A fix that names the real cause, when it is not "re-install". */
  fix?: string;
}

/** Shorter than every agent's hook limit (30 s as installed), so doctor answers first. */
export const PROBE_TIMEOUT_MS = 10_000;

/** `command` is the installed command line for `event` (the agent passes it to sh). */
export function probeCommand(agent: HookAgentId, command: string, cwd: string, env: NodeJS.ProcessEnv): ProbeResult {
  const { payload } = syntheticPayload(agent, cwd);
  const run = spawnSync("/bin/sh", ["-c", command], {
    cwd,
    env: { ...env, HOOKIT_DOCTOR: "1" },
    input: JSON.stringify(payload),
    encoding: "utf8",
    timeout: PROBE_TIMEOUT_MS,
  });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT") {
    return {
      ok: false,
      detail: `it timed out after ${PROBE_TIMEOUT_MS / 1000} s on a harmless \`true\` shell call`,
      fix: "a tool_call hook of your policy is slow (its when/shell runs on every call): find it with `echo '{\"event\":\"tool_call\",\"toolName\":\"bash\",\"input\":{\"command\":\"true\"}}' | hookit check --dry-run`, then give it a filter or make it faster",
    };
  }
  if (run.error) return { ok: false, detail: `could not run it: ${run.error.message}` };
  // droid's adapter backs a deny with exit 2: with a JSON answer on stdout that is a reply, not a crash.
  const deniedInJson = run.status === 2 && agent === "factory" && run.stdout.trim().startsWith("{");
  if (run.status !== 0 && !deniedInJson) {
    const output = run.stderr || run.stdout;
    const missing = /Cannot find module '([^']+)'/.exec(output)?.[1];
    if (missing) {
      return { ok: false, detail: `the hookit it runs is gone: ${missing} does not exist (moved or deleted)` };
    }
    if (run.status === 127) return { ok: false, detail: `its program was not found (${output.trim().split("\n")[0] ?? ""})` };
    const said = output.trim().split("\n")[0] ?? "";
    return { ok: false, detail: `it exited with ${run.status ?? run.signal}${said ? `: ${said}` : ""}` };
  }
  const out = run.stdout.trim();
  if (out !== "") {
    try {
      JSON.parse(out);
    } catch {
      return { ok: false, detail: `it printed something that is not JSON: ${out.slice(0, 80)}` };
    }
  }
  return { ok: true, detail: out === "" ? "answered with a plain allow" : `answered ${out.slice(0, 80)}` };
}

export function probeEventName(agent: HookAgentId): string {
  return syntheticPayload(agent, "/").event;
}
