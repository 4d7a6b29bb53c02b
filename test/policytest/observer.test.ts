// The engine's optional observer (what `hookit explain` reads): every step in
// order, real shells with their exit codes, and an outcome identical to an
// unobserved evaluation. The trace re-derives which filter key failed.
import { expect, test } from "vitest";
import { evaluate, type ObservedStep } from "../../src/engine/index.ts";
import { collector, hiddenKeys, traceHooks } from "../../src/policytest/trace.ts";
import { hooks, tempDir, toolCall } from "../engine/_helpers.ts";

const policy = () =>
  hooks({
    miss: { description: "", event: "tool_call", filter: { toolName: "^bash$", command: "rm" }, shell: "false", default: true },
    skipped: { description: "", event: "tool_call", when: "exit 1", shell: "false", default: true },
    guard: { description: "", event: "tool_call", when: "exit 0", shell: "echo hi >&2; exit 4", default: true },
    later: { description: "", event: "tool_result", shell: "false", default: true },
  });

test("steps arrive in order with real exit codes; observing changes nothing", async () => {
  const cwd = tempDir();
  const event = toolCall({ input: { command: "ls -la" } });
  const { observer, steps } = collector();
  const observed = await evaluate(event, policy(), { cwd, observer });
  const plain = await evaluate(event, policy(), { cwd });
  const strip = (o: typeof plain) => JSON.stringify(o, (key, value) => (key === "durationMs" || key === "invocationId" ? 0 : value));
  expect(strip(observed)).toBe(strip(plain));
  expect(steps.map((s: ObservedStep) => [s.hook.name, s.step, s.step === "filter" ? s.matched : s.code])).toEqual([
    ["miss", "filter", false],
    ["skipped", "filter", true],
    ["skipped", "when", 1],
    ["guard", "filter", true],
    ["guard", "when", 0],
    ["guard", "shell", 4],
  ]);
  const trace = traceHooks(policy(), steps, new Set());
  expect(trace.map((t) => t.otherEvent ?? t.filter?.keys.filter((k) => !k.matched).map((k) => [k.key, k.value, k.pattern]))).toEqual([
    [["command", "ls -la", "rm"]],
    [],
    [],
    true,
  ]);
  expect(trace[1]).toMatchObject({ when: { code: 1 } });
  expect(trace[1]?.shell).toBeUndefined();
  expect(trace[2]).toMatchObject({ when: { command: "exit 0", code: 0 }, shell: { command: "echo hi >&2; exit 4", code: 4 } });
});

test("keys the engine keeps under a symbol (derived facts) are shown, never a tool input key's", () => {
  const facts = Symbol("facts");
  const candidate = { command: "rm -rf x", toolName: "bash", [facts]: { "hookit.programs": ["rm"] } };
  expect(hiddenKeys(candidate)).toEqual({ "hookit.programs": ["rm"] });
  expect(hiddenKeys({ command: "x", "hookit.programs": ["spoof"] })).toEqual({});
});
