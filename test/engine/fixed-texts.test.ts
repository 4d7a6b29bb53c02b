// §3.3: every fixed text byte-exact, for the phases and counts not already
// pinned by the numbered §9 cases (when-phase lines, singular/plural forms,
// internal-error texts, unexpected-error details).
import { expect, test } from "vitest";
import type { Filter, Hook, NormalizedEvent } from "../../src/engine/index.ts";
import {
  agentEnd,
  agentSettled,
  h,
  hooks,
  rawHook,
  reasonOf,
  regexError,
  run,
  sessionFork,
  sessionSwitch,
  tempDir,
  toolCall,
  toolResult,
  turnEnd,
} from "./_helpers.ts";

const BAD = regexError("[");
/** A hook whose filter regex is invalid, on a key the event's candidate has (a missing key never compiles it). */
const crash = (name: string, event: Hook["event"]) =>
  rawHook(name, { event, filter: event.startsWith("tool_") ? { toolName: "[" } : { event: "[" } });
const crashLine = (name: string) => `hookit: hook "local/${name}" failed to execute — ${BAD}`;
/** A `when` that fails closed (times out) so the failure is in the when phase. */
const whenTimeout = (event: string) => h(event, "true", { when: "sleep 5", timeout: 100 });

const presented = async (event: NormalizedEvent, set: readonly Hook[]) =>
  (await run(event, set, tempDir())).effects.map((e) => (e.type === "present" ? e.message : `<${e.type}>`));

test("§3.3 tool_call: when-phase line", async () => {
  const out = await run(toolCall(), hooks({ w: whenTimeout("tool_call") }), tempDir());
  expect(reasonOf(out)).toBe('hookit: hook "w" rejected bash during when — `sleep 5`');
});

test("§3.3 tool_call: a mixed list of shell and when failures", async () => {
  const out = await run(toolCall({ toolName: "edit" }), hooks({ s: h("tool_call", "exit 2"), w: whenTimeout("tool_call") }), tempDir());
  expect(reasonOf(out)).toBe(
    'hookit: 2 hooks rejected edit:\n- hookit: hook "s" rejected edit — `exit 2`\n- hookit: hook "w" rejected edit during when — `sleep 5`',
  );
});

test("§3.3 tool_result: when-phase line", async () => {
  const out = await run(toolResult(), hooks({ w: whenTimeout("tool_result") }), tempDir());
  expect(reasonOf(out)).toBe('hookit: hook "w" blocked bash result during when — `sleep 5`');
});

test("§3.3 tool_result: internal error text, in the reason and the patch", async () => {
  const details = { kept: true };
  const out = await run(toolResult({ details }), [crash("c", "tool_result")], tempDir());
  const reason = `hookit: tool-result guard failed to execute; result suppressed — ${crashLine("c")}`;
  expect(out.eventOutcomes[0]).toEqual({
    event: "tool_result",
    outcome: "patch",
    reason,
    patch: {
      content: [{ type: "text", text: `[BLOCKED by HooKit] ${reason}\n\nThe original tool result was suppressed.` }],
      details,
      isError: true,
    },
  });
});

test("§3.3 report lines: when phase with a null code; singular and plural headers", async () => {
  expect(await presented(turnEnd(0), hooks({ w: whenTimeout("turn_end") }))).toEqual([
    "HooKit: 1 turn_end hook failed:\n- **w** (when): `sleep 5` (exit null)",
  ]);
  expect(await presented(agentSettled(), hooks({ a: h("agent_settled", "exit 3"), b: h("agent_settled", "false") }))).toEqual([
    "HooKit: 2 agent_settled hooks failed:\n- **a**: `exit 3` (exit 3)\n- **b**: `false` (exit 1)",
  ]);
  const handlers = hooks({ o: h("turn_end", "true"), x: h("hook_result", "false"), y: h("hook_result", "exit 5") });
  expect(await presented(turnEnd(0), handlers)).toEqual([
    "HooKit: 2 hook_result hooks failed:\n- **x**: `false` (exit 1)\n- **y**: `exit 5` (exit 5)",
  ]);
});

