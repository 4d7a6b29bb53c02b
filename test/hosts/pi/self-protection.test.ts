// Self-protection in the Pi extension: the same refusal as every other host,
// before the policy runs and whatever it says; reading stays allowed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { hooks, startExtension } from "./fake-pi.ts";
import { sandbox } from "../../_sandbox.ts";

const call = (toolName: string, input: Record<string, unknown>) => ({ type: "tool_call", toolName, toolCallId: "c1", input });

test("a call that would rewrite the policy is refused even under an allow-everything policy; the file is untouched", async () => {
  const box = sandbox();
  const file = box.projectPolicy(hooks({ allow: { event: "tool_call", shell: "true" } }));
  const fake = await startExtension(box);
  for (const event of [
    call("bash", { command: `printf '{"local":{}}' > .hookit/hookit.json` }),
    call("write", { path: ".hookit/hookit.json", content: "{}" }),
    call("edit", { path: join(box.project, ".hookit", "hookit.json"), edits: [] }),
    call("bash", { command: "hookit trust --yes" }),
  ]) {
    const answer = (await fake.fire("tool_call", event)) as { block: boolean; reason: string };
    expect(answer.block).toBe(true);
    expect(answer.reason).toMatch(/^hookit: blocked by self-protection — /);
  }
  expect(readFileSync(file, "utf8")).toContain('"allow"');
});

test("reading the policy and ordinary work pass", async () => {
  const box = sandbox();
  box.globalPolicy(hooks({ allow: { event: "tool_call", shell: "true" } }));
  const fake = await startExtension(box);
  expect(await fake.fire("tool_call", call("read", { path: ".hookit/hookit.json" }))).toBeUndefined();
  expect(await fake.fire("tool_call", call("bash", { command: "cat .hookit/hookit.json && ls" }))).toBeUndefined();
  expect(await fake.fire("tool_call", call("write", { path: "src/a.ts", content: "x" }))).toBeUndefined();
});
