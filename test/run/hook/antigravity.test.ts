// `hookit hook --agent antigravity` through the built binary, on the input examples of
// Antigravity's hooks docs (agy cannot run here). Every answer is one JSON object and exit 0;
// PreToolUse always states a decision, because one without a `decision` denies the call.
// (Not the shared describeCommonCases: its trust case sets `cwd`, which agy does not send;
// the project comes from `workspacePaths` here, and that case is below.)
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { BLOCK_POLICY, blockReason, CONTINUATION, CONTINUE_POLICY, jsonLine, RETRY_STOPPED } from "./_texts.ts";
import { fixtureText, fixtureWith, runBin, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";
import { answer, describeHookCases, describePassingPolicy, onFixture } from "./_replies.ts";
import { gitProject } from "./_suites.ts";

useBuiltHookit();
const AGENT = "antigravity";
const HARNESS = { agent: AGENT };
const PRE = "PreToolUse-run_command-docs-example.json";
const ALLOW = { decision: "allow" };

describePassingPolicy(HARNESS, {
  reply: (event) => answer(event === "PreToolUse" ? ALLOW : {}),
  hooks: { PreToolUse: "local/allow", Stop: "local/done" },
});

describeHookCases(HARNESS, "answers", [
  {
    name: "a blocked run_command is denied with the reason",
    policy: BLOCK_POLICY,
    steps: [onFixture(AGENT, PRE, answer({ decision: "deny", reason: blockReason("bash") }))],
    log: [expect.objectContaining({ agent: AGENT, tool: "bash", outcome: "block", session: "ec33ebf9-0cba-4100-8142-c61503f6c587" })],
  },
  {
    name: "Stop continues the agent once; the same failure again lets it stop and tells the user on stderr",
    policy: CONTINUE_POLICY,
    steps: [
      onFixture(AGENT, "Stop-docs-example.json", answer({ decision: "continue", reason: CONTINUATION })),
      onFixture(AGENT, "Stop-docs-example.json", answer({}, `${RETRY_STOPPED}\n`)),
    ],
  },
]);

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
