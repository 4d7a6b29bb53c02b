// Policies for the `hookit hook` suites and the exact texts they produce: HooKit's fixed texts
// (hookit-semantics §3.3), so each agent's suite asserts the bytes its agent receives.
const hook = (event: string, shell: string) => ({ description: "", event, shell, default: true });

export const PASS_POLICY = {
  local: { allow: hook("tool_call", "true"), keep: hook("tool_result", "true"), done: hook("agent_end", "true") },
};
export const BLOCK_POLICY = { local: { deny: hook("tool_call", "false") } };
export const PATCH_POLICY = { local: { redact: hook("tool_result", "false") } };
export const CONTINUE_POLICY = { local: { tests: hook("agent_end", "false") } };

export const blockReason = (tool: string): string => `hookit: hook "deny" rejected ${tool} — \`false\``;
export const patchReason = (tool: string): string => `hookit: hook "redact" blocked ${tool} result — \`false\``;
export const patchText = (tool: string): string => `[BLOCKED by HooKit] ${patchReason(tool)}\n\nThe original tool result was suppressed.`;
export const CONTINUATION = "1 hook failed after your last turn:\n\n- **tests**: `false` (exit 1)";
export const RETRY_STOPPED = "hookit: agent-end hooks still fail; automatic retry stopped.";

/** One JSON object and a newline: the exact bytes hookit prints for `value`. */
export const jsonLine = (value: unknown): string => `${JSON.stringify(value)}\n`;
