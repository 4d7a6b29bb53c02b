// `npm run demo` (scripts/demo.mjs, the README's first command): every agent with a hook command
// is driven through the built hookit, what the model reads is printed whole, and the two
// in-process agents are named with the reason they are not in the table (issue 31).
import { execFileSync } from "node:child_process";
import { expect, test } from "vitest";
import { AGENT_IDS } from "../../src/contract/agent-ids.ts";
import { useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

test("the demo shows every agent, and the model's text uncut", () => {
  const out = execFileSync(process.execPath, [new URL("../../scripts/demo.mjs", import.meta.url).pathname], { encoding: "utf8" });
  const rows = out.split("\n").filter((line) => /^\w/.test(line));
  for (const agent of AGENT_IDS.filter((id) => id !== "pi" && id !== "opencode"))
    expect(
      rows.some((row) => row.startsWith(`${agent} `)),
      agent,
    ).toBe(true);
  expect(out).toMatch(/Pi and OpenCode are not in the table: they run hookit in-process/);
  // The dotenv guard's reason ends far past any column width.
  expect(out).toContain("or read .env.example for the variable names.");
  expect(out).toMatch(/block\s+exit 0/);
});
