import { expect, test } from "vitest";
import { enabledHookSet, evaluate, loadCatalog } from "../../src/engine/index.ts";

test("smoke", async () => {
  const cat = loadCatalog([{ storage: "global", text: JSON.stringify({ local: {
    passes: { description: "", event: "tool_call", shell: "true", default: true },
    blocks: { description: "", event: "tool_call", shell: "exit 7", default: true },
  } }) }]);
  if (!cat.ok) throw new Error(JSON.stringify(cat.diagnostics));
  const out = await evaluate({ event: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "echo hi" } }, enabledHookSet(cat.entries), { cwd: process.cwd() });
  expect(out.eventOutcomes[0]).toEqual({ event: "tool_call", outcome: "block", reason: 'hookit: hook "blocks" rejected bash — `exit 7`' });
});
