// End to end: `hookit doctor` probes each installed hook command with
// HOOKIT_DOCTOR=1; the calls it makes are logged as probes, which `hookit log`
// and `hookit replay` leave out.
import { expect, test } from "vitest";
import { useBuiltHookit } from "../_sandbox.ts";
import { makeProject } from "../policytest/_project.ts";

useBuiltHookit();

test("doctor's probe calls are marked, hidden by hookit log and shown with --probes", () => {
  const p = makeProject();
  p.hookit(["init"]);
  expect(p.hookit(["install", "--agent", "claude", "--project"]).status).toBe(0);
  const doctor = p.hookit(["doctor"]);
  expect(`${doctor.stdout}${doctor.stderr}`).toContain("no problems found");
  const hidden = p.hookit(["log"]);
  // An empty result is the report: stdout.
  expect(hidden.stdout).toContain("no decisions logged yet (hookit doctor's probe calls are hidden: --probes shows them)");
  const shown = p
    .hookit(["log", "--probes", "--json"])
    .stdout.trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  expect(shown).toEqual([expect.objectContaining({ agent: "claude", event: "PreToolUse", probe: true, outcome: "pass" })]);
  expect(p.hookit(["replay"]).stdout).toBe("0 of 0 logged tool calls replayed.\nNothing to compare.\n");
}, 60_000);
