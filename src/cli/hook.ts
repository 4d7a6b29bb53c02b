// Listed for `hookit --help` only: the bin runs `hookit hook` without citty.
import { defineCommand } from "citty";
import { HOOK_AGENT_IDS } from "../contract/agent-ids.ts";

export default defineCommand({
  meta: { name: "hook", description: "Run as an agent's command hook: payload on stdin, decision on stdout" },
  args: {
    agent: { type: "string", description: HOOK_AGENT_IDS.join(" | "), default: "claude" },
    event: { type: "positional", description: "The agent's native event name, e.g. PreToolUse", required: false },
  },
  async run({ rawArgs }) {
    const { runHook } = await import("../run/hook.ts");
    await runHook(rawArgs);
  },
});
