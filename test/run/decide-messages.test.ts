// decide(): owned message Actions and hookit's ask extension, over real shells. Which text the
// model reads (block, patch, context) and when the user is asked instead of refused.
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/engine/evaluate.ts";
import type { Invocation, InvocationKind } from "../../src/contract/types.ts";
import type { NormalizedEvent } from "../../src/engine/types.ts";
import { ASK_DEGRADED, decide } from "../../src/run/decide.ts";
import { agentEnd, h, hooks, tempDir, toolCall, toolResult } from "../engine/_helpers.ts";

const message = (text: string, outcome: string, delivery = "steer") => ({ action: { type: "message", outcome, message: text, delivery } });
const invocation = (kind: InvocationKind, events: NormalizedEvent[], nativeEvent = "PreToolUse"): Invocation => ({
  agent: "claude",
  nativeEvent,
  kind,
  events,
});
const run = (kind: InvocationKind, events: NormalizedEvent[], catalog: Record<string, Record<string, unknown>>) =>
  decide(invocation(kind, events), hooks(catalog), { cwd: tempDir() }, undefined).then((r) => r.decision);

const REJECT = (name: string) => `hookit: hook "${name}" rejected bash — \`false\``;

describe("message Actions", () => {
  it("a block's message follows the reason the model reads; nothing is left undelivered", async () => {
    const d = await run("tool_call", [toolCall()], { guard: h("tool_call", "false", message("Use rg instead.", "block")) });
    expect(d.block).toBe(`${REJECT("guard")}\n\nUse rg instead.`);
    expect(d.ask).toBeUndefined();
    expect(d.context).toBeUndefined();
    expect(d.notices).toEqual([]);
  });

  it("a pass message is additional context, in catalog order, whatever its delivery mode", async () => {
    const d = await run("tool_call", [toolCall()], {
      one: h("tool_call", "true", message("first", "pass", "nextTurn")),
      two: h("tool_call", "true", message("second", "pass", "followUp")),
    });
    expect(d.block).toBeUndefined();
    expect(d.context).toBe("first\n\nsecond");
  });

  it("a pass message of one hook reaches the model with another hook's block", async () => {
    const d = await run("tool_call", [toolCall()], {
      note: h("tool_call", "true", message("note", "pass")),
      guard: h("tool_call", "false"),
    });
    expect(d.block).toBe(`${REJECT("guard")}\n\nnote`);
    expect(d.context).toBeUndefined();
  });

  it("a tool_result patch carries the message in the text the model reads instead of the result", async () => {
    const d = await run("tool_result", [toolResult()], {
      redact: h("tool_result", "false", message("Ask the user for the value.", "patch")),
    });
    expect(d.patch?.text).toBe(
      '[BLOCKED by HooKit] hookit: hook "redact" blocked bash result — `false`\n\nThe original tool result was suppressed.\n\nAsk the user for the value.',
    );
    expect(d.patch?.messages).toBe("Ask the user for the value.");
    expect(d.context).toBeUndefined();
  });

  it("a tool_result pass message is additional context", async () => {
    const d = await run("tool_result", [toolResult()], { stale: h("tool_result", "true", message("May be stale.", "pass", "followUp")) });
    expect(d.patch).toBeUndefined();
    expect(d.context).toBe("May be stale.");
  });

  it("at a stop, steer/followUp join the continuation as before; nextTurn cannot be delivered", async () => {
    const stop = (delivery: string) =>
      run("stop", [agentEnd()], { end: h("agent_end", "true", message("Run the tests.", "pass", delivery)) });
    expect((await stop("followUp")).continueWith).toBe("Run the tests.");
    const next = await stop("nextTurn");
    expect(next.continueWith).toBeUndefined();
    expect(next.notices.map((n) => n.message)).toEqual(['hookit: action message from "local/end" cannot be delivered on claude']);
  });
});

describe("ask (hookit extension)", () => {
  it("an asking hook asks with its message; the fallback block carries the reason, the message and the note", async () => {
    const d = await run("tool_call", [toolCall()], {
      confirm: h("tool_call", "false", { ask: true, ...message("Confirm the force push.", "block") }),
    });
    expect(d.ask).toBe("Confirm the force push.");
    expect(d.block).toBe(`${REJECT("confirm")}\n\nConfirm the force push.\n\n${ASK_DEGRADED}`);
  });

  it("without a message the user is asked with the reason", async () => {
    const d = await run("tool_call", [toolCall()], { confirm: h("tool_call", "false", { ask: true }) });
    expect(d.ask).toBe(REJECT("confirm"));
  });

  it("several asks combine: one prompt with every asking hook's message", async () => {
    const d = await run("tool_call", [toolCall()], {
      a: h("tool_call", "false", { ask: true, ...message("A?", "block") }),
      b: h("tool_call", "false", { ask: true, ...message("B?", "block") }),
    });
    expect(d.ask).toBe("A?\n\nB?");
    expect(d.block?.startsWith("hookit: 2 hooks rejected bash:\n- ")).toBe(true);
  });

  it("any block wins over an ask: a plain refusal, the user is not asked", async () => {
    const d = await run("tool_call", [toolCall()], {
      confirm: h("tool_call", "false", { ask: true, ...message("Confirm?", "block") }),
      guard: h("tool_call", "false"),
    });
    expect(d.ask).toBeUndefined();
    expect(d.block).not.toContain(ASK_DEGRADED);
    expect(d.block).toContain(REJECT("guard"));
  });

  it("a passing asking hook asks nothing", async () => {
    const d = await run("tool_call", [toolCall()], { confirm: h("tool_call", "true", { ask: true }) });
    expect(d).toEqual({ notices: [] });
  });

  it("an asking hook whose command could not run (timeout) blocks: a broken guard never asks", async () => {
    const d = await run("tool_call", [toolCall()], { confirm: h("tool_call", "sleep 5", { ask: true, timeout: 50 }) });
    expect(d.block).toBeDefined();
    expect(d.ask).toBeUndefined();
  });

  it("the engine's outcome is still HooKit's block, marked ask; a catalog without ask has no such key", async () => {
    const asked = await evaluate(toolCall(), hooks({ c: h("tool_call", "false", { ask: true }) }), { cwd: tempDir() });
    expect(asked.eventOutcomes[0]).toEqual({ event: "tool_call", outcome: "block", reason: REJECT("c"), ask: true });
    const plain = await evaluate(toolCall(), hooks({ c: h("tool_call", "false") }), { cwd: tempDir() });
    expect(plain.eventOutcomes[0]).toEqual({ event: "tool_call", outcome: "block", reason: REJECT("c") });
  });
});
