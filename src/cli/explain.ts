import { defineCommand } from "citty";
import { ADAPTERS, loadAdapter, resolveHookAgent } from "../agents/registry.ts";
import { didYouMean } from "../base/nearest.ts";
import type { Invocation } from "../contract/types.ts";
import { enabledHookSet } from "../engine/enabled.ts";
import type { NormalizedEvent } from "../engine/types.ts";
import { agentAnswers, syntheticInvocation } from "../policytest/agent-answers.ts";
import { formatExplanation, type Explanation } from "../policytest/explain-format.ts";
import { judgeInvocation } from "../policytest/run-input.ts";
import { inSandbox } from "../policytest/sandbox.ts";
import { collector, firstCandidate, hiddenKeys, traceHooks } from "../policytest/trace.ts";
import { readStdin } from "../run/hook-io.ts";
import { fail } from "./_output.ts";
import { AGENT_NEEDS_NATIVE, judgingPolicy, NATIVE_PAYLOAD_ARGS, nativeInvocation, normalizedEvents } from "./_event-input.ts";

export default defineCommand({
  meta: { name: "explain", description: "Show, hook by hook, why the policy decides what it does for an event read from stdin" },
  args: {
    json: { type: "boolean", description: "Print the explanation as JSON", default: false },
    ...NATIVE_PAYLOAD_ARGS,
    policy: { type: "string", description: "Explain this policy file (default: global + trusted project)" },
    cwd: { type: "string", description: "Directory to resolve the project from" },
  },
  async run({ args }) {
    const judging = judgingPolicy(args);
    if (!judging) return;
    const { cwd, env, policy } = judging;
    const hooks = enabledHookSet(policy.catalog.entries);
    const stdin = await readStdin();
    let invocation: Invocation;
    let respond: Parameters<typeof judgeInvocation>[3];
    if (args.agent) {
      const id = resolveHookAgent(args.agent.toLowerCase());
      if (!id) return fail(`unknown agent "${args.agent}".${didYouMean(args.agent, Object.keys(ADAPTERS))}`);
      if (!args.native) return fail(AGENT_NEEDS_NATIVE);
      const adapter = await loadAdapter(id);
      if (adapter.kindOf(args.native) === undefined) {
        const natives = [...new Set(adapter.registrations.map((r) => r.native))];
        return fail(`${adapter.title} has no event "${args.native}" that hookit knows.${didYouMean(args.native, natives, "Its events")}`);
      }
      const parsed = nativeInvocation(adapter, args.native, stdin);
      if (!parsed) return;
      invocation = parsed;
      respond = (decision) => adapter.respond(parsed, decision);
    } else {
      const events = normalizedEvents(stdin);
      if (!events) return;
      if (events.length !== 1) return fail(`explain reads one event, got ${events.length}`);
      const event = events[0] as NormalizedEvent;
      invocation = syntheticInvocation(event, event.agent ?? "hookit", "explain");
    }
    const { observer, steps } = collector();
    const explanation: Explanation = await inSandbox(policy.projectDir, env, async (sandbox) => {
      // Shells run in the copy; the facts (a parse, and git reading the repository for what a call
      // would discard) are read from the real project, which the copy has no history of.
      const context = { cwd: sandbox.project, toolCwd: cwd, projectDir: policy.projectDir, env: sandbox.env, observer };
      const judgement = await judgeInvocation(invocation, hooks, context, respond);
      const selected = new Set(
        judgement.outcomes.flatMap((o) => o.effects.flatMap((e) => (e.type === "request-action" ? [e.hookRef] : []))),
      );
      const first = invocation.events[0];
      return {
        policy: policy.files.filter((f) => f.text !== undefined).map((f) => f.path ?? f.storage),
        ...(policy.untrusted && { untrusted: policy.untrusted }),
        ...(policy.pending && { pending: policy.pending }),
        events: invocation.events,
        ...(firstCandidate(steps) && { candidate: firstCandidate(steps) }),
        ...(Object.keys(hiddenKeys(firstCandidate(steps))).length > 0 && { facts: hiddenKeys(firstCandidate(steps)) }),
        hooks: traceHooks(hooks, steps, selected),
        frozen: judgement.outcomes.map((o) => o.eventOutcomes[0]),
        decision: judgement.outcome,
        ...(judgement.reason !== undefined && { reason: judgement.reason }),
        messages: judgement.messages,
        ...(judgement.reply && { reply: { agent: invocation.agent, native: invocation.nativeEvent, ...judgement.reply } }),
        answers: first && judgement.decision ? await agentAnswers(first, judgement.decision) : [],
      };
    });
    process.stdout.write(args.json ? JSON.stringify(explanation, null, 2) + "\n" : formatExplanation(explanation));
  },
});
