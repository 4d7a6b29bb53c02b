// What each real CLI's model reads for an owned message Action and for hookit's ask in a headless
// run. Run one agent with `-t "<id>:"`. These results are the `messages` and `ask` rows of each
// adapter's capability table (src/agents/*/adapter.ts → docs/agents/*.md).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { disposeScratch, runScenario } from "./harness.ts";
import { ASK_AS_BLOCK, ASK_MESSAGE, ASK_POLICY, ASK_REASON, MARKER, describeMessages } from "./messages.ts";
import { rawToolResults } from "./views.ts";
import { MODEL_READS } from "./block-views.ts";
import { escapeRegExp } from "../_text.ts";

// -p denies an ask with its reason: the model reads the asking hook's message.
describeMessages("claude", { passMessage: "delivered", resultMessage: "delivered", askedResult: ASK_MESSAGE });
// additionalContext arrives as a developer message after the call; an ask is a deny (0.171 runs the tool on "ask").
describeMessages("codex", {
  passMessage: "delivered",
  resultMessage: "delivered",
  askedResult: `Command blocked by PreToolUse hook: ${ASK_AS_BLOCK}. Command: touch hookit-e2e-marker`,
});
// BeforeTool drops additionalContext; AfterTool appends it as <hook_context>. Its "ask" hangs in -p, so an ask is a deny.
describeMessages("gemini", {
  passMessage: "not delivered",
  resultMessage: "delivered",
  askedResult: JSON.stringify({ error: `Tool execution blocked: ${ASK_AS_BLOCK}` }),
});
describeMessages("copilot", {
  passMessage: "delivered",
  resultMessage: "delivered",
  askedResult: `Denied by preToolUse hook (unable to ask user for confirmation): ${ASK_MESSAGE}`,
});
// PreToolUse drops additionalContext; PostToolUse adds it as a message. exec --auto runs the tool on "ask", so an ask is a deny.
describeMessages("factory", { passMessage: "not delivered", resultMessage: "delivered", askedResult: `Error: ${ASK_AS_BLOCK}` });
// Print mode has no UI: the ask is HooKit's block, and the message arrives as its own message (sendMessage).
describeMessages("pi", { passMessage: "delivered", resultMessage: "delivered", askedResult: ASK_REASON });
// The plugin's refusal carries the message; tool.execute.after appends it to the output; before the tool runs there is no channel.
describeMessages("opencode", { passMessage: "not delivered", resultMessage: "delivered", askedResult: ASK_AS_BLOCK });
// hookit uses no additional-context channel on Kimi (a pass message goes to stderr); an ask is a deny.
describeMessages("kimi", {
  passMessage: "not delivered",
  resultMessage: "not delivered",
  askedResult: new RegExp(`^Wall time: \\d+\\.\\d+ seconds\\n${escapeRegExp(MODEL_READS.kimi(ASK_AS_BLOCK))}$`),
});

describe("claude: an ask under bypassPermissions (the --dangerously-skip-permissions mode)", () => {
  afterAll(disposeScratch);

  it("is still a denial in -p: a permission bypass does not answer hookit's ask", async () => {
    const r = await runScenario({
      agent: "claude",
      name: "ask-bypass",
      policy: ASK_POLICY,
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
      // Claude refuses the bypass mode as root unless it is told it runs in a sandbox.
      env: { IS_SANDBOX: "1" },
      sabotage: ({ project }) => {
        const file = join(project, ".claude/settings.json");
        const settings = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
        writeFileSync(file, JSON.stringify({ ...settings, permissions: { defaultMode: "bypassPermissions" } }));
      },
    });
    expect(r.driver.stdout, r.summary()).toContain('"permission_denials":[{"tool_name":"Bash"');
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(rawToolResults(r.views[1] ?? []).at(-1), r.summary()).toBe(ASK_MESSAGE);
  });
});
