// What the model reads when each agent refuses a tool call with hookit's reason R: the texts the
// real CLIs were seen to produce (model-view.md; asserted by each <agent>.e2e.test.ts). The README
// table "What a block looks like" is rendered from these and the real encoders
// (test/docs/readme-blocks.ts), so neither can drift from the e2e runs.
export const MODEL_READS = {
  /** Claude Code 2.1.332 (the pin) names the hook before the reason; 2.1.197 sent the reason alone. */
  claude: (reason: string) => `PreToolUse:Bash hook error: ${reason}`,
  codex: (reason: string, command: string) => `Command blocked by PreToolUse hook: ${reason}. Command: ${command}`,
  /** The text inside the functionResponse `{"error": …}`. */
  gemini: (reason: string) => `Tool execution blocked: ${reason}`,
  copilot: (reason: string) => `Denied by preToolUse hook: ${reason}`,
  factory: (reason: string) => `Error: ${reason}`,
  pi: (reason: string) => reason,
  opencode: (reason: string) => reason,
  /** Kimi Code 2.1.0: the reason after its error line (a Bash result also opens with `Wall time: <s> seconds`, see kimi.e2e.test.ts). */
  kimi: (reason: string) => `<system>ERROR: Tool execution failed.</system>\n${reason}`,
} as const;
