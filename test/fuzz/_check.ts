// The properties every hook call must keep, whatever the payload: one valid
// answer in the harness's format; a pre-tool call the policy blocks stays
// blocked while the tool is still identifiable, and one hookit cannot read is
// blocked with a reason that says so; a tool result hookit can read is hidden
// by a policy that hides results. Shared by the quick run in `npm test` and the
// long runs of `npm run test:fuzz`.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { Reply } from "../../src/contract/types.ts";
import { hookReply } from "../../src/run/hook.ts";
import { canPatch, inspectReply, type Verdict } from "../reliability/_protocol.ts";
import { policy, type Sandbox, sandbox } from "../_sandbox.ts";
import { describeCase, identityOf } from "./_apply.ts";
import { adapters, type Case } from "./_mutations.ts";

export type PolicyKind = "block-all" | "bash-only";

export interface World {
  kind: PolicyKind;
  box: Sandbox;
}

/**
 * "block-all": every guard fails through the `false` shortcut (no process).
 * "bash-only": a real shell per hook, so hostile values also reach the
 * environment and spawn (NUL bytes, E2BIG), and are still contained.
 */
export function createWorld(kind: PolicyKind): World {
  const box = sandbox();
  box.globalPolicy(
    kind === "block-all"
      ? policy({
          all: { event: "tool_call", shell: "false" },
          hide: { event: "tool_result", shell: "false" },
          finish: { event: "agent_end", shell: "false" },
        })
      : policy({
          "no-bash": { event: "tool_call", filter: { toolName: "^bash$" }, shell: "exit 3" },
          hide: { event: "tool_result", shell: "exit 3" },
          finish: { event: "agent_end", shell: "exit 3" },
        }),
  );
  return { kind, box };
}

const UNREADABLE = /hookit: could not read the .+ payload: /;
const BAD_JSON = /hookit: could not read the .+ payload: (stdin is not valid JSON|the .+ payload on stdin was empty)/;

export async function checkCase(c: Case, world: World, stdin: string): Promise<Verdict> {
  const { agent, event } = c.seed;
  let reply: Reply;
  try {
    reply = await hookReply({ agent, nativeEvent: event }, stdin, world.box.env, world.box.project);
  } catch (error) {
    throw new Error(`hookReply threw on ${describeCase(c)}: ${String(error)}`);
  }
  return checkReply(c, world.kind, stdin, reply);
}

export function checkReply(c: Case, policyKind: PolicyKind, stdin: string, reply: Reply): Verdict {
  const { agent, event, kind } = c.seed;
  const what = describeCase(c);
  const verdict = inspectReply(agent, event, kind, reply);
  expect(verdict.problems, what).toEqual([]);
  const parsed = parseOrFail(stdin);
  if (kind === "tool_call") {
    if (blockRequired(parsed, policyKind, c)) expect(verdict.blocked, what).toBe(true);
    if (!parsed.ok) expect(verdict.reason, what).toMatch(BAD_JSON);
    else if (!isObject(parsed.value)) expect(verdict.reason, what).toMatch(UNREADABLE);
  }
  if (kind === "tool_result") {
    const said = reply.stdout + reply.stderr;
    if (parsed.ok && readable(c, parsed.value) && canPatch(agent, event)) {
      expect(verdict.patched || /hookit: internal error/.test(said), what).toBe(true);
    }
    if (!parsed.ok) expect(said, what).toMatch(BAD_JSON);
  }
  if (!parsed.ok && kind !== "tool_call") expect(verdict.patched || verdict.continued || verdict.blocked, what).toBe(false);
  return verdict;
}

/** Nothing hostile in a payload was ever run as a command. */
export function expectNothingExecuted(world: World): void {
  for (const dir of [world.box.project, world.box.env.HOME!, "/"]) expect(existsSync(join(dir, "pwned")), dir).toBe(false);
}

// --- internal ---

function parseOrFail(stdin: string): { ok: true; value: unknown } | { ok: false } {
  if (stdin.trim() === "") return { ok: false };
  try {
    return { ok: true, value: JSON.parse(stdin) };
  } catch {
    return { ok: false };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Unreadable → blocked; block-all → blocked; a bash call whose identity survived → blocked. */
function blockRequired(parsed: { ok: boolean; value?: unknown }, policyKind: PolicyKind, c: Case): boolean {
  if (!parsed.ok || !isObject(parsed.value)) return true;
  if (policyKind === "block-all") return true;
  return c.seed.bash && identityOf(parsed.value, c.seed.identity) === identityOf(c.seed.payload, c.seed.identity);
}

/** The adapter reads the payload into at least one event (what hookReply will evaluate). */
function readable(c: Case, value: unknown): boolean {
  try {
    return adapters.get(c.seed.agent)!.parse(c.seed.event, value).events.length > 0;
  } catch {
    return false;
  }
}
