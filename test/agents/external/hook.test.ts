// `hookit hook --agent example …` with the example external adapter, in both
// forms, deciding real policies: the answers are Example Agent's encoding
// (examples/hookit-agent-example/README.md) produced by the adapter itself.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  BLOCK_POLICY,
  box,
  CONTINUE_POLICY,
  EXAMPLE_DIR,
  EXAMPLE_MODULE,
  exampleFixture,
  PASS_POLICY,
  PATCH_POLICY,
  type Box,
} from "./_sandbox.ts";

const answer = (value: Record<string, unknown>) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });
const BLOCK = 'hookit: hook "deny" rejected bash — `false`';

const FORMS: Array<[string, (b: Box) => void]> = [
  [
    "process (hookit-agent-example on PATH)",
    (b) => {
      b.env.PATH = `${EXAMPLE_DIR}:${b.env.PATH}`;
    },
  ],
  ["in-process (settings.json)", (b) => b.settings({ adapters: { example: EXAMPLE_MODULE } })],
];

describe.each(FORMS)("the example adapter, %s", (_, install) => {
  const setup = (policy: unknown) => {
    const b = box();
    install(b);
    b.policy(policy);
    return b;
  };

  test("a blocked shell call is denied with HooKit's reason, and the decision is logged", async () => {
    const b = setup(BLOCK_POLICY);
    expect(await b.hook("example", "before_tool", exampleFixture("before_tool-shell.json"))).toEqual(
      answer({ verdict: "deny", reason: BLOCK }),
    );
    const log = readFileSync(join(b.stateDir, "decisions.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);
    expect(log).toEqual([
      expect.objectContaining({ agent: "example", event: "before_tool", kind: "tool_call", tool: "bash", outcome: "block" }),
    ]);
  });

  test("a passing policy allows, for every fixture", async () => {
    const b = setup(PASS_POLICY);
    for (const file of ["before_tool-write_file.json", "after_tool-shell.json", "session_start.json"]) {
      expect(await b.hook("example", file.split("-")[0]!.replace(".json", ""), exampleFixture(file)), file).toEqual(
        answer({ verdict: "allow" }),
      );
    }
  });

  test("a patched tool result replaces the output", async () => {
    const b = setup(PATCH_POLICY);
    expect(await b.hook("example", "after_tool", exampleFixture("after_tool-shell.json"))).toEqual(
      answer({
        verdict: "allow",
        replace_output:
          '[BLOCKED by HooKit] hookit: hook "redact" blocked bash result — `false`\n\nThe original tool result was suppressed.',
      }),
    );
  });

  test("a failing agent_end hook continues the agent once per stop, with session state", async () => {
    const b = setup(CONTINUE_POLICY);
    const reply = await b.hook("example", "stop", exampleFixture("stop.json"));
    expect(reply).toEqual(answer({ verdict: "continue", reason: "1 hook failed after your last turn:\n\n- **tests**: `false` (exit 1)" }));
  });

  test("a payload the adapter cannot read blocks a tool call and only tells the user at a stop", async () => {
    const b = setup(PASS_POLICY);
    const bad = { ...exampleFixture("before_tool-shell.json"), tool: "shell" };
    expect(await b.hook("example", "before_tool", bad)).toEqual(
      answer({
        verdict: "deny",
        reason:
          'hookit: could not read the Example Agent before_tool payload: Example Agent before_tool payload: "tool" must be an object, got a string',
      }),
    );
    expect(await b.hook("example", "stop", "[]")).toEqual(
      answer({
        verdict: "allow",
        notify: ["hookit: could not read the Example Agent stop payload: Example Agent stop payload: expected a JSON object, got an array"],
      }),
    );
  });

  test("an event the adapter does not register is reported to the user, not blocked", async () => {
    const b = setup(BLOCK_POLICY);
    expect(await b.hook("example", "compact", {})).toEqual(
      answer({
        verdict: "allow",
        notify: ['hookit: Example Agent event "compact" is not one hookit knows; check the hook command (hookit doctor).'],
      }),
    );
  });

  test("HOOKIT=0: the adapter answers allow, no hook runs", async () => {
    const b = setup(BLOCK_POLICY);
    expect(await b.hook("example", "before_tool", exampleFixture("before_tool-shell.json"), { HOOKIT: "0" })).toEqual(
      answer({ verdict: "allow" }),
    );
  });
});
