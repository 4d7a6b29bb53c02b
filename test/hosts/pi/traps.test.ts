// Pi's traps (pi-extension-api.md §13): a throwing tool_result or session_before_*
// handler fails OPEN in Pi, so hookit must never throw and must fail closed itself.
import { describe, expect, test } from "vitest";
import type { PiEvent } from "../../../src/agents/pi/pi-types.ts";
import { hooks, startExtension } from "./fake-pi.ts";
import { sandbox } from "../../_sandbox.ts";

const payloads: Record<string, PiEvent> = {
  tool_call: { type: "tool_call", toolName: "bash", toolCallId: "call_1", input: { command: "echo hi" } },
  tool_result: {
    type: "tool_result",
    toolName: "bash",
    toolCallId: "call_1",
    input: { command: "echo hi" },
    content: [{ type: "text", text: "secret" }],
    details: { exit: 0 },
    isError: false,
  },
  turn_end: { type: "turn_end", turnIndex: 0 },
  agent_end: { type: "agent_end", messages: [] },
  agent_settled: { type: "agent_settled", aborted: false },
  session_before_switch: { type: "session_before_switch", reason: "new" },
  session_before_fork: { type: "session_before_fork", entryId: "e1", position: "before" },
};

/** A context whose abort signal cannot even be read: hookit's own machinery breaks mid-callback. */
async function brokenContext() {
  const box = sandbox();
  box.globalPolicy(hooks({ guard: { event: "tool_call", shell: "true" } }));
  const fake = await startExtension(box);
  Object.defineProperty(fake.ctx, "signal", {
    get: () => {
      throw new Error("context gone");
    },
  });
  return fake;
}

describe("hookit's own failures fail closed and never escape to Pi", () => {
  test("tool_call blocks", async () => {
    const fake = await brokenContext();
    expect(await fake.fire("tool_call", payloads.tool_call!)).toEqual({
      block: true,
      reason: "hookit: tool-call guard failed to execute; call blocked — context gone",
    });
  });

  test("tool_result suppresses the result (Pi would keep it on a throw)", async () => {
    const fake = await brokenContext();
    const reason = "hookit: tool-result guard failed to execute; result suppressed — context gone";
    expect(await fake.fire("tool_result", payloads.tool_result!)).toEqual({
      content: [{ type: "text", text: `[BLOCKED by HooKit] ${reason}\n\nThe original tool result was suppressed.` }],
      details: { exit: 0 },
      isError: true,
    });
    expect(fake.of("notify")).toEqual([[reason, "error"]]);
  });

  test.each(["session_before_switch", "session_before_fork"])("%s cancels (Pi would let it through on a throw)", async (event) => {
    const fake = await brokenContext();
    expect(await fake.fire(event, payloads[event]!)).toEqual({ cancel: true });
    const kind = event === "session_before_switch" ? "switch" : "fork";
    expect(fake.of("notify")).toEqual([[`hookit: session ${kind} guard failed to execute; action cancelled — context gone`, "error"]]);
  });

  test.each(["turn_end", "agent_end", "agent_settled"])("%s reports and answers nothing", async (event) => {
    const fake = await brokenContext();
    expect(await fake.fire(event, payloads[event]!)).toBeUndefined();
    expect(fake.of("notify")).toEqual([[`HooKit: ${event} hooks failed to execute — context gone`, "error"]]);
  });

  test("a payload whose fields throw on read still gets an answer", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ guard: { event: "tool_result", shell: "true" } }));
    const fake = await startExtension(box);
    const hostile = { type: "tool_result" } as PiEvent;
    for (const key of ["toolName", "toolCallId", "details"]) {
      Object.defineProperty(hostile, key, {
        get: () => {
          throw new Error(`no ${key}`);
        },
      });
    }
    expect(await fake.fire("tool_result", hostile)).toMatchObject({ isError: true, details: undefined });
  });
});

describe("unreadable payloads", () => {
  test("a guard with subscribers fails closed, naming the field", async () => {
    const box = sandbox();
    box.globalPolicy(
      hooks({
        fork: { event: "session_before_fork", shell: "true" },
        call: { event: "tool_call", shell: "true" },
      }),
    );
    const fake = await startExtension(box);
    // An old Pi sent session_before_fork without `position`.
    expect(await fake.fire("session_before_fork", { type: "session_before_fork", entryId: "e1" })).toEqual({ cancel: true });
    expect(fake.of("notify")[0]![0]).toBe(
      'hookit: session fork guard failed to execute; action cancelled — Pi session_before_fork event has no "position" of before|at',
    );
    expect(await fake.fire("tool_call", { type: "tool_call", toolName: "bash", toolCallId: "c", input: null })).toEqual({
      block: true,
      reason: 'hookit: tool-call guard failed to execute; call blocked — Pi tool_call event has no object "input"',
    });
  });

  test("with no hook for that event there is nothing to enforce", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ call: { event: "tool_call", shell: "false" } }));
    const fake = await startExtension(box);
    expect(await fake.fire("session_before_fork", { type: "session_before_fork", entryId: "e1" })).toBeUndefined();
    expect(fake.calls).toEqual([]);
  });
});

test("events before session_start load the policy instead of running nothing", async () => {
  const box = sandbox();
  box.globalPolicy(hooks({ deny: { event: "tool_call", shell: "false" } }));
  const { createFake } = await import("./fake-pi.ts");
  const { createHookitExtension } = await import("../../../src/hosts/pi/index.ts");
  const fake = createFake(box.project);
  createHookitExtension({ env: box.env })(fake.pi);
  expect(await fake.fire("tool_call", payloads.tool_call!)).toMatchObject({ block: true });
});

test("a time-out or abort during a guard fails closed", async () => {
  const box = sandbox();
  box.globalPolicy(hooks({ slow: { event: "tool_call", shell: "sleep 30" } }));
  const controller = new AbortController();
  const fake = await startExtension(box, { signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  const started = Date.now();
  expect(await fake.fire("tool_call", payloads.tool_call!)).toEqual({
    block: true,
    reason: 'hookit: hook "slow" rejected bash — `sleep 30`',
  });
  expect(Date.now() - started).toBeLessThan(5000);
});
