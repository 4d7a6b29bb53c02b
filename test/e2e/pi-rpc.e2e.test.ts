// Pi 1.6.0 in RPC mode with hookit installed by `hookit install --agent pi`: what print mode
// cannot show (pi-extension-api.md §6, §9, §12). Notifications only exist with a UI, and RPC
// turns them into `extension_ui_request` records; session switches are RPC commands.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { disposeScratch } from "./harness.ts";
import { closeAllPiRpc, notifications, startPiRpc, type PiRpc, type RpcRecord } from "./pi-rpc.ts";
import { CORRECTIVE, STOP_POLICY } from "./scenarios.ts";
import { isRecord } from "./servers/types.ts";
import { userTexts } from "./views.ts";

const RETRY_STOPPED = "hookit: agent-end hooks still fail; automatic retry stopped.";
const LOADED = "hookit: 1 hook loaded (1 enabled)";
const SWITCH_CANCELLED = "hookit: session switch cancelled by 1 hook:\n- **no-switch**: `false` (exit 1)";

const switchPolicy = (shell: string) => ({
  local: { "no-switch": { description: "e2e session_before_switch hook", event: "session_before_switch", shell, default: true } },
});

/** hookit's corrective custom message as Pi records it in the conversation. */
const isCorrective = (r: RpcRecord) =>
  r.type === "message_end" && isRecord(r.message) && r.message.role === "custom" && r.message.customType === "hookit";

async function state(pi: PiRpc): Promise<Record<string, unknown>> {
  const response = await pi.send({ type: "get_state" });
  expect(response.success, pi.summary()).toBe(true);
  return response.data as Record<string, unknown>;
}

/** Sends one prompt and waits until Pi says it will not continue on its own. */
async function promptAndSettle(pi: PiRpc, message: string): Promise<number> {
  const from = pi.records.length;
  const response = await pi.send({ type: "prompt", message });
  expect(response.data, pi.summary()).toEqual({ disposition: "started" });
  return pi.waitFor("agent_settled", (r) => r.type === "agent_settled", from);
}

/** hookit's execution reports (`hookit-execution` entries) for one event: did each hook pass? */
function hookRuns(records: readonly RpcRecord[], event: string): unknown[] {
  return records.flatMap((r) => {
    const entry = r.type === "entry_appended" && isRecord(r.entry) ? r.entry : undefined;
    const data = entry?.customType === "hookit-execution" && isRecord(entry.data) ? entry.data : undefined;
    const segment = isRecord(data?.segment) ? data.segment : undefined;
    if (!segment || !isRecord(segment.eventContext) || segment.eventContext.event !== event) return [];
    return Array.isArray(segment.rows) ? segment.rows.map((row) => (isRecord(row) ? row.passed : undefined)) : [];
  });
}

describe("pi (RPC mode): hookit's notices and session guards", () => {
  afterEach(closeAllPiRpc);
  afterAll(disposeScratch);

  it("agent_end failure: exactly one corrective turn, then the 'retry stopped' notice, no second correction", async () => {
    const pi = await startPiRpc({
      name: "agent-end",
      policy: STOP_POLICY,
      turns: [{ say: "First answer." }, { say: "Second answer." }, { say: "Third answer." }],
    });
    const settled = await promptAndSettle(pi, "Please follow the e2e script.");
    // Settled and idle with nothing queued: no further run can start on its own.
    expect(await state(pi), pi.summary()).toMatchObject({ isStreaming: false, pendingMessageCount: 0 });
    const run = await pi.close();

    expect(run.modelRequests.length, pi.summary()).toBe(2);
    const users = userTexts(run.views[1] ?? []);
    expect(users.at(-1), pi.summary()).toBe(CORRECTIVE);
    expect(users.filter((u) => u.includes(CORRECTIVE)).length, pi.summary()).toBe(1);

    const corrections = pi.records.flatMap((r, i) => (isCorrective(r) ? [i] : []));
    expect(corrections.length, pi.summary()).toBe(1);
    const stopped = notifications(pi.records).filter((n) => n.message === RETRY_STOPPED);
    expect(
      stopped.map((n) => n.notifyType),
      pi.summary(),
    ).toEqual(["error"]);
    // The notice answers the second agent_end: after the corrective turn, before Pi settles.
    const notice = stopped[0]?.index ?? -1;
    expect(notice, pi.summary()).toBeGreaterThan(corrections[0] ?? Infinity);
    expect(notice, pi.summary()).toBeLessThan(settled);
    expect(pi.records.filter((r) => r.type === "agent_end").length, pi.summary()).toBe(2);
    expect(hookRuns(pi.records, "agent_end"), pi.summary()).toEqual([false, false]);
  });

  it("a failing session_before_switch hook cancels new_session: same session, same conversation", async () => {
    const pi = await startPiRpc({ name: "switch-cancel", policy: switchPolicy("false"), turns: [{ say: "Hello." }] });
    await promptAndSettle(pi, "Say hello.");
    const before = await state(pi);
    expect(before.messageCount, pi.summary()).toBeGreaterThan(0);

    const response = await pi.send({ type: "new_session" });
    expect(response.success, pi.summary()).toBe(true);
    expect(response.data, pi.summary()).toEqual({ cancelled: true });
    const after = await state(pi);
    expect(after.sessionId, pi.summary()).toBe(before.sessionId);
    expect(after.messageCount, pi.summary()).toBe(before.messageCount);

    const messages = notifications(pi.records).map((n) => n.message);
    expect(
      messages.filter((m) => m === SWITCH_CANCELLED),
      pi.summary(),
    ).toHaveLength(1);
    // No new session started: the extension never announced itself a second time.
    expect(
      messages.filter((m) => m === LOADED),
      pi.summary(),
    ).toHaveLength(1);
    expect(hookRuns(pi.records, "session_before_switch"), pi.summary()).toEqual([false]);
    await pi.close();
  });

  it("a passing session_before_switch hook lets the same new_session switch", async () => {
    const pi = await startPiRpc({ name: "switch-pass", policy: switchPolicy("true"), turns: [{ say: "Hello." }] });
    await promptAndSettle(pi, "Say hello.");
    const before = await state(pi);
    expect(before.messageCount, pi.summary()).toBeGreaterThan(0);

    const response = await pi.send({ type: "new_session" });
    expect(response.success, pi.summary()).toBe(true);
    expect(response.data, pi.summary()).toEqual({ cancelled: false });
    const after = await state(pi);
    expect(typeof after.sessionId, pi.summary()).toBe("string");
    expect(after.sessionId, pi.summary()).not.toBe(before.sessionId);
    expect(after.messageCount, pi.summary()).toBe(0);

    // The hook did run and pass (not "hookit was absent"), and the new session loaded hookit again.
    expect(hookRuns(pi.records, "session_before_switch"), pi.summary()).toEqual([true]);
    const messages = notifications(pi.records).map((n) => n.message);
    expect(
      messages.filter((m) => m.startsWith("hookit: session switch")),
      pi.summary(),
    ).toEqual([]);
    expect(
      messages.filter((m) => m === LOADED),
      pi.summary(),
    ).toHaveLength(2);
    await pi.close();
  });
});
