// Command and path facts in an evaluation: derived once per event, and only
// when a hook that may run needs them — a filter on a `hookit.*` key, or a
// `when`/`shell` that will see HOOKIT_COMMANDS / HOOKIT_PATHS.
import { readingFailed, tooComplexMark } from "../facts/unchecked.ts";
import { factCandidate, factEnv } from "../facts/candidate.ts";
import { derivePathFacts } from "../facts/file-tools.ts";
import { literalFacts } from "../facts/literal.ts";
import type { Facts } from "../facts/types.ts";
import { loadFacts } from "./facts-loader.lazy.ts";
import { FACT_PREFIX, FACTS, filterMatches } from "./filter.ts";
import { RESULT_FACT_KEYS, resultFacts, usesResultFacts } from "./result-facts.ts";
import type { EvaluationContext, Hook, NormalizedEvent } from "./types.ts";

const isShortcut = (command: string | undefined) => command === undefined || command === "true" || command === "false" || command === "";
/** A command or path fact key (the result facts need no parser: see attachResultFacts). */
const usesFactKeys = (hook: Hook) =>
  hook.filter !== undefined && Object.keys(hook.filter).some((key) => key.startsWith(FACT_PREFIX) && !Object.hasOwn(RESULT_FACT_KEYS, key));
const NAMES_FACTS = /HOOKIT_(COMMANDS|PATHS|UNRESOLVED|DISCARDS|PACKS)/;

/** The facts that cost more than a parse, asked for only by a policy that looks at them. */
export interface FactExtras {
  /** `hookit.discards`: git reads the repository (only for a line that could discard work). */
  discards: boolean;
  /** `hookit.packs`: the commands matched against the shipped packs. */
  packs: boolean;
}
const NONE: FactExtras = { discards: false, packs: false };

/** Which costly facts a tool_call hook looks at: its filter key, or a script that names the variable. */
export function wantsExtras(event: NormalizedEvent, hooks: readonly Hook[]): FactExtras {
  if (event.event !== "tool_call") return NONE;
  const extras = { discards: false, packs: false };
  const names = (hook: Hook, key: string, variable: string) =>
    (hook.filter !== undefined && Object.hasOwn(hook.filter, key)) ||
    hook.when?.includes(variable) === true ||
    hook.shell?.includes(variable) === true;
  for (const hook of hooks) {
    if (hook.event !== "tool_call") continue;
    extras.discards ||= names(hook, "hookit.discards", "HOOKIT_DISCARDS");
    extras.packs ||= names(hook, "hookit.packs", "HOOKIT_PACKS");
  }
  return extras;
}

/**
 * Whether a hook may look at facts: a fact key in its filter; on tool_call any
 * real `when`/`shell` (a guard script may read HOOKIT_PATHS); on tool_result
 * only one that names the variables, so the usual output scans (redaction)
 * never pay for a parse.
 */
function wantsFacts(hook: Hook, event: "tool_call" | "tool_result"): boolean {
  if (usesFactKeys(hook)) return true;
  const shells = [hook.when, hook.shell].filter((command) => !isShortcut(command)) as string[];
  return event === "tool_call" ? shells.length > 0 : shells.some((command) => NAMES_FACTS.test(command));
}

/** Whether some hook of this event would look at facts (its other filter keys match). */
export function needsFacts(event: NormalizedEvent, hooks: readonly Hook[], candidate: Record<string, unknown>): boolean {
  if (event.event !== "tool_call" && event.event !== "tool_result") return false;
  for (const hook of hooks) {
    if (hook.event !== event.event || !wantsFacts(hook, event.event)) continue;
    if (filterMatches(hook.filter, candidate, undefined, true)) return true;
  }
  return false;
}

/**
 * A tool result's own facts (`hookit.secrets`) on the candidate, when a tool_result hook
 * filters on them and its other keys match: a scan of the result text, no parser.
 */
export function attachResultFacts(event: NormalizedEvent, hooks: readonly Hook[], candidate: Record<string, unknown>): void {
  if (event.event !== "tool_result") return;
  for (const hook of hooks) {
    if (hook.event !== "tool_result" || !usesResultFacts(hook.filter) || !filterMatches(hook.filter, candidate, undefined, true)) continue;
    factsOf(candidate, resultFacts(event));
    return;
  }
}

/** Puts `keys` among the candidate's facts (the record is made once, on the first call). */
function factsOf(candidate: Record<string, unknown>, keys: Record<string, unknown[]>): void {
  const held = (candidate as { [FACTS]?: Record<string, unknown[]> })[FACTS];
  if (held) Object.assign(held, keys);
  else Object.defineProperty(candidate, FACTS, { value: keys, enumerable: false });
}

/** The event's facts, or `undefined` when it is not a bash or file-tool call. */
async function eventFacts(event: NormalizedEvent, context: EvaluationContext, extras: FactExtras = NONE): Promise<Facts | undefined> {
  if (event.event !== "tool_call" && event.event !== "tool_result") return undefined;
  const options = {
    cwd: context.toolCwd ?? context.cwd,
    projectDir: context.projectDir ?? context.cwd,
    env: context.env ?? process.env,
    ...extras,
    ...(context.sharedFacts && { shared: context.sharedFacts }),
  };
  if (event.toolName !== "bash") return derivePathFacts(event.toolName, event.input, options); // no parser needed
  if (typeof event.input.command !== "string") return undefined;
  // `echo hello`: one data program's plain words, read without the parser (facts/literal.ts); such a
  // line discards no work. With packs on, their matcher (in the parser's bundle) still sees it.
  const literal = extras.packs ? undefined : literalFacts(event.input.command, options.cwd);
  if (literal) return literal;
  const { deriveCommandFacts } = await loadFacts(); // the parser, loaded on first need
  return deriveCommandFacts(event.input.command, options);
}

/** Attaches the facts to the filter candidate and returns their shell variables. */
export async function attachFacts(
  event: NormalizedEvent,
  candidate: Record<string, unknown>,
  context: EvaluationContext,
  extras: FactExtras = NONE,
): Promise<Record<string, string> | undefined> {
  let keys: Record<string, string[]>;
  let env: Record<string, string>;
  try {
    const facts = await eventFacts(event, context, extras);
    if (!facts) return undefined;
    keys = factCandidate(facts);
    env = factEnv(facts);
  } catch (error) {
    const unresolved = [readingFailed((error as Error).message)];
    keys = { "hookit.unresolved": unresolved };
    env = { HOOKIT_UNRESOLVED: JSON.stringify(unresolved) };
  }
  factsOf(candidate, keys);
  return env;
}

/**
 * Why a tool call whose facts stopped short (the line was past their budget,
 * src/facts/budget.ts) is refused; `undefined` when the facts read it all. The
 * hooks that look at facts would judge a line they did not see: fail closed.
 */
export function tooComplexReason(event: NormalizedEvent, candidate: Record<string, unknown>): string | undefined {
  if (event.event !== "tool_call") return undefined;
  const unresolved = (candidate as { [FACTS]?: Record<string, string[]> })[FACTS]?.["hookit.unresolved"];
  const mark = unresolved && tooComplexMark(unresolved);
  return mark && `hookit: blocked — this command is ${mark}.`;
}

/** For `hookit check --json`: the facts and the `hookit.*` filter keys made of them. */
export async function describeFacts(
  event: NormalizedEvent,
  context: EvaluationContext,
): Promise<(Facts & { keys: Record<string, string[]> }) | null> {
  const facts = await eventFacts(event, context, event.event === "tool_call" ? { discards: true, packs: true } : NONE);
  return facts ? { ...facts, keys: factCandidate(facts) } : null;
}
