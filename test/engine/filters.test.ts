// §9 "Filters" (11–24) plus the [derived] lookup rules of §4.1 and hookit's
// trusted candidate keys (`agent`, `nativeToolName`).
import { expect, test } from "vitest";
import type { Filter, HookEvaluationOutcome, NormalizedEvent } from "../../src/engine/index.ts";
import {
  exists,
  globalFile,
  h,
  hooks,
  loadFails,
  rawHook,
  reasonOf,
  regexError,
  rowSummary,
  run,
  tempDir,
  toolCall,
  turnEnd,
} from "./_helpers.ts";

/** Whether a hook with `filter` is invoked for `event` (the probe hook fails, so a match blocks/reports). */
async function invoked(filter: Filter, event: NormalizedEvent = toolCall()): Promise<boolean> {
  const out = await run(event, hooks({ probe: h(event.event, "false", { filter }) }), tempDir());
  return out.eventOutcomes[0].outcome !== "pass";
}

test("11 a filter miss means no invocation: no shell, no row, no hook_result projection", async () => {
  const dir = tempDir();
  const set = hooks({ writes: h("tool_call", "touch ran; false", { filter: { toolName: "^write$" } }) });
  const out: HookEvaluationOutcome = await run(toolCall(), set, dir);
  expect(out).toEqual({ eventOutcomes: [{ event: "tool_call", outcome: "pass" }], effects: [] });
  expect(exists(dir, "ran")).toBe(false);
});

test("12 an unanchored regex matches anywhere (ash$ matches bash)", async () => {
  expect(await invoked({ toolName: "ash$" })).toBe(true);
});

test("13 regexes are case-sensitive (^Bash$ misses bash)", async () => {
  expect(await invoked({ toolName: "^Bash$" })).toBe(false);
});

test("14 nested dotted filter matches", async () => {
  const event = toolCall({
    toolName: "vendor_write",
    input: { request: { target: { path: "/app/.env" } }, retries: 2, dryRun: false },
  });
  const filter = { toolName: "_write$", "request.target.path": "(^|/)\\.env$", retries: 2, dryRun: false };
  expect(await invoked(filter, event)).toBe(true);
  // AND: one differing key is enough to miss
  expect(await invoked({ ...filter, retries: 3 }, event)).toBe(false);
});

test("15 the native tool name shadows an input key named toolName", async () => {
  const event = toolCall({ toolName: "bash", input: { toolName: "write" } });
  expect(await invoked({ toolName: "^bash$" }, event)).toBe(true);
  expect(await invoked({ toolName: "^write$" }, event)).toBe(false);
});

test("16 [derived] a string filter never matches a number (no coercion)", async () => {
  expect(await invoked({ retries: "2" }, toolCall({ input: { retries: 2 } }))).toBe(false);
});

test("17 [derived] turn_end turnIndex needs a number filter, not a regex", async () => {
  expect(await invoked({ turnIndex: "^4$" }, turnEnd(4))).toBe(false);
  expect(await invoked({ turnIndex: 4 }, turnEnd(4))).toBe(true);
});

test("18 [derived] null matches only an explicit null, not a missing field", async () => {
  expect(await invoked({ x: null }, toolCall({ input: {} }))).toBe(false);
  expect(await invoked({ x: null }, toolCall({ input: { x: null } }))).toBe(true);
});

test("19 an empty array filter never matches", async () => {
  expect(await invoked({ toolName: [] })).toBe(false);
});

test("20 array values are any-of with mixed member types", async () => {
  const filter = { value: ["^ten$", 10, false, null] };
  for (const value of ["ten", 10, false, null]) {
    expect(await invoked(filter, toolCall({ input: { value } })), String(value)).toBe(true);
  }
  expect(await invoked(filter, toolCall({ input: { value: "10" } }))).toBe(false);
});

test("21 [derived] an array index is an own property (edits.0.path)", async () => {
  expect(await invoked({ "edits.0.path": "^src/" }, toolCall({ input: { edits: [{ path: "src/a" }] } }))).toBe(true);
  expect(await invoked({ "edits.1.path": "^src/" }, toolCall({ input: { edits: [{ path: "src/a" }] } }))).toBe(false);
});

test("22 an empty or absent filter matches every event of that type", async () => {
  expect(await invoked({})).toBe(true);
  expect(await invoked({}, turnEnd(9))).toBe(true);
  const out = await run(toolCall({ toolName: "anything", input: {} }), hooks({ all: h("tool_call", "false") }), tempDir());
  expect(out.eventOutcomes[0].outcome).toBe("block");
});

