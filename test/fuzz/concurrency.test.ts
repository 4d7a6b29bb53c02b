// Concurrency, the long version: for every agent, rounds of 50 stops of one
// session racing 50 tool calls and results, started with random jitter, then
// several sessions at once. Per session nothing is lost: the continuation
// counter, the agent_end fingerprint, the hook's own count and one log line
// per call all add up exactly.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { MAX_CONTINUATIONS } from "../../src/run/decide.ts";
import { agentPayloads } from "../reliability/_payloads.ts";
import { HOOK_AGENTS, inspectReply, type HookAgent } from "../reliability/_protocol.ts";
import { policy, runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const STOPS = 50;
const OTHERS = 50;
let processes = 0;
afterAll(() => {
  console.log(`[fuzz] concurrency: ${processes} hook processes, ${STOPS} stops per session per round`);
});

/** The agent_end hook counts its runs per session in $HOME/n-<session> and alternates its exit code. */
function setup(): Sandbox {
  const box = sandbox();
  const count = 'f="$HOME/n-$PI_SESSION_ID"; n=$(cat "$f" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$f"; exit $((n % 2 + 1))';
  box.globalPolicy(
    policy({
      check: { event: "agent_end", shell: count },
      "no-rm": { event: "tool_call", filter: { command: "\\brm\\b" }, shell: "false" },
      audit: { event: "tool_result", shell: "true" },
    }),
  );
  return box;
}

const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 300));

async function round(box: Sandbox, agent: HookAgent, session: string) {
  const payloads = agentPayloads(agent, box.project, session);
  const call = async (which: "stop" | "preTool" | "postTool") => {
    await jitter();
    const [event, payload] = payloads[which];
    return { which, event, reply: await runHook(box, agent, event, payload) };
  };
  const calls = [
    ...Array.from({ length: STOPS }, () => call("stop")),
    ...Array.from({ length: OTHERS }, (_, i) => call(i % 2 === 0 ? "preTool" : "postTool")),
  ];
  processes += calls.length;
  return Promise.all(calls);
}

function expectSessionIntact(box: Sandbox, agent: HookAgent, session: string, results: Awaited<ReturnType<typeof round>>) {
  const kinds = { stop: "stop", preTool: "tool_call", postTool: agentPayloads(agent, box.project).postToolKind } as const;
  const verdicts = results.map((r) => ({
    ...r,
    verdict: inspectReply(agent, r.event, kinds[r.which], { ...r.reply, exitCode: r.reply.exitCode ?? -1 }),
  }));
  for (const { verdict } of verdicts) expect(verdict.problems, `${agent} ${session}`).toEqual([]);
  const stops = verdicts.filter((v) => v.which === "stop");
  const said = stops.map((s) => s.reply.stdout + s.reply.stderr);
  expect(
    said.filter((text) => text.includes("unavailable")),
    `${agent} ${session}`,
  ).toEqual([]);
  const capped = Math.floor(STOPS / (MAX_CONTINUATIONS + 1));
  expect(
    stops.filter((s) => s.verdict.continued),
    `${agent} ${session}`,
  ).toHaveLength(STOPS - capped);
  expect(readFileSync(join(box.env.HOME!, `n-${session}`), "utf8").trim(), `${agent} ${session}`).toBe(String(STOPS));
}

test.each(HOOK_AGENTS)("%s: rounds of one session's 50 stops racing 50 tool events", async (agent) => {
  for (let i = 0; i < Math.max(1, Math.round(2 * SCALE)); i++) {
    const box = setup();
    const session = `${agent}-round-${i}`;
    expectSessionIntact(box, agent, session, await round(box, agent, session));
    const log = readFileSync(join(box.stateDir, "decisions.jsonl"), "utf8").split("\n").filter(Boolean);
    expect(log).toHaveLength(STOPS + OTHERS);
    for (const line of log) expect(JSON.parse(line).session).toBe(session);
    expect(readdirSync(join(box.stateDir, "sessions"))).toHaveLength(1);
  }
});

test("three sessions of three agents at once", async () => {
  const box = setup();
  const runs = (["codex", "claude", "gemini"] as const).map(async (agent) => ({
    agent,
    results: await round(box, agent, `many-${agent}`),
  }));
  for (const { agent, results } of await Promise.all(runs)) expectSessionIntact(box, agent, `many-${agent}`, results);
  const log = readFileSync(join(box.stateDir, "decisions.jsonl"), "utf8").split("\n").filter(Boolean);
  expect(log).toHaveLength(3 * (STOPS + OTHERS));
  for (const line of log) expect(() => JSON.parse(line)).not.toThrow();
});
