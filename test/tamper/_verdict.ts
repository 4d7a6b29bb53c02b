// What every tamper test asks: the answer of the built `hookit hook` when the agent's shell tool
// (its captured pre-tool payload) runs `command` in the sandbox's project. The reply must be a
// valid answer in the agent's protocol; the verdict says whether it blocks and what the model reads.
import { expect } from "vitest";
import { shellPayload } from "../reliability/_payloads.ts";
import { type HookAgent, inspectReply } from "../reliability/_protocol.ts";
import { runHook, type Sandbox } from "../_sandbox.ts";

export async function shellVerdict(box: Sandbox, agent: HookAgent, command: string, env: Record<string, string> = {}) {
  const [event, payload] = shellPayload(agent, box.project, command);
  const reply = await runHook(box, agent, event, payload, { cwd: box.project, env });
  const result = inspectReply(agent, event, "tool_call", { stdout: reply.stdout, stderr: reply.stderr, exitCode: reply.exitCode ?? -1 });
  expect(result.problems, reply.stderr).toEqual([]);
  return { ...result, reply };
}
