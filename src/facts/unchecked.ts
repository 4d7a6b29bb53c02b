// The marks a line the facts did not read to its end carries in `unresolved`
// (src/facts/budget.ts says when that is), and how a guard recognises them. Apart
// from the budget's counters so the hot path, which only reads the marks, bundles
// no second copy of that state (scripts/hot-duplicates.mjs).

/** The start of the `unresolved` entry of code an interpreter runs inline (`inline code: python3 -c`), its program next. */
export const INLINE_CODE = "inline code: ";

/** The start of the `unresolved` entry of a line the facts stopped reading. */
export const TOO_COMPLEX = "too complex to check";

/** The mark's text for a reason the facts stopped. */
export const tooComplex = (why: string) => `${TOO_COMPLEX}: ${why}; split the command into smaller ones`;

/** The start of the `unresolved` entry of a line whose reading failed on an error of hookit's own. */
export const UNCHECKED = "not checked: hookit's reading of it failed";

/** The mark of an error in the facts themselves: a line not read to its end, refused like one past the budget. */
export const readingFailed = (message: string) => `${UNCHECKED} (${message}); report it, and split the command meanwhile`;

/** The mark when `unresolved` holds one: the facts did not read the whole line (past the budget, or failed). */
export function tooComplexMark(unresolved: readonly string[]): string | undefined {
  for (const entry of unresolved) {
    if (entry.startsWith(TOO_COMPLEX) || entry.startsWith(UNCHECKED)) return entry;
  }
  return undefined;
}
