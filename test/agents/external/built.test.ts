// The BUILT package (`dist/bin.cjs`, whose hot path is CommonJS) with the
// example external adapter, as an agent would run it: found on PATH as a
// process, and imported in-process from settings.json, which needs the CommonJS
// bundle's dynamic import() of an ES module to work.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { runHook, sandbox, type Sandbox, useBuiltHookit } from "../../_sandbox.ts";
import { BLOCK_POLICY, CONTINUE_POLICY } from "../../run/hook/_texts.ts";
import { EXAMPLE_DIR, EXAMPLE_MODULE, exampleFixture } from "./_sandbox.ts";

useBuiltHookit();

const PRE_TOOL = JSON.stringify(exampleFixture("before_tool-shell.json"));
const DENY = `${JSON.stringify({ verdict: "deny", reason: 'hookit: hook "deny" rejected bash — `false`' })}\n`;

function withSettings(box: Sandbox, settings: unknown): void {
  const dir = join(box.env.XDG_CONFIG_HOME as string, "hookit");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "settings.json"), JSON.stringify(settings));
}

test("process form: hookit-agent-example on PATH encodes hookit's block", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(BLOCK_POLICY);
  const reply = await runHook(box, "example", "before_tool", PRE_TOOL, { env: { PATH: `${EXAMPLE_DIR}:${box.env.PATH}` } });
  expect(reply).toEqual({ stdout: DENY, stderr: "", exitCode: 0 });
});

test("in-process form: the CommonJS hot path imports the ES module named in settings.json", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(BLOCK_POLICY);
  withSettings(box, { adapters: { example: EXAMPLE_MODULE } });
  expect(await runHook(box, "example", "before_tool", PRE_TOOL)).toEqual({ stdout: DENY, stderr: "", exitCode: 0 });
  const stop = await runHook(box, "example", "stop", JSON.stringify(exampleFixture("stop.json")));
  expect(stop.exitCode).toBe(0);
  expect(JSON.parse(stop.stdout)).toEqual({ verdict: "allow" });
});

test("a missing adapter: the built binary exits 2 on a pre-tool event and 0 on a stop, reason on stderr", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(CONTINUE_POLICY);
  const pre = await runHook(box, "example", "before_tool", PRE_TOOL);
  expect(pre).toEqual({
    stdout: "",
    stderr: expect.stringMatching(/^hookit: unknown agent "example": .*docs\/adapters\.md\.\n$/),
    exitCode: 2,
  });
  const stop = await runHook(box, "example", "stop", JSON.stringify(exampleFixture("stop.json")));
  expect(stop).toEqual({ stdout: "", stderr: pre.stderr, exitCode: 0 });
});

test("a module that fails to load blocks a pre-tool event with a reason, never a stack trace on stdout", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(BLOCK_POLICY);
  const module = join(box.root, "broken.mjs");
  writeFileSync(module, "import './does-not-exist.mjs';\nexport default {};\n");
  withSettings(box, { adapters: { example: module } });
  const reply = await runHook(box, "example", "before_tool", PRE_TOOL);
  expect(reply).toEqual({
    stdout: "",
    stderr: expect.stringMatching(
      /^hookit: the external adapter "example" \(.*broken\.mjs\) is broken: the module could not be loaded \(Cannot find module .*does-not-exist\.mjs/,
    ),
    exitCode: 2,
  });
});
