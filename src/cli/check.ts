import { defineCommand } from "citty";
import { dirname, resolve } from "node:path";
import { loadAdapter, resolveHookAgent } from "../agents/registry.ts";
import { enabledHookSet } from "../engine/enabled.ts";
import { createEvaluator } from "../engine/evaluate.ts";
import { describeFacts } from "../engine/facts.ts";
import type { HookEvaluationOutcome } from "../engine/types.ts";
import type { Adapter } from "../contract/types.ts";
import { judge } from "../run/judge.ts";
import { timeoutNotices } from "../run/decide.ts";
import { diskPolicy } from "../run/policy-view.ts";
import { dryRunLines } from "./_dry-run.ts";
import { loadExternal } from "../run/external.lazy.ts";
import { existsSync } from "node:fs";
import { fail, note } from "./_output.ts";
import type { LoadedPolicy } from "./_policy.ts";
import { AGENT_NEEDS_NATIVE, judgingPolicy, NATIVE_PAYLOAD_ARGS, nativeInvocation, normalizedEvents } from "./_event-input.ts";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export default defineCommand({
  meta: {
    name: "check",
    description: "Judge an event read from stdin as hookit hook would (the hooks' shells run; --dry-run runs none) and print the outcome",
  },
  args: {
    json: { type: "boolean", description: "Print outcomes, effects and report as JSON", default: false },
    ...NATIVE_PAYLOAD_ARGS,
    policy: { type: "string", description: "Use only this policy file (default: global + trusted project)" },
    cwd: { type: "string", description: "Directory to resolve the project from and run shells in" },
    "dry-run": { type: "boolean", description: "List the hooks that would run, without running any of them", default: false },
  },
  async run({ args }) {
    if (args.native && !args.agent)
      return fail("--native names an agent's own event, so it needs --agent too, e.g. --agent claude --native PreToolUse");
    if (args.policy && !existsSync(resolve(args.policy))) return fail(`--policy ${args.policy}: no such file`);
    const judging = judgingPolicy(args);
    if (!judging) return;
    const { cwd, env, policy } = judging;
    for (const line of judgedPolicyNotes(policy)) note.warn(line);
    const hooks = enabledHookSet(policy.catalog.entries);
    const stdin = await readStdin();
    const context = { cwd: policy.projectDir, env };
    if (args.agent) {
      const id = resolveHookAgent(args.agent);
      if (!args.native) return fail(AGENT_NEEDS_NATIVE);
      let adapter: Adapter;
      if (id) adapter = await loadAdapter(id);
      else {
        // Not built in: an external adapter (docs/adapters.md), loaded as `hookit hook` would.
        const external = await (await loadExternal()).loadExternalAdapter(args.agent, env);
        if (!external.ok) return fail(external.reason);
        adapter = external.adapter;
      }
      const kind = adapter.kindOf(args.native);
      if (kind === undefined) return fail(`${adapter.title} has no event "${args.native}" that hookit knows`);
      const invocation = nativeInvocation(adapter, args.native, stdin);
      if (!invocation) return;
      if (args["dry-run"])
        return void process.stdout.write(
          (await Promise.all(invocation.events.map((e) => dryRunLines(e, hooks, context)))).flat().join("\n") + "\n",
        );
      // The same decision step as `hookit hook`, as a dry run: no decision log, and
      // stop state kept in memory (a fresh session) instead of the state directory.
      const fresh = invocation.sessionId !== undefined ? { engine: {}, continuations: 0 } : undefined;
      const judged = await judge(invocation, { env, processCwd: cwd, policy: diskPolicy(env), session: fresh, log: false });
      const { decision } = judged;
      const outcomes = judged.result?.outcomes ?? [];
      const reply = adapter.respond(invocation, decision);
      if (args.json) {
        const facts = await Promise.all(invocation.events.map((event) => describeFacts(event, context)));
        process.stdout.write(JSON.stringify({ invocation, decision, reply, outcomes: outcomes.map(shape), facts }, null, 2) + "\n");
      } else process.stdout.write(`${reply.stdout}${reply.stdout.endsWith("\n") || !reply.stdout ? "" : "\n"}`);
      process.exitCode = judged.record.outcome === "pass" ? 0 : 2;
      return;
    }
    const events = normalizedEvents(stdin);
    if (!events) return;
    if (args["dry-run"])
      return void process.stdout.write((await Promise.all(events.map((e) => dryRunLines(e, hooks, context)))).flat().join("\n") + "\n");
    const evaluator = createEvaluator(); // shared: a repeated agent_end sees the earlier fingerprint
    let allPass = true;
    for (const event of events) {
      const outcome = await evaluator.evaluate(event, hooks, context);
      const native = outcome.eventOutcomes[0];
      if (native.outcome !== "pass") allPass = false;
      if (args.json) process.stdout.write(JSON.stringify({ ...shape(outcome), facts: await describeFacts(event, context) }) + "\n");
      else {
        // hookit's ask extension: still a block to HooKit, its own outcome to the user.
        process.stdout.write(`${native.event}: ${native.outcome === "block" && native.ask ? "ask" : native.outcome}\n`);
        if ("reason" in native) process.stdout.write(`${native.reason}\n`);
        for (const effect of outcome.effects) {
          process.stdout.write(
            effect.type === "request-action"
              ? `→ ${effect.hookRef} requests ${effect.action.type}\n`
              : `${effect.type === "present" ? `[${effect.severity}]` : "[corrective turn]"} ${effect.message}\n`,
          );
        }
        for (const notice of timeoutNotices([outcome], hooks)) process.stdout.write(`[${notice.severity}] ${notice.message}\n`);
      }
    }
    process.exitCode = allPass ? 0 : 2;
  },
});

/**
 * Which project file the answer comes from when it is not the one on disk: check judges what
 * `hookit hook` enforces (the trusted copy of an edited file; nothing of an untrusted one), so a
 * `pass` here can differ from `hookit test`, which reads the file as it is.
 */
function judgedPolicyNotes(policy: LoadedPolicy): string[] {
  const lines: string[] = [];
  if (policy.pending && !policy.pending.deleted) {
    const { path } = policy.pending;
    lines.push(
      `${path} was edited since you trusted it: this answer is from the version you trusted (what the agents enforce now). ` +
        `To judge the edit: hookit check --policy ${path}; to make it the one that runs: hookit trust ${dirname(dirname(path))}`,
    );
  } else if (policy.pending) {
    lines.push(
      `${policy.pending.path} was deleted since you trusted it: this answer is from the version you trusted (what the agents enforce now)`,
    );
  }
  if (policy.untrusted) {
    const path = policy.untrusted;
    lines.push(
      `${path} is not trusted, so this answer leaves it out (as the agents do). ` +
        `To judge it: hookit check --policy ${path}; to let it run: hookit trust ${dirname(dirname(path))}`,
    );
  }
  return lines;
}

/** The `--json` shape: `{outcomes, effects, report}`, the native Event Outcome first (plus `facts`, see docs/events.md). */
function shape(outcome: HookEvaluationOutcome) {
  return { outcomes: outcome.eventOutcomes, effects: outcome.effects, report: outcome.evaluationReport ?? null };
}
