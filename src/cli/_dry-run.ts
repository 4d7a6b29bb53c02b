// `hookit check --dry-run`: which enabled hooks an event would run, decided by the
// same filter the engine uses, without starting any `when` or `shell` (a recipe's
// shell may write an audit log or call a service; a dry run must not).
import { filterCandidate, hookitCandidate } from "../engine/events.ts";
import { attachFacts, needsFacts, wantsExtras } from "../engine/facts.ts";
import { filterMatches } from "../engine/filter.ts";
import type { EvaluationContext, Hook, NormalizedEvent } from "../engine/types.ts";

export async function dryRunLines(event: NormalizedEvent, hooks: readonly Hook[], context: EvaluationContext): Promise<string[]> {
  const candidate = filterCandidate(event, hookitCandidate(event));
  // Facts are derived (no hook runs; git only reads the repository), so `hookit.*` keys decide as they would for real.
  if (needsFacts(event, hooks, candidate)) await attachFacts(event, candidate, context, wantsExtras(event, hooks));
  const mine = hooks.filter((hook) => hook.event === event.event);
  const lines = [`${event.event}: ${mine.length === 0 ? "no enabled hook listens to this event" : "dry run, nothing was executed"}`];
  for (const hook of mine) {
    if (!filterMatches(hook.filter, candidate)) {
      lines.push(`  - ${hook.ref}: skipped (its filter does not match)`);
      continue;
    }
    const steps = [
      hook.when !== undefined && `when \`${hook.when}\``,
      `shell \`${hook.shell}\``,
      hook.action && `then ${hook.action.type} on ${[hook.action.outcome].flat().join("/")}`,
    ].filter(Boolean);
    lines.push(`  + ${hook.ref}: would run: ${steps.join(", ")}${hook.timeout !== undefined ? ` (timeout ${hook.timeout} ms)` : ""}`);
  }
  return lines;
}
