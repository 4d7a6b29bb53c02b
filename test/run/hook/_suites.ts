// Cases every harness must get right in the same way, run through the built
// binary: unreadable input, unknown events and agents, a broken policy and an
// untrusted project policy. What differs per harness (how a block, a
// continuation or a user notice is spelled) comes from the harness's spec.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { BLOCK_POLICY, blockReason, CONTINUE_POLICY } from "./_texts.ts";
import { fixtureText, fixtureWith, type Reply, runBin, runHook, sandbox, type Sandbox, STACK_OR_USAGE } from "../../_sandbox.ts";

/** What a reply told the harness, decoded from that harness's encoding. */
export interface Seen {
  block?: string;
  continueWith?: string;
  notices: string[];
}

export interface HarnessSpec {
  agent: string;
  /** The pre-tool event and a captured payload of it (a `bash` call). */
  preTool: { event: string; fixture: string; inputField: string };
  /** The stop event and a captured payload of it. */
  stop: { event: string; fixture: string };
  read(reply: Reply): Seen;
  /** Harness rules every reply must follow (schema, channel, exit code). */
  check(reply: Reply, nativeEvent: string): void;
}

export function describeCommonCases(spec: HarnessSpec): void {
  const { agent, preTool, stop } = spec;
  const hook = async (box: Sandbox, event: string, stdin: string, env?: Record<string, string>) => {
    const reply = await runHook(box, agent, event, stdin, { env });
    expect(reply.stdout).not.toMatch(STACK_OR_USAGE);
    spec.check(reply, event);
    return reply;
  };

  describe("input hookit cannot read", () => {
    const bad: Array<[string, () => string, RegExp]> = [
      ["empty stdin", () => "", /payload on stdin was empty/],
      ["invalid JSON", () => "{not json", /stdin is not valid JSON/],
      ["a JSON array", () => "[1,2]", /expected a JSON object.*got an array/],
      [
        "a wrong-shaped payload",
        () => fixtureWith(agent, preTool.fixture, { [preTool.inputField]: 42 }),
        new RegExp(`"${preTool.inputField}".*got a number`),
      ],
    ];
    test.each(bad)(`${preTool.event} with %s is blocked with a reason that names the problem`, async (_, stdin, why) => {
      const box = sandbox({ policyFile: true });
      box.policy({});
      const seen = spec.read(await hook(box, preTool.event, stdin()));
      expect(seen.block).toMatch(new RegExp(`^hookit: could not read the .+ ${preTool.event} payload: `));
      expect(seen.block).toMatch(why);
    });

    test.each(bad.slice(0, 3))(`${stop.event} with %s lets the agent stop and tells the user`, async (_, stdin, why) => {
      const box = sandbox({ policyFile: true });
      box.policy(CONTINUE_POLICY);
      const seen = spec.read(await hook(box, stop.event, stdin()));
      expect(seen).toEqual({ notices: [expect.stringMatching(why)] });
    });
  });

  test("an event hookit does not know: the agent goes on and the user is told", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(BLOCK_POLICY);
    const seen = spec.read(await hook(box, "NoSuchEvent", fixtureText(agent, preTool.fixture)));
    expect(seen).toEqual({ notices: [expect.stringContaining('event "NoSuchEvent" is not one hookit knows')] });
  });

  test("an unknown agent: exit 2 with the reason on stderr for a pre-tool event, exit 0 otherwise", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(BLOCK_POLICY);
    const pre = await runHook(box, "no-such-agent", preTool.event, fixtureText(agent, preTool.fixture));
    expect(pre).toEqual({ stdout: "", stderr: expect.stringContaining('unknown agent "no-such-agent"'), exitCode: 2 });
    const other = await runHook(box, "no-such-agent", stop.event, fixtureText(agent, stop.fixture));
    expect(other).toMatchObject({ stdout: "", exitCode: 0 });
  });

  test("HOOKIT=0 turns hookit off", async () => {
    const box = sandbox({ policyFile: true });
    box.policy(BLOCK_POLICY);
    expect(spec.read(await hook(box, preTool.event, fixtureText(agent, preTool.fixture), { HOOKIT: "0" }))).toEqual({ notices: [] });
  });

  describe("a policy file that fails validation", () => {
    const broken = { local: { deny: { description: "", event: "tool_cal", shell: "false", default: true } } };

    test(`blocks ${preTool.event}, naming the file, the problem and the fix`, async () => {
      const box = sandbox({ policyFile: true });
      const path = box.policy(broken);
      const seen = spec.read(await hook(box, preTool.event, fixtureText(agent, preTool.fixture)));
      expect(seen.block).toBe(
        `hookit: the policy ${path} is invalid, so no hook runs: entry "local/deny" has unknown event "tool_cal"; ` +
          "supported events: tool_call, tool_result, turn_end, agent_end, agent_settled, session_before_switch, " +
          "session_before_fork, hook_result. Fix it and check with `hookit validate`.",
      );
    });

    test(`does not stop ${stop.event}; the user is told`, async () => {
      const box = sandbox({ policyFile: true });
      const path = box.policy("{ not json");
      const seen = spec.read(await hook(box, stop.event, fixtureText(agent, stop.fixture)));
      expect(seen.continueWith).toBeUndefined();
      expect(seen.notices).toEqual([expect.stringContaining(`the policy ${path} is invalid`)]);
    });
  });

  test("an untrusted project policy does not run, the user is told once, and `hookit trust` enables it", async () => {
    const box = sandbox({ policyFile: true });
    const project = gitProject(box, BLOCK_POLICY);
    const policyFile = join(project, ".hookit/hookit.json");
    const payload = fixtureWith(agent, preTool.fixture, { cwd: project });
    const noConfig = { HOOKIT_CONFIG: "" };

    const first = spec.read(await hook(box, preTool.event, payload, noConfig));
    expect(first).toEqual({
      notices: [
        `hookit: the project policy ${policyFile} is not trusted, so it was not loaded (the global policy still runs). ` +
          `Review it, then run \`hookit trust\` in ${project}.`,
      ],
    });
    expect(spec.read(await hook(box, preTool.event, payload, noConfig))).toEqual({ notices: [] });

    const trusted = await runBin(box, ["trust", "--yes", project], "", { env: noConfig });
    expect(trusted.exitCode).toBe(0);
    expect(spec.read(await hook(box, preTool.event, payload, noConfig)).block).toBe(blockReason("bash"));
  });
}

