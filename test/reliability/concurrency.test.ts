// Many hook processes of one session at once (parallel tool calls, a stop
// racing them): the session's agent_end fingerprint and continuation counter
// and the decision log lose and corrupt nothing.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { MAX_CONTINUATIONS } from "../../src/run/decide.ts";
import { agentPayloads } from "./_payloads.ts";
import { inspectReply } from "./_protocol.ts";
import { policy, runHook, sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const STOPS = 50;
const TOOL_CALLS = 50;

test(`${STOPS} stops and ${TOOL_CALLS} tool calls of one session at once lose and corrupt nothing`, async () => {
  const box = sandbox();
  // Each agent_end run counts itself (read, then write: it relies on the session lock)
  // and fails with an exit code that alternates, so every stop has a new fingerprint
  // and asks to continue, until hookit's cap stops one in every MAX_CONTINUATIONS + 1.
  const count = 'n=$(cat "$HOME/n" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$HOME/n"; exit $((n % 2 + 1))';
  box.globalPolicy(
    policy({
      check: { event: "agent_end", shell: count },
      "no-rm": { event: "tool_call", filter: { command: "\\brm\\b" }, shell: "false" },
    }),
  );
  const session = "one-session";
  const payloads = agentPayloads("codex", box.project, session);
  const [stopEvent, stopPayload] = payloads.stop;
  const [preEvent, prePayload] = payloads.preTool;
  const stops = Array.from({ length: STOPS }, () => runHook(box, "codex", stopEvent, stopPayload));
  const calls = Array.from({ length: TOOL_CALLS }, () => runHook(box, "codex", preEvent, prePayload));
  const [stopReplies, callReplies] = await Promise.all([Promise.all(stops), Promise.all(calls)]);

  const verdicts = stopReplies.map((r) => inspectReply("codex", stopEvent, "stop", { ...r, exitCode: r.exitCode ?? -1 }));
  for (const verdict of verdicts) expect(verdict.problems).toEqual([]);
  for (const r of callReplies)
    expect(inspectReply("codex", preEvent, "tool_call", { ...r, exitCode: r.exitCode ?? -1 }).problems).toEqual([]);
  const notices = verdicts.map((v) => String(v.output?.systemMessage ?? ""));
  expect(notices.filter((n) => n.includes("unavailable"))).toEqual([]);

  // Serialized, the runs form cycles of MAX_CONTINUATIONS continuations and one capped stop.
  const cycle = MAX_CONTINUATIONS + 1;
  const capped = Math.floor(STOPS / cycle);
  expect(verdicts.filter((v) => v.continued)).toHaveLength(STOPS - capped);
  expect(notices.filter((n) => n.includes(`requested ${MAX_CONTINUATIONS} continuations in a row`))).toHaveLength(capped);
  expect(readFileSync(join(box.env.HOME!, "n"), "utf8").trim()).toBe(String(STOPS));

  const sessions = join(box.stateDir, "sessions");
  const files = readdirSync(sessions);
  expect(files).toHaveLength(1); // no lock, no temp file left behind
  const state = JSON.parse(readFileSync(join(sessions, files[0]!), "utf8"));
  expect(state.continuations).toBe(STOPS % cycle);
  expect(state.engine.agent_end).toContain(`(exit ${(STOPS % 2) + 1})`);

  const lines = readFileSync(join(box.stateDir, "decisions.jsonl"), "utf8").split("\n").filter(Boolean);
  expect(lines).toHaveLength(STOPS + TOOL_CALLS);
  const records = lines.map((line) => JSON.parse(line) as { session: string; event: string; outcome: string });
  expect(records.every((r) => r.session === session)).toBe(true);
  expect(records.filter((r) => r.event === "Stop" && r.outcome === "continue")).toHaveLength(STOPS - capped);
  expect(records.filter((r) => r.event === "PreToolUse" && r.outcome === "pass")).toHaveLength(TOOL_CALLS);
}, 60_000);