test("§3.3 report events: internal error texts", async () => {
  expect(await presented(turnEnd(0), [crash("c", "turn_end")])).toEqual([`HooKit: turn_end hooks failed to execute — ${crashLine("c")}`]);
  expect(await presented(agentSettled(), [crash("c", "agent_settled")])).toEqual([
    `HooKit: agent_settled hooks failed to execute — ${crashLine("c")}`,
  ]);
});

test("§3.3 agent_end: plural corrective message", async () => {
  const out = await run(
    agentEnd(),
    hooks({ a: h("agent_end", "false"), b: h("agent_end", "true", { when: "sleep 5", timeout: 100 }) }),
    tempDir(),
  );
  expect(out.effects).toEqual([
    {
      type: "request-corrective-turn",
      message: "2 hooks failed after your last turn:\n\n- **a**: `false` (exit 1)\n- **b** (when): `sleep 5` (exit null)",
    },
  ]);
});

test("§3.3 session events: switch singular, fork plural, and both internal texts", async () => {
  expect(reasonOf(await run(sessionSwitch("resume"), hooks({ s: h("session_before_switch", "exit 9") }), tempDir()))).toBe(
    "hookit: session switch cancelled by 1 hook:\n- **s**: `exit 9` (exit 9)",
  );
  const fork = hooks({ a: h("session_before_fork", "false"), b: h("session_before_fork", "false") });
  expect(reasonOf(await run(sessionFork(), fork, tempDir()))).toBe(
    "hookit: session fork cancelled by 2 hooks:\n- **a**: `false` (exit 1)\n- **b**: `false` (exit 1)",
  );
  expect(reasonOf(await run(sessionSwitch(), [crash("c", "session_before_switch")], tempDir()))).toBe(
    `hookit: session switch guard failed to execute; action cancelled — ${crashLine("c")}`,
  );
  expect(reasonOf(await run(sessionFork(), [crash("c", "session_before_fork")], tempDir()))).toBe(
    `hookit: session fork guard failed to execute; action cancelled — ${crashLine("c")}`,
  );
});

test('§3.3 several unexpected errors alone are joined with "; "', async () => {
  const out = await run(toolCall(), [crash("one", "tool_call"), crash("two", "tool_call")], tempDir());
  expect(reasonOf(out)).toBe(`hookit: tool-call guard failed to execute; call blocked — ${crashLine("one")}; ${crashLine("two")}`);
});

test("§3.3 unexpected errors beside ordinary failures: reason lists failures, crashes are presented", async () => {
  const set = [crash("c", "tool_call"), ...hooks({ f: h("tool_call", "false") })];
  const out = await run(toolCall(), set, tempDir());
  expect(reasonOf(out)).toBe('hookit: hook "f" rejected bash — `false`');
  expect(out.effects).toEqual([{ type: "present", severity: "error", message: crashLine("c") }]);
  // on a report event the crash comes before the event's own feedback
  expect(await presented(turnEnd(0), [crash("c", "turn_end"), ...hooks({ f: h("turn_end", "false") })])).toEqual([
    crashLine("c"),
    "HooKit: 1 turn_end hook failed:\n- **f**: `false` (exit 1)",
  ]);
});

test("§3.3 detail: String(value) for non-Error throws, `unknown error` when even that throws", async () => {
  const throwing = (thrown: unknown): Filter =>
    Object.defineProperty({}, "k", {
      enumerable: true,
      get: () => {
        throw thrown;
      },
    });
  const reasonFor = async (thrown: unknown) =>
    reasonOf(await run(toolCall(), [rawHook("c", { event: "tool_call", filter: throwing(thrown) })], tempDir()));
  expect(await reasonFor("plain string")).toBe(
    'hookit: tool-call guard failed to execute; call blocked — hookit: hook "local/c" failed to execute — plain string',
  );
  const unprintable = {
    toString() {
      throw new Error("no");
    },
  };
  expect(await reasonFor(unprintable)).toBe(
    'hookit: tool-call guard failed to execute; call blocked — hookit: hook "local/c" failed to execute — unknown error',
  );
});
