// Listed for `hookit --help` only: the bin runs `hookit hook` without citty.
import { defineCommand } from "citty";

export default defineCommand({
  meta: { name: "hook", description: "Run as an agent's command hook: payload on stdin, decision on stdout" },
  args: {
    agent: { type: "string", description: "claude | codex | gemini | cursor | copilot", default: "claude" },
    event: { type: "positional", description: "The agent's native event name, e.g. PreToolUse", required: false },
  },
  async run({ rawArgs }) {
    const { runHook } = await import("../run/hook.ts");
    await runHook(rawArgs);
  },
});
