// Execution Reports: `hookit-execution` session entries (hookit-semantics §7.3).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { PiEvent } from "../../../src/agents/pi/pi-types.ts";
import { createExecutionReporter } from "../../../src/hosts/pi/reports.ts";
import { hooks, startExtension } from "./fake-pi.ts";
import { sandbox } from "../../_sandbox.ts";

const fixture = (name: string): PiEvent =>
  JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/pi", name), "utf8")) as PiEvent;
const reports = (calls: unknown[][]) => calls.filter(([type]) => type === "hookit-execution").map(([, entry]) => entry);

describe("tool waves", () => {
  test("one entry per batch, written when turn_end begins, timed from first start to last end", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ call: { event: "tool_call", shell: "true" }, result: { event: "tool_result", shell: "true" } }));
    const fake = await startExtension(box); // the fake clock ticks 10 ms per reading
    await fake.fire("tool_execution_start", fixture("tool_execution_start.json"));
    await fake.fire("tool_call", fixture("tool_call.json"));
    await fake.fire("tool_result", fixture("tool_result.json"));
    await fake.fire("tool_execution_end", fixture("tool_execution_end.json"));
    expect(fake.of("appendEntry")).toEqual([]);

    await fake.fire("turn_end", { type: "turn_end", turnIndex: 0 });
    const [wave] = reports(fake.of("appendEntry")) as [Record<string, unknown>];
    expect(wave).toMatchObject({
      type: "tool-wave",
      durationMs: 10,
      tools: [{ toolName: "bash", toolCallId: "call_1" }],
      segments: [
        {
          eventContext: { event: "tool_call", toolName: "bash", toolCallId: "call_1" },
          rows: [{ type: "hook", hookRef: "local/call", passed: true }],
        },
        {
          eventContext: { event: "tool_result", toolName: "bash", toolCallId: "call_1" },
          rows: [{ type: "hook", hookRef: "local/result", passed: true }],
        },
      ],
    });
  });

  test("a blocked call still reports; its wave closes at session_shutdown if nothing else comes", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ deny: { event: "tool_call", shell: "false", action: { type: "interrupt", outcome: "block" } } }));
    const fake = await startExtension(box);
    await fake.fire("tool_execution_start", fixture("tool_execution_start.json"));
    await fake.fire("tool_call", fixture("tool_call.json"));
    await fake.fire("tool_execution_end", fixture("tool_execution_end-blocked.json"));
    await fake.fire("session_shutdown", fixture("session_shutdown-quit.json"));
    const [wave] = reports(fake.of("appendEntry")) as [{ segments: { rows: unknown[] }[] }];
    expect(wave.segments[0]!.rows).toEqual([
      { type: "hook", hookRef: "local/deny", durationMs: expect.any(Number), passed: false },
      { type: "action", hookRef: "local/deny", actionType: "interrupt", outcome: "block" },
    ]);
  });

  test("filter misses write nothing; a tool that never ended discards its wave", async () => {
    const box = sandbox();
    box.globalPolicy(
      hooks({ reads: { event: "tool_call", filter: { toolName: "^read$" }, shell: "true" }, any: { event: "tool_result", shell: "true" } }),
    );
    const fake = await startExtension(box);
    await fake.fire("tool_execution_start", fixture("tool_execution_start.json"));
    await fake.fire("tool_call", fixture("tool_call.json"));
    await fake.fire("tool_execution_end", fixture("tool_execution_end.json"));
    await fake.fire("turn_end", { type: "turn_end", turnIndex: 0 });
    await fake.fire("tool_execution_start", fixture("tool_execution_start.json"));
    await fake.fire("tool_result", fixture("tool_result.json"));
    await fake.fire("agent_end", { type: "agent_end", messages: [] });
    expect(fake.of("appendEntry")).toEqual([]);
  });
});

describe("other events", () => {
  test("are written as soon as they complete, with their event context", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ t: { event: "turn_end", shell: "true" }, s: { event: "session_before_fork", shell: "true" } }));
    const fake = await startExtension(box);
    await fake.fire("turn_end", { type: "turn_end", turnIndex: 2 });
    await fake.fire("session_before_fork", fixture("session_before_fork-clone.json"));
    expect(reports(fake.of("appendEntry"))).toEqual([
      {
        type: "event",
        durationMs: 10,
        segment: { eventContext: { event: "turn_end", turnIndex: 2 }, rows: [expect.objectContaining({ hookRef: "local/t" })] },
      },
      {
        type: "event",
        durationMs: 10,
        segment: {
          eventContext: { event: "session_before_fork", position: "at" },
          rows: [expect.objectContaining({ hookRef: "local/s" })],
        },
      },
    ]);
  });

  test("a failed append changes nothing", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ keep: { event: "session_before_switch", shell: "false" } }));
    const fake = await startExtension(box, { failing: ["appendEntry"] });
    expect(await fake.fire("session_before_switch", fixture("session_before_switch-new.json"))).toEqual({ cancel: true });
  });
});

test("labels are cleaned and bounded, durations clamped", () => {
  const entries: unknown[] = [];
  let clock = 5;
  const reporter = createExecutionReporter({ now: () => clock, append: (e) => entries.push(e) });
  const observation = reporter.begin({ event: "agent_settled" });
  clock = 1;
  reporter.complete(observation, [{ type: "hook", hookRef: `local/${"x".repeat(600)}\u0007 \n`, durationMs: 0, passed: true }]);
  expect(entries).toEqual([
    {
      type: "event",
      durationMs: 0,
      segment: {
        eventContext: { event: "agent_settled" },
        rows: [{ type: "hook", hookRef: `local/${"x".repeat(506)}`, durationMs: 0, passed: true }],
      },
    },
  ]);
  reporter.toolStarted(" ", "\t");
  reporter.toolEnded(" ", "\t");
  reporter.complete(reporter.begin({ event: "tool_call", toolName: "", toolCallId: " " }), [
    { type: "hook", hookRef: "", durationMs: 1, passed: true },
  ]);
  reporter.flush();
  expect(entries[1]).toMatchObject({
    tools: [{ toolName: "unknown", toolCallId: "unknown" }],
    segments: [{ eventContext: { toolName: "unknown", toolCallId: "unknown" }, rows: [{ hookRef: "unknown" }] }],
  });
});
