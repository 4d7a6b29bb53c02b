// Effects reach Pi's APIs in the engine's order, each delivery best-effort.
import { describe, expect, test } from "vitest";
import type { PiEvent } from "../../../src/agents/pi/pi-types.ts";
import { hooks, startExtension } from "../../hosts/pi/fake-pi.ts";
import { sandbox } from "../../_sandbox.ts";

const toolCall: PiEvent = { type: "tool_call", toolName: "bash", toolCallId: "call_1", input: { command: "echo hi" } };
const action = (a: Record<string, unknown>) => ({ event: "tool_call", action: { outcome: ["pass", "block"], ...a } });

describe("every action kind, in order", () => {
  test("abort, shutdown, compact, message (custom and user), emit — then the control reason", async () => {
    const box = sandbox();
    box.globalPolicy(
      hooks({
        interrupt: action({ type: "interrupt" }),
        "shutdown-now": action({ type: "shutdown", interrupt: true }),
        shutdown: action({ type: "shutdown" }),
        "compact-with": action({ type: "compact", instructions: "keep the plan" }),
        compact: action({ type: "compact" }),
        steer: action({ type: "message", message: "steer me", delivery: "steer", triggerTurn: true }),
        follow: action({ type: "message", message: "follow up", delivery: "followUp" }),
        later: action({ type: "message", message: "next time", delivery: "nextTurn" }),
        user: action({ type: "message", message: "/skill:fix", delivery: "followUp", sendAs: "user" }),
        emit: action({ type: "emit-custom-event", name: "audit:blocked", data: { value: 1 } }),
        deny: { event: "tool_call", shell: "false" },
      }),
    );
    const fake = await startExtension(box);
    const result = await fake.fire("tool_call", toolCall);

    expect(result).toEqual({ block: true, reason: 'hookit: hook "deny" rejected bash — `false`' });
    expect(fake.calls.map((c) => c.kind)).toEqual([
      "abort",
      "abort",
      "shutdown",
      "shutdown",
      "compact",
      "compact",
      "sendMessage",
      "sendMessage",
      "sendMessage",
      "sendUserMessage",
      "emit",
      "notify",
    ]);
    const compacts = fake.of("compact") as [Record<string, unknown>][];
    expect(compacts[0]![0]).toMatchObject({ customInstructions: "keep the plan" });
    expect("customInstructions" in compacts[1]![0]).toBe(false);
    const message = (content: string) => ({ customType: "hookit", content, display: true });
    expect(fake.of("sendMessage")).toEqual([
      [message("steer me"), { deliverAs: "steer", triggerTurn: true }],
      [message("follow up"), { deliverAs: "followUp", triggerTurn: false }],
      [message("next time"), { deliverAs: "nextTurn", triggerTurn: false }],
    ]);
    expect(fake.of("sendUserMessage")).toEqual([["/skill:fix", { deliverAs: "followUp", expandPromptTemplates: true }]]);
    expect(fake.of("emit")).toEqual([["audit:blocked", { value: 1 }]]);
    expect(fake.of("notify")).toEqual([['hookit: hook "deny" rejected bash — `false`', "error"]]);
  });

  test("a shutdown without interrupt does not abort", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ stop: { event: "turn_end", action: { type: "shutdown", outcome: "pass" } } }));
    const fake = await startExtension(box);
    await fake.fire("turn_end", { type: "turn_end", turnIndex: 0 });
    expect(fake.calls.map((c) => c.kind)).toEqual(["shutdown", "appendEntry"]);
  });
});

describe("delivery failures never change the decision", () => {
  test("a throwing message is reported; the sibling action and the block still happen", async () => {
    const box = sandbox();
    box.globalPolicy(
      hooks({
        msg: action({ type: "message", message: "hello", delivery: "steer" }),
        emit: action({ type: "emit-custom-event", name: "audit" }),
        deny: { event: "tool_call", shell: "exit 2" },
      }),
    );
    const fake = await startExtension(box, { failing: ["sendMessage"] });
    expect(await fake.fire("tool_call", toolCall)).toMatchObject({ block: true });
    expect(fake.of("emit")).toEqual([["audit", undefined]]);
    expect(fake.of("notify")[0]).toEqual(['hookit: action from "local/msg" delivery failed — sendMessage exploded', "error"]);
  });

  test("a rejected async delivery is reported later instead of going unhandled", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ msg: action({ type: "message", message: "hello", delivery: "steer" }) }));
    const fake = await startExtension(box);
    fake.pi.sendMessage = () => Promise.reject(new Error("session gone")) as unknown as undefined;
    expect(await fake.fire("tool_call", toolCall)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.of("notify")).toEqual([['hookit: action from "local/msg" delivery failed — session gone', "error"]]);
  });

  test("a compaction that fails later is reported with HooKit's text", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ squeeze: { event: "turn_end", action: { type: "compact", outcome: "pass" } } }));
    const fake = await startExtension(box);
    await fake.fire("turn_end", { type: "turn_end", turnIndex: 3 });
    const [[options]] = fake.of("compact") as [[{ onError: (error: Error) => void }]];
    options.onError(new Error("model refused"));
    expect(fake.of("notify")).toEqual([['hookit: compact action from "local/squeeze" failed — model refused', "error"]]);
  });

  test("agent_end: a throwing notification does not stop the corrective turn or the report", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ check: { event: "agent_end", shell: "false" }, watcher: { event: "hook_result", shell: "false" } }));
    const fake = await startExtension(box, { failing: ["notify", "appendEntry"] });
    expect(await fake.fire("agent_end", { type: "agent_end", messages: [] })).toBeUndefined();
    expect(fake.calls.map((c) => c.kind)).toEqual(["notify", "sendMessage", "appendEntry"]);
    expect(fake.calls[0]!.args[0]).toBe("HooKit: 1 hook_result hook failed:\n- **watcher**: `false` (exit 1)");
    expect(fake.calls[1]!.args[0]).toMatchObject({ content: "1 hook failed after your last turn:\n\n- **check**: `false` (exit 1)" });
  });

  test("a failing corrective turn is reported", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ check: { event: "agent_end", shell: "false" } }));
    const fake = await startExtension(box, { failing: ["sendMessage"] });
    await fake.fire("agent_end", { type: "agent_end", messages: [] });
    expect(fake.of("notify")).toEqual([["hookit: corrective turn delivery failed — sendMessage exploded", "error"]]);
  });

  test("present Effects are skipped without a UI", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ t: { event: "turn_end", shell: "false" } }));
    const fake = await startExtension(box, { hasUI: false });
    await fake.fire("turn_end", { type: "turn_end", turnIndex: 0 });
    expect(fake.of("notify")).toEqual([]);
  });
});
