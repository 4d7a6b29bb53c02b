// The work one command line may cost the facts. A line past it (thousands of
// commands, substitutions nested so deep that each level multiplies the work)
// is not read to the end: the facts stop and say so in `unresolved` with the
// TOO_COMPLEX mark, and every guard refuses such a call (docs/security.md,
// "Limits"): what was not read cannot be allowed. The bound is in steps, so the
// verdict does not depend on how busy the machine is, with a wall-clock cap
// well under the agents' hook timeouts behind it (the marks: unchecked.ts).

const MAX_STEPS = 50_000;
const MAX_MS = 500;

let steps = 0;
let deadline = Number.POSITIVE_INFINITY;

/** Thrown out of the walk when the budget is spent; deriveCommandFacts turns it into the mark. */
export class BudgetSpent extends Error {}

/** Starts a line's budget. */
export function startBudget(): void {
  steps = 0;
  deadline = Date.now() + MAX_MS; // Date, not performance: the global `performance` loads nine perf modules on first use (test/run/hook/hot-path-bundle.test.ts)
}

/** Ends it: work outside a line's reading (a test expanding one word) is not bounded by its clock. */
export function endBudget(): void {
  steps = 0;
  deadline = Number.POSITIVE_INFINITY;
}

/** One unit of work (a command walked, a word expanded); throws BudgetSpent past the bound. */
export function spend(): void {
  steps++;
  if ((steps & 1023) !== 0) return; // the clock is read once per 1,024 steps
  if (steps > MAX_STEPS) throw new BudgetSpent(`more than ${MAX_STEPS} steps`);
  if (Date.now() > deadline) throw new BudgetSpent(`more than ${MAX_MS} ms`);
}
