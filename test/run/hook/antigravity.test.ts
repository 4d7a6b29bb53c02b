// `hookit hook --agent antigravity` through the built binary, on the input examples of
// Antigravity's hooks docs (agy cannot run here). Every answer is one JSON object and exit 0;
// PreToolUse always states a decision, because one without a `decision` denies the call.
// (Not the shared describeCommonCases: its trust case sets `cwd`, which agy does not send;
// the project comes from `workspacePaths` here, and that case is below.)
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { BLOCK_POLICY, blockReason, CONTINUATION, CONTINUE_POLICY, jsonLine, PASS_POLICY, RETRY_STOPPED } from "./_texts.ts";
import { decisionLog, fixtureText, fixtureWith, type Reply, runBin, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";
import { gitProject } from "./_suites.ts";

useBuiltHookit();
const AGENT = "antigravity";
const PRE = "PreToolUse-run_command-docs-example.json";
const answer = (value: unknown, stderr = ""): Reply => ({ stdout: jsonLine(value), stderr, exitCode: 0 });
const ALLOW = { decision: "allow" };

describe("antigravity: answers", () => {
  test.each([
    ["PreToolUse", PRE, ALLOW],
    ["PostToolUse", "PostToolUse-docs-example.json", {}],
    ["PreInvocation", "PreInvocation-docs-example.json", {}],
    ["PostInvocation", "PostInvocation-docs-example.json", {}],
    ["Stop", "Stop-docs-example.json", {}],
  ])("a passing policy answers %s with %j", async (event, file, expected) => {
    const box = sandbox({ policyFile: true });
    box.policy(PASS_POLICY);
    expect(await runHook(box, AGENT, event, fixtureText(AGENT, file))).toEqual(answer(expected));
  });

  test("a blocked run_command is denied with the reason", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(BLOCK_POLICY);
    expect(await runHook(box, AGENT, "PreToolUse", fixtureText(AGENT, PRE))).toEqual(
      answer({ decision: "deny", reason: blockReason("bash") }),
    );
    expect(decisionLog(box)).toEqual([
      expect.objectContaining({ agent: AGENT, tool: "bash", outcome: "block", session: "ec33ebf9-0cba-4100-8142-c61503f6c587" }),
    ]);
  });

  test("Stop continues the agent once; the same failure again lets it stop and tells the user on stderr", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(CONTINUE_POLICY);
    const stop = fixtureText(AGENT, "Stop-docs-example.json");
    expect(await runHook(box, AGENT, "Stop", stop)).toEqual(answer({ decision: "continue", reason: CONTINUATION }));
    expect(await runHook(box, AGENT, "Stop", stop)).toEqual(answer({}, `${RETRY_STOPPED}\n`));
  });
});

describe("antigravity: failures never leave PreToolUse without a decision", () => {
  test.each([
    ["empty stdin", "", /payload on stdin was empty/],
    ["invalid JSON", "{not json", /stdin is not valid JSON/],
    ["a payload without toolCall", fixtureWith(AGENT, PRE, { toolCall: 42 }), /"toolCall" must be an object .*got a number/],
  ])("%s: denied with a reason that names the problem", async (_, stdin, why) => {
    const box = sandbox({ policyFile: true });
    box.policy({});
    const reply = await runHook(box, AGENT, "PreToolUse", stdin);
    const out = JSON.parse(reply.stdout) as { decision: string; reason: string };
    expect(reply.exitCode).toBe(0);
    expect(out.decision).toBe("deny");
    expect(out.reason).toMatch(/^hookit: could not read the Antigravity CLI PreToolUse payload: /);
    expect(out.reason).toMatch(why);
  });

  test("a broken policy denies PreToolUse and lets Stop through", async () => {
    const box = sandbox({ policyFile: true });
    const path = box.policy("{ not json");
    const pre = JSON.parse((await runHook(box, AGENT, "PreToolUse", fixtureText(AGENT, PRE))).stdout) as Record<string, string>;
    expect(pre.decision).toBe("deny");
    expect(pre.reason).toContain(`the policy ${path} is invalid`);
    const stop = await runHook(box, AGENT, "Stop", fixtureText(AGENT, "Stop-docs-example.json"));
    expect(stop).toEqual(answer({}, expect.stringContaining(`the policy ${path} is invalid`) as unknown as string));
  });

  test("HOOKIT=0 still answers allow; an unknown event gets {} with a notice, a misspelt pre-tool event a deny", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(BLOCK_POLICY);
    expect(await runHook(box, AGENT, "PreToolUse", fixtureText(AGENT, PRE), { env: { HOOKIT: "0" } })).toEqual(answer(ALLOW));
    const unknown = await runHook(box, AGENT, "AfterAgent", fixtureText(AGENT, PRE));
    expect(unknown.stdout).toBe(jsonLine({}));
    expect(unknown.stderr).toContain('event "AfterAgent" is not one hookit knows');
    // Spelled like a pre-tool event: it blocks, as an unreadable payload does.
    const preTool = await runHook(box, AGENT, "BeforeTool", fixtureText(AGENT, PRE));
    expect(JSON.parse(preTool.stdout)).toMatchObject({ decision: "deny", reason: expect.stringContaining('event "BeforeTool"') });
  });
});

test("antigravity: an untrusted project (found from workspacePaths) does not run until `hookit trust`", async () => {
  const box = sandbox({ policyFile: true });
  const project = gitProject(box, BLOCK_POLICY);
  const payload = fixtureWith(AGENT, PRE, { workspacePaths: [project] });
  const noConfig = { HOOKIT_CONFIG: "" };
  const first = await runHook(box, AGENT, "PreToolUse", payload, { env: noConfig });
  expect(first).toEqual(
    answer(
      ALLOW,
      expect.stringContaining(`the project policy ${join(project, ".hookit/hookit.json")} is not trusted`) as unknown as string,
    ),
  );
  expect((await runBin(box, ["trust", "--yes", project], "", { env: noConfig })).exitCode).toBe(0);
  expect(await runHook(box, AGENT, "PreToolUse", payload, { env: noConfig })).toEqual(
    answer({ decision: "deny", reason: blockReason("bash") }),
  );
});
