// The `hookit hook` entry point against hostile input, as a real process with
// real bytes on stdin: 10 MiB payloads, invalid UTF-8, NUL bytes, deep nesting,
// prototype-pollution keys, empty and non-JSON input. Whatever arrives, the
// agent gets one valid answer in its own format with exit 0, no stack trace,
// and a pre-tool call that the policy blocks (or that cannot be read) is blocked.
import { spawnSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { agentPayloads } from "./_payloads.ts";
import { HOOK_AGENTS, inspectReply, type HookAgent } from "./_protocol.ts";
import { packageRoot, policy, runHook, sandbox, type Sandbox, STACK_RE, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const MiB = 1024 * 1024;
/** A spawning hook (not the `false` shortcut), so env building and spawn see the hostile values too. */
const NO_BASH = policy({ "no-bash": { event: "tool_call", filter: { toolName: "^bash$" }, shell: "exit 3" } });

/** The agent's own pre-tool payload as JSON text, with `extra` merged at the top level. */
function preToolText(agent: HookAgent, box: Sandbox, extra = ""): string {
  const [, payload] = agentPayloads(agent, box.project).preTool;
  const text = JSON.stringify(payload);
  return extra === "" ? text : `${text.slice(0, -1)},${extra}}`;
}

type Input = [name: string, build: (agent: HookAgent, box: Sandbox) => string | Buffer, reason: RegExp];
const POLICY_BLOCK = /hook "no-bash" rejected bash/;
const UNREADABLE = /hookit: could not read the .+ payload: /;

const INPUTS: Input[] = [
  ["10 MiB of extra payload", (a, b) => preToolText(a, b, `"padding":"${"x".repeat(10 * MiB)}"`), POLICY_BLOCK],
  [
    "invalid UTF-8 inside a string",
    (a, b) => Buffer.concat([Buffer.from(preToolText(a, b, '"note":"')), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
    POLICY_BLOCK,
  ],
  ["escaped NUL bytes in every extra field", (a, b) => preToolText(a, b, '"a\\u0000b":"c\\u0000d","note\\u0000":"x\\u0000"'), POLICY_BLOCK],
  ["a structure nested 100 000 deep", (a, b) => preToolText(a, b, `"deep":${"[".repeat(100_000)}${"]".repeat(100_000)}`), /hookit: /],
  [
    "prototype-pollution keys",
    (a, b) => preToolText(a, b, '"__proto__":{"tool_name":"Read","toolName":"view"},"constructor":{"prototype":{"x":1}},"prototype":null'),
    POLICY_BLOCK,
  ],
  ["empty stdin", () => "", /payload on stdin was empty/],
  ["a raw NUL byte", () => Buffer.from([0x7b, 0x00, 0x7d]), /stdin is not valid JSON/],
  ["bytes that are not UTF-8 at all", () => Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x7b]), /stdin is not valid JSON/],
  ["truncated JSON", (a, b) => preToolText(a, b).slice(0, 40), /stdin is not valid JSON/],
  ["a JSON array", () => "[1,2,3]", UNREADABLE],
  ["a JSON string", () => '"PreToolUse"', UNREADABLE],
  ["null", () => "null", UNREADABLE],
];

describe("hostile stdin on the pre-tool event: one valid answer, and the call is blocked", () => {
  test.each(INPUTS)("%s", async (_name, build, reason) => {
    const box = sandbox();
    box.globalPolicy(NO_BASH);
    const replies = await Promise.all(
      HOOK_AGENTS.map(async (agent) => {
        const [event] = agentPayloads(agent, box.project).preTool;
        return { agent, event, reply: await runHook(box, agent, event, build(agent, box)) };
      }),
    );
    for (const { agent, event, reply } of replies) {
      const verdict = inspectReply(agent, event, "tool_call", { ...reply, exitCode: reply.exitCode ?? -1 });
      expect(verdict.problems, agent).toEqual([]);
      expect(verdict.blocked, agent).toBe(true);
      expect(verdict.reason, agent).toMatch(reason);
    }
  });
});

describe("hostile stdin on other events: the agent goes on and the user is told", () => {
  test.each(HOOK_AGENTS)("%s", async (agent) => {
    const box = sandbox();
    box.globalPolicy(NO_BASH);
    const payloads = agentPayloads(agent, box.project);
    for (const [event, kind] of [
      [payloads.postTool[0], payloads.postToolKind],
      [payloads.stop[0], "stop"],
    ] as const) {
      for (const stdin of ["", "{", "[]", Buffer.from([0xff, 0x00])]) {
        const reply = await runHook(box, agent, event, stdin);
        const verdict = inspectReply(agent, event, kind, { ...reply, exitCode: reply.exitCode ?? -1 });
        expect(verdict.problems, `${agent} ${event}`).toEqual([]);
        expect(verdict.patched || verdict.continued, `${agent} ${event}`).toBe(false);
        expect(reply.stdout + reply.stderr, `${agent} ${event}`).toMatch(/hookit: (could not read|.*payload)/);
      }
    }
  });
});

describe("when hookit itself cannot load", () => {
  test("a broken install still blocks a pre-tool call, with one line on stderr and no stack trace", () => {
    const box = sandbox();
    const dist = join(box.root, "broken-dist");
    cpSync(join(packageRoot(), "dist"), dist, { recursive: true });
    // e.g. a half-finished update.
    writeFileSync(join(dist, "adapters", "claude.cjs"), "module.exports = {;");
    const run = (event: string) =>
      spawnSync(process.execPath, [join(dist, "bin.cjs"), "hook", "--agent", "claude", event], {
        input: preToolText("claude", box),
        env: box.env,
        cwd: box.project,
        encoding: "utf8",
      });
    const pre = run("PreToolUse");
    expect(pre.status).toBe(2); // exit 2 + a reason on stderr blocks in every agent
    expect(pre.stdout).toBe("");
    expect(pre.stderr).toMatch(/^hookit: internal error: .+\n$/);
    expect(pre.stderr).not.toMatch(STACK_RE);
    const stop = run("Stop");
    expect(stop.status).toBe(0);
    expect(stop.stderr).not.toMatch(STACK_RE);
  });
});
