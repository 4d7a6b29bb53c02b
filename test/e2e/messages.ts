// Owned `message` Actions and hookit's `ask` extension on a real CLI: what the model reads next
// (its next request to the fake server) and whether the tool ran. One table of expectations per
// agent (messages.e2e.test.ts); the results are the `messages` and `ask` rows of each adapter's
// capability table.
import { afterAll, describe, expect, it } from "vitest";
import type { CliId } from "./agents.ts";
import { disposeScratch, runScenario, type RunResult } from "./harness.ts";
import { rawToolResults } from "./views.ts";

export const MARKER = "hookit-e2e-marker";
const ALLOWED = "e2e-allowed.txt";
export const BLOCK_MESSAGE = "HOOKIT-MSG-7f3a: touch e2e-allowed.txt instead, or ask the user.";
export const PASS_MESSAGE = "HOOKIT-PASS-7f3a: remember to run the tests.";
export const RESULT_MESSAGE = "HOOKIT-RESULT-7f3a: this output may be stale.";
export const ASK_MESSAGE = "HOOKIT-ASK-7f3a: touching the marker needs your confirmation.";
export const ASK_REASON = 'hookit: hook "confirm-touch" rejected bash — `false`';
/** An ask that has to be a block: the reason, the asking hook's message, and hookit's note (src/run/decide.ts). */
export const ASK_AS_BLOCK = `${ASK_REASON}\n\n${ASK_MESSAGE}\n\nhookit: this call needs the user's confirmation, which cannot be asked for here; ask the user to allow it or to run it.`;

const message = (text: string, outcome: string, delivery = "steer") => ({ type: "message", outcome, message: text, delivery });
const guard = { toolName: "^bash$", command: MARKER };

const BLOCK_POLICY = {
  local: {
    "no-touch": {
      description: "e2e",
      event: "tool_call",
      filter: guard,
      shell: "false",
      action: message(BLOCK_MESSAGE, "block"),
      default: true,
    },
  },
};
const PASS_POLICY = {
  local: {
    note: {
      description: "e2e",
      event: "tool_call",
      filter: { toolName: "^bash$" },
      shell: "true",
      action: message(PASS_MESSAGE, "pass"),
      default: true,
    },
  },
};
const RESULT_POLICY = {
  local: {
    stale: {
      description: "e2e",
      event: "tool_result",
      filter: { toolName: "^bash$" },
      shell: "true",
      action: message(RESULT_MESSAGE, "pass", "followUp"),
      default: true,
    },
  },
};
export const ASK_POLICY = {
  local: {
    "confirm-touch": {
      description: "e2e",
      event: "tool_call",
      ask: true,
      filter: guard,
      shell: "false",
      action: message(ASK_MESSAGE, "block"),
      default: true,
    },
  },
};

export interface MessageExpectations {
  /** A pass message reaches the model (additional context), or the agent has no channel for it. */
  passMessage: "delivered" | "not delivered";
  /** A tool_result pass message reaches the model. */
  resultMessage: "delivered" | "not delivered";
  /** The exact tool result the model reads after an ask in this headless run (the tool never runs); a RegExp where it holds a timing. */
  askedResult: string | RegExp;
}

/** Everything but the model's own words after its tool call (Codex sends context as a developer message). */
function seen(r: RunResult): string {
  const items = r.views[1] ?? [];
  const last = items.map((i) => i.kind).lastIndexOf("toolCall");
  return items
    .slice(last + 1)
    .filter((i) => i.kind !== "assistant")
    .map((i) => i.text)
    .join("\n");
}

function show(r: RunResult, label: string): void {
  if (process.env.HOOKIT_E2E_SHOW === "1")
    console.info(`${r.scenario.agent}/${label}:\n${JSON.stringify(rawToolResults(r.views[1] ?? []).at(-1))}\n${JSON.stringify(seen(r))}`);
}

export function describeMessages(agent: CliId, expected: MessageExpectations): void {
  const scenario = (name: string, policy: unknown, command: string) =>
    runScenario({ agent, name, policy, turns: [{ shell: command }, { say: "Done." }] });

  describe(`${agent}: message Actions and ask`, () => {
    afterAll(disposeScratch);

    it("a block's owned message reaches the model with the refusal, and the tool did not run", async () => {
      const r = await scenario("block-message", BLOCK_POLICY, `touch ${MARKER}`);
      show(r, "block-message");
      expect(r.modelRequests.length, r.summary()).toBeGreaterThanOrEqual(2);
      expect(r.exists(MARKER), r.summary()).toBe(false);
      expect(seen(r), r.summary()).toContain(BLOCK_MESSAGE);
    });

    const passes: [string, string, unknown, string, "delivered" | "not delivered"][] = [
      ["tool_call", "pass-message", PASS_POLICY, PASS_MESSAGE, expected.passMessage],
      ["tool_result", "result-message", RESULT_POLICY, RESULT_MESSAGE, expected.resultMessage],
    ];
    for (const [event, name, policy, text, delivery] of passes) {
      it(`a ${event} pass message: ${delivery}`, async () => {
        const r = await scenario(name, policy, `touch ${ALLOWED}`);
        show(r, name);
        expect(r.exists(ALLOWED), r.summary()).toBe(true);
        if (delivery === "delivered") expect(seen(r), r.summary()).toContain(text);
        else expect(seen(r), r.summary()).not.toContain(text);
      });
    }

    it("an ask in a headless run never lets the tool run", async () => {
      const r = await scenario("ask-headless", ASK_POLICY, `touch ${MARKER}`);
      show(r, "ask-headless");
      expect(r.exists(MARKER), r.summary()).toBe(false);
      const result = rawToolResults(r.views[1] ?? []).at(-1) ?? "<no tool result>";
      if (typeof expected.askedResult === "string") expect(result, r.summary()).toBe(expected.askedResult);
      else expect(result, r.summary()).toMatch(expected.askedResult);
    });
  });
}
