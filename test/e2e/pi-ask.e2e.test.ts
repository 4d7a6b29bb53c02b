// Pi 1.6.0 in RPC mode (a UI is present): hookit's ask extension opens Pi's confirm dialog, which
// RPC turns into an `extension_ui_request`. "No" keeps the tool from running and the model reads
// why; "yes" runs it. Print mode has no UI, so there the ask is a block (messages.e2e.test.ts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { disposeScratch } from "./harness.ts";
import { closeAllPiRpc, startPiRpc, type RpcRecord } from "./pi-rpc.ts";
import { rawToolResults } from "./views.ts";

const MARKER = "hookit-e2e-marker";
const ASK_MESSAGE = "HOOKIT-ASK-7f3a: touching the marker needs your confirmation.";
const ASK_POLICY = {
  local: {
    "confirm-touch": {
      description: "e2e",
      event: "tool_call",
      ask: true,
      filter: { toolName: "^bash$", command: MARKER },
      shell: "false",
      default: true,
      action: { type: "message", outcome: "block", message: ASK_MESSAGE, delivery: "steer" },
    },
  },
};
const REASON = 'hookit: hook "confirm-touch" rejected bash — `false`';
const isConfirm = (r: RpcRecord) => r.type === "extension_ui_request" && r.method === "confirm";

async function askAndAnswer(name: string, confirmed: boolean) {
  const pi = await startPiRpc({ name, policy: ASK_POLICY, turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }] });
  const from = pi.records.length;
  await pi.send({ type: "prompt", message: "Please follow the e2e script." });
  const index = await pi.waitFor("the confirm dialog", isConfirm, from);
  const dialog = pi.records[index] as RpcRecord;
  pi.reply({ type: "extension_ui_response", id: dialog.id, confirmed });
  await pi.waitFor("agent_settled", (r) => r.type === "agent_settled", index);
  const run = await pi.close();
  return { pi, dialog, run, ran: existsSync(join(pi.dir, "project", MARKER)) };
}

describe("pi (RPC mode): an asking hook asks the user", () => {
  afterEach(closeAllPiRpc);
  afterAll(disposeScratch);

  it("the user is asked with the hook's message; no keeps the tool from running and the model reads why", async () => {
    const { pi, dialog, run, ran } = await askAndAnswer("ask-no", false);
    expect(dialog.title, pi.summary()).toBe("hookit: allow bash?");
    expect(dialog.message, pi.summary()).toBe(ASK_MESSAGE);
    expect(ran, pi.summary()).toBe(false);
    expect(rawToolResults(run.views[1] ?? []).at(-1), pi.summary()).toBe(`${REASON}\n\nhookit: the user did not allow this call.`);
  });

  it("yes lets the tool run", async () => {
    const { pi, ran } = await askAndAnswer("ask-yes", true);
    expect(ran, pi.summary()).toBe(true);
  });
});
