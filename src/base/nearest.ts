// "Did you mean": every place a user names a flag, agent, event or outcome suggests the nearest
// choice, taken from the data that defines the choices (never a copied list).
/** The closest candidate within a small edit distance, for "did you mean". */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (best && best.distance <= Math.max(1, Math.floor(best.candidate.length / 3))) return best.candidate;
  // A word form of the choice ("blocked" for block, "install" for installed) is further than a
  // typo but means the same: the candidate one is a prefix of the other.
  const lower = word.toLowerCase();
  return candidates.find(
    (c) => Math.min(c.length, lower.length) >= 3 && (lower.startsWith(c.toLowerCase()) || c.toLowerCase().startsWith(lower)),
  );
}

/**
 * The end of an "unknown X" message: the nearest choice when one is close, then every choice, so
 * the user can act on it: ` Did you mean "claude"? Use one of: claude, codex.`
 */
export function didYouMean(word: string, choices: readonly string[], lead = "Use one of"): string {
  const near = nearest(word.trim(), choices);
  return `${near ? ` Did you mean "${near}"?` : ""} ${lead}: ${choices.join(", ")}.`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
