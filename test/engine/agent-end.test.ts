// §9 "agent_end dedup" (67–70) and §3.4: the corrective turn is deduplicated
// by a session-scoped fingerprint; passes, skips and crashes clear it.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { createEvaluator, evaluate, memoryStateStore } from "../../src/engine/index.ts";
import { abortedSignal, agentEnd, h, hooks, rawHook, regexError, tempDir } from "./_helpers.ts";

const RETRY_STOPPED = { type: "present", severity: "error", message: "hookit: agent-end hooks still fail; automatic retry stopped." };
const corrective = (lines: string) => ({ type: "request-corrective-turn", message: `1 hook failed after your last turn:\n\n${lines}` });

test("67 a repeated failure stops the automatic retry; a pass re-arms it", async () => {
  const dir = tempDir();
  const evaluator = createEvaluator();
  const failing = hooks({ clean: h("agent_end", "false") });
  const passing = hooks({ clean: h("agent_end", "true") });
  const effects = async (set: typeof failing) => (await evaluator.evaluate(agentEnd(), set, { cwd: dir })).effects;
  expect(await effects(failing)).toEqual([corrective("- **clean**: `false` (exit 1)")]);
  expect(await effects(failing)).toEqual([RETRY_STOPPED]);
  const passed = await evaluator.evaluate(agentEnd(), passing, { cwd: dir });
  expect(passed.eventOutcomes[0]).toEqual({ event: "agent_end", outcome: "pass" });
  expect(passed.effects).toEqual([]);
  expect(await effects(failing)).toEqual([corrective("- **clean**: `false` (exit 1)")]);
});

test("68 [derived] the fingerprint includes the exit code", async () => {
  const dir = tempDir();
  const evaluator = createEvaluator();
  const set = hooks({ flaky: h("agent_end", "exit $(cat code)") });
  const failWith = async (code: number) => {
    writeFileSync(join(dir, "code"), String(code));
    return (await evaluator.evaluate(agentEnd(), set, { cwd: dir })).effects;
  };
  expect(await failWith(3)).toEqual([corrective("- **flaky**: `exit $(cat code)` (exit 3)")]);
  expect(await failWith(4)).toEqual([corrective("- **flaky**: `exit $(cat code)` (exit 4)")]);
  expect(await failWith(4)).toEqual([RETRY_STOPPED]);
});

test("69 an unexpected error only: report, presented, never a corrective turn; it clears the fingerprint", async () => {
  const dir = tempDir();
  const evaluator = createEvaluator();
  const crash = [rawHook("crash", { event: "agent_end", filter: { event: "[" } })];
  const message = `HooKit: agent_end hooks failed to execute — hookit: hook "local/crash" failed to execute — ${regexError("[")}`;
  const failing = hooks({ clean: h("agent_end", "false") });
  expect((await evaluator.evaluate(agentEnd(), failing, { cwd: dir })).effects[0]?.type).toBe("request-corrective-turn");
  for (let i = 0; i < 2; i++) {
    const out = await evaluator.evaluate(agentEnd(), crash, { cwd: dir });
    expect(out.eventOutcomes[0]).toEqual({ event: "agent_end", outcome: "report" });
    expect(out.effects).toEqual([{ type: "present", severity: "error", message }]);
  }
  expect((await evaluator.evaluate(agentEnd(), failing, { cwd: dir })).effects[0]?.type).toBe("request-corrective-turn");
});

test("70 failing hook plus failing handler: handler notice first, then the corrective turn (host delivery: Pi adapter)", async () => {
  const set = hooks({ clean: h("agent_end", "false"), watcher: h("hook_result", "exit 2") });
  const out = await createEvaluator().evaluate(agentEnd(), set, { cwd: tempDir() });
  expect(out.effects).toEqual([
    { type: "present", severity: "error", message: "HooKit: 1 hook_result hook failed:\n- **watcher**: `exit 2` (exit 2)" },
    corrective("- **clean**: `false` (exit 1)"),
  ]);
});

// --- §3.4 details not numbered in §9 ------------------------------------------

test("§3.4 [derived] an evaluation skipped by an aborted signal clears the fingerprint", async () => {
  const dir = tempDir();
  const evaluator = createEvaluator();
  const set = hooks({ clean: h("agent_end", "false") });
  await evaluator.evaluate(agentEnd(), set, { cwd: dir });
  const skipped = await evaluator.evaluate(agentEnd(), set, { cwd: dir, signal: abortedSignal() });
  expect(skipped).toEqual({ eventOutcomes: [{ event: "agent_end", outcome: "pass" }], effects: [] });
  expect((await evaluator.evaluate(agentEnd(), set, { cwd: dir })).effects[0]?.type).toBe("request-corrective-turn");
});

test("§3.4 an evaluation where no hook matched clears the fingerprint", async () => {
  const dir = tempDir();
  const evaluator = createEvaluator();
  const set = hooks({ clean: h("agent_end", "false") });
  await evaluator.evaluate(agentEnd(), set, { cwd: dir });
  await evaluator.evaluate(agentEnd(), [], { cwd: dir });
  expect((await evaluator.evaluate(agentEnd(), set, { cwd: dir })).effects[0]?.type).toBe("request-corrective-turn");
});

test("§3.4 failures plus a crash: crash presented, no corrective turn, fingerprint cleared", async () => {
  const dir = tempDir();
  const evaluator = createEvaluator();
  const failing = hooks({ clean: h("agent_end", "false") });
  const mixed = [...failing, rawHook("crash", { event: "agent_end", filter: { event: "[" } })];
  await evaluator.evaluate(agentEnd(), failing, { cwd: dir });
  const out = await evaluator.evaluate(agentEnd(), mixed, { cwd: dir });
  expect(out.eventOutcomes[0]).toEqual({ event: "agent_end", outcome: "report" });
  expect(out.effects.map((e) => e.type)).toEqual(["present", "present"]);
  expect(out.effects[0]).toMatchObject({ message: `hookit: hook "local/crash" failed to execute — ${regexError("[")}` });
  expect((await evaluator.evaluate(agentEnd(), failing, { cwd: dir })).effects[0]?.type).toBe("request-corrective-turn");
});

test("§3.4 the fingerprint lives in the state store (spawn-per-event hosts share one)", async () => {
  const dir = tempDir();
  const set = hooks({ clean: h("agent_end", "false") });
  const state = memoryStateStore();
  expect((await evaluate(agentEnd(), set, { cwd: dir, state })).effects[0]?.type).toBe("request-corrective-turn");
  expect((await evaluate(agentEnd(), set, { cwd: dir, state })).effects).toEqual([RETRY_STOPPED]);
  // without a shared store every evaluation starts fresh
  expect((await evaluate(agentEnd(), set, { cwd: dir })).effects[0]?.type).toBe("request-corrective-turn");
  expect((await evaluate(agentEnd(), set, { cwd: dir })).effects[0]?.type).toBe("request-corrective-turn");
});

test("§3.4 dedup never applies to user-authored message actions", async () => {
  const dir = tempDir();
  const evaluator = createEvaluator();
  const action = { type: "message", message: "fix it", delivery: "followUp", outcome: "report" };
  const set = hooks({ clean: h("agent_end", "false", { action }) });
  const first = await evaluator.evaluate(agentEnd(), set, { cwd: dir });
  const second = await evaluator.evaluate(agentEnd(), set, { cwd: dir });
  expect(first.effects.map((e) => e.type)).toEqual(["request-action", "request-corrective-turn"]);
  expect(second.effects.map((e) => e.type)).toEqual(["request-action", "present"]);
});
