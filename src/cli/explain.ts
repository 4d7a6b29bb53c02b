import { defineCommand } from "citty";
import { resolve } from "node:path";
import { ADAPTERS, loadAdapter, resolveHookAgent } from "../agents/registry.ts";
import { didYouMean } from "../base/nearest.ts";
import type { Invocation } from "../contract/types.ts";
import { enabledHookSet } from "../engine/enabled.ts";
import type { NormalizedEvent } from "../engine/types.ts";
import { agentAnswers, syntheticInvocation } from "../policytest/agent-answers.ts";
import { formatExplanation, type Explanation } from "../policytest/explain-format.ts";
import { judgeInvocation } from "../policytest/run-input.ts";
import { createSandbox } from "../policytest/sandbox.ts";
import { collector, firstCandidate, hiddenKeys, traceHooks } from "../policytest/trace.ts";
import { readStdin } from "../run/hook-io.ts";
import { parseEventStream } from "../policytest/event-input.ts";
import { fail } from "./_output.ts";
import { diagnosticLines, loadEffectivePolicy } from "./_policy.ts";

export default defineCommand({
  meta: { name: "explain", description: "Show, hook by hook, why the policy decides what it does for an event read from stdin" },
  args: {
    json: { type: "boolean", description: "Print the explanation as JSON", default: false },
    agent: { type: "string", description: "Read the agent's native payload instead of a normalized event" },
    native: { type: "string", description: "The native event name, with --agent (e.g. PreToolUse)" },
    policy: { type: "string", description: "Explain this policy file (default: global + trusted project)" },
    cwd: { type: "string", description: "Directory to resolve the project from" },
  },
  async run({ args }) {
    const cwd = resolve(args.cwd ?? process.cwd());
    const env = args.policy ? { ...process.env, HOOKIT_CONFIG: resolve(args.policy) } : process.env;
    const policy = loadEffectivePolicy(cwd, env);
    if (!policy.catalog.ok) {
      return fail(`the policy is invalid, no hook would run:\n${diagnosticLines(policy.catalog.diagnostics, policy.files)}`);
    }
    const hooks = enabledHookSet(policy.catalog.entries);
    const stdin = await readStdin();
    let invocation: Invocation;
    let respond: Parameters<typeof judgeInvocation>[3];
    if (args.agent) {
      const id = resolveHookAgent(args.agent.toLowerCase());
      if (!id) return fail(`unknown agent "${args.agent}".${didYouMean(args.agent, Object.keys(ADAPTERS))}`);
      if (!args.native) return fail("--agent needs --native <event>, e.g. --native PreToolUse");
      const adapter = await loadAdapter(id);
      if (adapter.kindOf(args.native) === undefined) {
        const natives = [...new Set(adapter.registrations.map((r) => r.native))];
        return fail(`${adapter.title} has no event "${args.native}" that hookit knows.${didYouMean(args.native, natives, "Its events")}`);
      }
      try {
        invocation = adapter.parse(args.native, JSON.parse(stdin));
      } catch (error) {
        return fail(`cannot read the ${adapter.title} ${args.native} payload: ${(error as Error).message}`);
      }
      const parsed = invocation;
      respond = (decision) => adapter.respond(parsed, decision);
    } else {
      let events: NormalizedEvent[];
      try {
        events = parseEventStream(stdin);
      } catch (error) {
        return fail((error as Error).message);
      }
      if (events.length !== 1) return fail(`explain reads one event, got ${events.length}`);
      const event = events[0] as NormalizedEvent;
      invocation = syntheticInvocation(event, event.agent ?? "hookit", "explain");
    }
    const sandbox = createSandbox(policy.projectDir, env);
    const { observer, steps } = collector();
    let explanation: Explanation;
    try {
      // Shells run in the copy; the facts (a parse, and git reading the repository for what a call
      // would discard) are read from the real project, which the copy has no history of.
      const context = { cwd: sandbox.project, toolCwd: cwd, projectDir: policy.projectDir, env: sandbox.env, observer };
      const judgement = await judgeInvocation(invocation, hooks, context, respond);
      const selected = new Set(
        judgement.outcomes.flatMap((o) => o.effects.flatMap((e) => (e.type === "request-action" ? [e.hookRef] : []))),
      );
      const first = invocation.events[0];
      explanation = {
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
    } finally {
      sandbox.dispose();
    }
    process.stdout.write(args.json ? JSON.stringify(explanation, null, 2) + "\n" : formatExplanation(explanation));
  },
});
