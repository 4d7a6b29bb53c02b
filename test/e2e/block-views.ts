// What the model reads when each agent refuses a tool call with hookit's reason R: the texts the
// real CLIs were seen to produce (model-view.md; asserted by each <agent>.e2e.test.ts). The README
// table "What a block looks like" is rendered from these and the real encoders
// (test/docs/readme-blocks.ts), so neither can drift from the e2e runs.
export const MODEL_READS = {
  claude: (reason: string) => reason,
  codex: (reason: string, command: string) => `Command blocked by PreToolUse hook: ${reason}. Command: ${command}`,
  /** The text inside the functionResponse `{"error": …}`. */
  gemini: (reason: string) => `Tool execution blocked: ${reason}`,
  copilot: (reason: string) => `Denied by preToolUse hook: ${reason}`,
  factory: (reason: string) => `Error: ${reason}`,
  pi: (reason: string) => reason,
  opencode: (reason: string) => reason,
} as const;