/** Claude's deny, which Codex, Kimi and droid read too: the reason in hookSpecificOutput. */
export const hookSpecificDeny = (reason: string, hookEventName = "PreToolUse") => ({
  hookSpecificOutput: { hookEventName, permissionDecision: "deny", permissionDecisionReason: reason },
});

/** The PASS_POLICY hook each of Claude's events runs (Codex's and droid's carry the same names). */
export const CLAUDE_EVENT_HOOKS = { PreToolUse: "local/allow", PostToolUse: "local/keep", Stop: "local/done" };

/** Claude's spelling, which Codex shares: a deny in hookSpecificOutput, a continuation as decision:block, notices in systemMessage. */
export function readClaudeShaped(reply: Reply): Seen {
  const out = stdoutObject(reply) ?? {};
  const specific = out.hookSpecificOutput as Record<string, unknown> | undefined;
  return {
    ...(specific?.permissionDecision === "deny" && { block: specific.permissionDecisionReason as string }),
    ...(out.decision === "block" && { continueWith: out.reason as string }),
    notices: typeof out.systemMessage === "string" ? out.systemMessage.split("\n") : [],
  };
}

/** A temporary git work tree holding `.hookit/hookit.json`. */
export function gitProject(box: Sandbox, policy: unknown): string {
  const dir = join(box.root, "repo");
  mkdirSync(join(dir, ".hookit"), { recursive: true });
  execFileSync("git", ["init", "-q", dir], { env: { PATH: box.env.PATH, HOME: box.env.HOME } });
  writeFileSync(join(dir, ".hookit/hookit.json"), JSON.stringify(policy, null, 2));
  return dir;
}

/** Parses a stdout that must be empty or exactly one JSON object line. */
export function stdoutObject(reply: Reply): Record<string, unknown> | undefined {
  if (reply.stdout === "") return undefined;
  expect(reply.stdout).toMatch(/^\{.*\}\n$/);
  const value: unknown = JSON.parse(reply.stdout);
  expect(typeof value === "object" && value !== null && !Array.isArray(value)).toBe(true);
  return value as Record<string, unknown>;
}

/** stderr lines (Cursor and Copilot notices land there). */
export function stderrLines(reply: Reply): string[] {
  return reply.stderr === "" ? [] : reply.stderr.replace(/\n$/, "").split("\n");
}
