// hookit's `ask` extension in the policy format: a boolean on a tool_call hook, in the JSON
// Schema, and kept off the parsed hook when false so a HooKit catalog is unchanged.
import { expect, test } from "vitest";
import { fileJsonSchema } from "../../src/engine/schema.ts";
import { globalFile, h, loadFails, loadOk } from "./_helpers.ts";

const MISMATCH = 'entry "local/x" does not match the Hook or Preset schema';
const one = (entry: unknown) => loadOk([globalFile({ local: { x: entry } })])[0];

test("ask: true on a tool_call hook loads, and the hook says so", () => {
  expect(one(h("tool_call", "false", { ask: true }))).toMatchObject({ ref: "local/x", ask: true });
});

test("ask: false and no ask both leave the hook exactly as HooKit's", () => {
  expect(one(h("tool_call", "false", { ask: false }))).not.toHaveProperty("ask");
  expect(one(h("tool_call", "false"))).not.toHaveProperty("ask");
});

test.each(["tool_result", "agent_end", "turn_end", "session_before_switch", "hook_result"])(
  "ask on a %s hook is invalid: only a tool call can be confirmed",
  (event) => {
    expect(loadFails([globalFile({ local: { x: h(event, "false", { ask: true }) } })]).map((d) => d.message)).toContain(MISMATCH);
  },
);

test("ask must be a boolean", () => {
  expect(loadFails([globalFile({ local: { x: h("tool_call", "false", { ask: "yes" }) } })]).map((d) => d.message)).toContain(MISMATCH);
});

test("the JSON Schema (`hookit schema`) describes ask as a boolean hook field", () => {
  const schema = JSON.stringify(fileJsonSchema());
  expect(schema).toContain('"ask":{"type":"boolean"}');
});
