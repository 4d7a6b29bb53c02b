// A source module bundled into two hot outputs that one `hookit hook` process loads together
// (hook.cjs, facts.cjs, packs.cjs, external.cjs, validate.cjs and the one adapter of the call) exists twice in
// that process. For a module of constants and functions that costs a little reading; for one that
// keeps state between calls (a cache, a counter) the two copies can disagree: one is cleared, the
// other still answers. The build fails on such a module unless STATE_SHARED_ON_PURPOSE says why
// its copies cannot disagree. State is read from the source: a top-level `let`/`var`, or a
// top-level empty Map or Set filled later (`const cache = new Map<…>()`; a Set of constants is not state).
import { readFileSync } from "node:fs";

/** Modules whose state is knowingly held twice, and why that is safe. */
const STATE_SHARED_ON_PURPOSE = {
  // derivePathFacts (hook.cjs, Read/Write tools) and the command facts (facts.cjs, shells) each
  // start with forgetPaths() on their own copy, and one call runs one of them per path it reads.
  "src/facts/paths.ts": "each copy's cache is cleared at the start of every derivation that reads it",
  // A memo of a pure function: the matcher a policy pattern compiles to is the same in either copy.
  "src/engine/filter.ts": "its one Map holds compiled patterns, the same in every copy",
  // A memo of the secret kinds the process's environment adds, read from process.env, which no hot
  // code changes: either copy reads the same variables.
  "src/base/secrets.ts": "its memo holds the secret kinds of process.env, the same in every copy",
};

const TOGETHER = ["dist/hook.cjs", "dist/facts.cjs", "dist/packs.cjs", "dist/external.cjs", "dist/validate.cjs"];
const STATE = /^(?:export\s+)?(?:let|var)\s|^(?:export\s+)?const\s+\w+[^=\n]*=\s*new\s+(?:Weak)?(?:Map|Set)\b.*\(\);?$/m;

/** The duplicated stateful modules of the hot outputs, as messages (none when the build may go on). */
export function statefulDuplicates(outputs) {
  const inputsOf = (output) => new Set(Object.keys(outputs[output]?.inputs ?? {}).filter((input) => input.startsWith("src/")));
  const adapters = Object.keys(outputs).filter((output) => /^dist\/adapters\/[^/]+\.cjs$/.test(output));
  const pairs = [];
  for (let i = 0; i < TOGETHER.length; i++) {
    for (const other of [...TOGETHER.slice(i + 1), ...adapters]) pairs.push([TOGETHER[i], other]);
  }
  const problems = new Set();
  for (const [a, b] of pairs) {
    const inB = inputsOf(b);
    for (const input of inputsOf(a)) {
      if (!inB.has(input) || Object.hasOwn(STATE_SHARED_ON_PURPOSE, input)) continue;
      if (STATE.test(readFileSync(input, "utf8")))
        problems.add(
          `${input} keeps state and is bundled into both ${a} and ${b}: move the state to one bundle, or say in scripts/hot-duplicates.mjs why two copies cannot disagree`,
        );
    }
  }
  return [...problems];
}