test("23 an invalid regex in a stored file fails the catalog load", () => {
  const file = globalFile({ local: { bad: h("tool_call", "false", { filter: { toolName: "[" }, default: true }) } });
  expect(loadFails([file])).toEqual([
    { storage: "global", message: `entry "local/bad" filter["toolName"] has invalid regex "[": ${regexError("[")}` },
  ]);
});

test("23 (array) an invalid regex inside an array names its index", () => {
  const file = globalFile({ local: { bad: h("tool_call", "false", { filter: { toolName: ["^a$", "("] } }) } });
  expect(loadFails([file])).toEqual([
    { storage: "global", message: `entry "local/bad" filter["toolName"][1] has invalid regex "(": ${regexError("(")}` },
  ]);
});

test("24 an engine-level invalid regex is an unexpected error; siblings still run", async () => {
  const dir = tempDir();
  const set = [
    rawHook("before", { event: "tool_call", shell: "touch before" }),
    rawHook("crashes", { event: "tool_call", filter: { toolName: "[" }, shell: "touch crashed" }),
    rawHook("after", { event: "tool_call", shell: "touch after" }),
  ];
  const out = await run(toolCall(), set, dir);
  const prefix = 'hookit: tool-call guard failed to execute; call blocked — hookit: hook "local/crashes" failed to execute —';
  expect(reasonOf(out).startsWith(prefix)).toBe(true);
  expect(reasonOf(out)).toBe(`${prefix} ${regexError("[")}`);
  expect([exists(dir, "before"), exists(dir, "crashed"), exists(dir, "after")]).toEqual([true, false, true]);
  // no Hook Result for the crashing hook: not projected, no row
  expect(out.eventOutcomes.slice(1).map((o) => o.event === "hook_result" && o.hookRef)).toEqual(["local/before", "local/after"]);
  expect(rowSummary(out)).toEqual(["local/before ✓", "local/after ✓"]);
});

// --- §4.1 [derived] lookup rules not numbered in §9 ---------------------------

test("§4.1 inherited properties such as toString never resolve", async () => {
  expect(await invoked({ toString: "function" }, toolCall({ input: {} }))).toBe(false);
  // a string is not an object, so even its own `length` never resolves
  expect(await invoked({ "command.length": 7 })).toBe(false);
});

test("§4.1 items.length resolves on arrays; a key containing a dot is unaddressable", async () => {
  expect(await invoked({ "items.length": 2 }, toolCall({ input: { items: [1, 2] } }))).toBe(true);
  expect(await invoked({ "a.b": "x" }, toolCall({ input: { "a.b": "x" } }))).toBe(false);
});

test("§4.1 ^ and $ anchor the whole string and . does not match a newline", async () => {
  const event = toolCall({ input: { command: "echo hi\nrm -rf /" } });
  expect(await invoked({ command: "^rm" }, event)).toBe(false);
  expect(await invoked({ command: "hi$" }, event)).toBe(false);
  expect(await invoked({ command: "hi.rm" }, event)).toBe(false);
  expect(await invoked({ command: "rm -rf" }, event)).toBe(true);
});

test("hookit: agent and nativeToolName are filterable and win over input keys", async () => {
  const event = toolCall({ agent: "claude", nativeToolName: "Bash", input: { agent: "forged", nativeToolName: "forged" } });
  expect(await invoked({ agent: "^claude$", nativeToolName: "^Bash$" }, event)).toBe(true);
  expect(await invoked({ agent: "^forged$" }, event)).toBe(false);
  expect(await invoked({ nativeToolName: "^forged$" }, event)).toBe(false);
});

test("§4.2 lifecycle candidates: event key present; tool candidates have none", async () => {
  expect(await invoked({ event: "^turn_end$", turnIndex: 2 }, turnEnd(2))).toBe(true);
  expect(await invoked({ event: "tool_call" })).toBe(false);
  const withTarget: NormalizedEvent = { event: "session_before_switch", reason: "resume", targetSessionFile: "/s/a.jsonl" };
  expect(await invoked({ reason: "^resume$", targetSessionFile: "a\\.jsonl$" }, withTarget)).toBe(true);
  expect(await invoked({ targetSessionFile: "" }, { event: "session_before_switch", reason: "new" })).toBe(false);
  const fork: NormalizedEvent = { event: "session_before_fork", entryId: "e-7", position: "before" };
  expect(await invoked({ event: "^session_before_fork$", entryId: "^e-7$", position: "^before$" }, fork)).toBe(true);
});
