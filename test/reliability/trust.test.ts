// Policy trust (design "Project trust"): a policy that arrives with a cloned
// repository runs nothing, not even a `when`, until the user runs
// `hookit trust`; any edit takes the trust back; under Pi, Pi's own project
// trust decides and hookit's trust store has no say.
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { trustPolicy } from "../../src/policy/trust.ts";
import { startExtension } from "../hosts/pi/fake-pi.ts";
import { agentPayloads } from "./_payloads.ts";
import { HOOK_AGENTS, inspectReply } from "./_protocol.ts";
import { policy, runBin, runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

/** A repository's policy whose every hook leaves a marker in $HOME: the proof that something ran. */
const CLONED = policy({
  guard: { event: "tool_call", when: 'touch "$HOME/when-ran"', shell: 'touch "$HOME/tool_call-ran"' },
  audit: { event: "tool_result", shell: 'touch "$HOME/tool_result-ran"' },
  finish: { event: "agent_end", shell: 'touch "$HOME/agent_end-ran"' },
  settled: { event: "agent_settled", shell: 'touch "$HOME/agent_settled-ran"' },
});
const MARKERS = ["when-ran", "tool_call-ran", "tool_result-ran", "agent_end-ran", "agent_settled-ran"];

const ran = (box: Sandbox) => MARKERS.filter((name) => existsSync(join(box.env.HOME!, name)));
const clearMarkers = (box: Sandbox) => {
  for (const name of MARKERS) rmSync(join(box.env.HOME, name), { force: true });
};

async function claudeCall(box: Sandbox) {
  const [event, payload] = agentPayloads("claude", box.project).preTool;
  return runHook(box, "claude", event, payload);
}

describe("a cloned repository's policy", () => {
  test("runs nothing in any agent, for any event, until `hookit trust`; the user is told how to fix it", async () => {
    const box = sandbox();
    const path = box.projectPolicy(CLONED);
    for (const agent of HOOK_AGENTS) {
      const payloads = agentPayloads(agent, box.project, `s-${agent}`);
      for (const [event, payload] of [payloads.preTool, payloads.postTool, payloads.stop]) {
        const reply = await runHook(box, agent, event, payload);
        expect(reply.exitCode, `${agent} ${event}`).toBe(0);
        expect(reply.stdout + reply.stderr).not.toContain("internal error");
      }
    }
    expect(ran(box)).toEqual([]);

    // The notice reaches the user once per file version, with the command that fixes it.
    clearMarkers(box);
    rmSync(join(box.stateDir, "untrusted-notified"), { recursive: true, force: true });
    const first = await claudeCall(box);
    const verdict = inspectReply("claude", "PreToolUse", "tool_call", { ...first, exitCode: first.exitCode ?? -1 });
    expect(verdict.problems).toEqual([]);
    expect(verdict.blocked).toBe(false);
    expect(String(verdict.output?.systemMessage)).toContain(`${path} is not trusted`);
    expect(String(verdict.output?.systemMessage)).toContain("hookit trust");
    expect((await claudeCall(box)).stdout).toBe("");

    const trusted = await runBin(box, ["trust", "--yes"], "", { cwd: box.project });
    expect(trusted.exitCode).toBe(0);
    expect((await claudeCall(box)).stdout).toBe("");
    expect(ran(box)).toEqual(["when-ran", "tool_call-ran"]);
  });

  test("an edit after `hookit trust` keeps the trusted version enforced until the next `hookit trust`; --revoke forgets it", async () => {
    const box = sandbox();
    const path = box.projectPolicy(CLONED);
    expect((await runBin(box, ["trust", "--yes"], "", { cwd: box.project })).exitCode).toBe(0);
    await claudeCall(box);
    expect(ran(box)).toEqual(["when-ran", "tool_call-ran"]);

    // Even whitespace is a new version; emptying the policy is the attack that matters.
    for (const [i, edit] of ["\n", " ", '{"local":{}}'].entries()) {
      clearMarkers(box);
      if (i < 2) appendFileSync(path, edit);
      else writeFileSync(path, edit);
      const reply = await claudeCall(box);
      expect(ran(box)).toEqual(["when-ran", "tool_call-ran"]);
      expect(reply.stdout).toContain("changed since you trusted it; hookit keeps enforcing the trusted version");
      // Told once per version, not on every call.
      clearMarkers(box);
      expect((await claudeCall(box)).stdout).not.toContain("changed since you trusted it");
    }

    // The user reviews and trusts the edit: now the (empty) edited policy is what runs.
    await runBin(box, ["trust", "--yes"], "", { cwd: box.project });
    clearMarkers(box);
    await claudeCall(box);
    expect(ran(box)).toEqual([]);

    writeFileSync(path, JSON.stringify(CLONED));
    await runBin(box, ["trust", "--yes"], "", { cwd: box.project });
    expect((await runBin(box, ["trust", "--revoke"], "", { cwd: box.project })).exitCode).toBe(0);
    clearMarkers(box);
    await claudeCall(box);
    expect(ran(box)).toEqual([]);
  });

  test("a trusted project policy that is deleted keeps running until the user revokes it", async () => {
    const box = sandbox();
    const path = box.projectPolicy(CLONED);
    await runBin(box, ["trust", "--yes"], "", { cwd: box.project });
    rmSync(path);
    clearMarkers(box);
    const reply = await claudeCall(box);
    expect(ran(box)).toEqual(["when-ran", "tool_call-ran"]);
    expect(reply.stdout).toContain("was deleted since you trusted it");
    expect((await runBin(box, ["trust", "--revoke"], "", { cwd: box.project })).exitCode).toBe(0);
    clearMarkers(box);
    await claudeCall(box);
    expect(ran(box)).toEqual([]);
  });

  test("`hookit trust` asks a person: without a terminal and without --yes it refuses, and nothing changes", async () => {
    const box = sandbox();
    box.projectPolicy(CLONED);
    const refused = await runBin(box, ["trust"], "", { cwd: box.project });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("there is no terminal here");
    await claudeCall(box);
    expect(ran(box)).toEqual([]);
  });

  test("`hookit trust` refuses an invalid policy", async () => {
    const box = sandbox();
    box.projectPolicy({ local: { x: { description: "", event: "nope", shell: "true" } } });
    const refused = await runBin(box, ["trust", "--yes"], "", { cwd: box.project });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("is invalid");
  });

  test("a trust store that is damaged trusts nothing", async () => {
    const box = sandbox();
    box.projectPolicy(CLONED);
    await runBin(box, ["trust", "--yes"], "", { cwd: box.project });
    const store = join(box.stateDir, "trust.json");
    appendFileSync(store, readFileSync(store, "utf8").slice(0, 10)); // no longer JSON
    await claudeCall(box);
    expect(ran(box)).toEqual([]);
  });

  test("a nested untrusted policy cannot switch off the trusted project policy above it", async () => {
    const box = sandbox();
    box.projectPolicy(policy({ "no-bash": { event: "tool_call", filter: { toolName: "^bash$" }, shell: "false" } }));
    expect((await runBin(box, ["trust", "--yes"], "", { cwd: box.project })).exitCode).toBe(0);
    // What an agent (or a vendored package) could drop below the project root.
    const sub = join(box.project, "packages", "evil");
    mkdirSync(sub, { recursive: true });
    const nested = box.projectPolicy(policy({ allow: { event: "tool_call", shell: "true" } }), sub);

    const [event, payload] = agentPayloads("claude", sub).preTool;
    const reply = await runHook(box, "claude", event, payload, { cwd: sub });
    const verdict = inspectReply("claude", event, "tool_call", { ...reply, exitCode: reply.exitCode ?? -1 });
    expect(verdict.problems).toEqual([]);
    expect(verdict.blocked).toBe(true);
    expect(verdict.reason).toContain('hook "no-bash" rejected bash');
    expect(String(verdict.output?.systemMessage)).toContain(`${nested} is not trusted`);
  });
});

describe("under Pi, Pi's project trust decides", () => {
  const toolCall = { type: "tool_call", toolName: "bash", toolCallId: "call_1", input: { command: "ls" } };

  test("trusted by `hookit trust` but not by Pi: nothing runs", async () => {
    const box = sandbox();
    const path = box.projectPolicy(CLONED);
    trustPolicy(path, readFileSync(path), box.env);
    const fake = await startExtension(box, { trusted: false });
    await fake.fire("tool_call", toolCall);
    expect(MARKERS.filter((name) => existsSync(join(box.env.HOME!, name)))).toEqual([]);
  });

  test("trusted by Pi, unknown to hookit's trust store: the policy runs", async () => {
    const box = sandbox();
    box.projectPolicy(CLONED);
    mkdirSync(box.env.HOME!, { recursive: true });
    const fake = await startExtension(box, { trusted: true });
    await fake.fire("tool_call", toolCall);
    expect(MARKERS.filter((name) => existsSync(join(box.env.HOME!, name)))).toEqual(["when-ran", "tool_call-ran"]);
  });
});
