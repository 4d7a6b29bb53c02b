// The policy schema (HooKit's hookit.json format, hookit-semantics §2.3–2.7) in
// zod. Structural rules live in the schema (and so in `hookit schema`);
// cross-field rules that JSON Schema cannot say well are checks below.
import * as z from "zod/mini";
import { ACTION_TYPES, EVENTS, HOOK_OUTCOMES, type EventName, type HookOutcome } from "./types.ts";
import { FACT_KEYS as COMMAND_FACT_KEYS, FACT_PREFIX } from "../facts/candidate.ts";
import { RESULT_FACT_KEYS } from "./result-facts.ts";

/** Every `hookit.*` filter key: the command and path facts, and the result facts. */
const FACT_KEYS: Readonly<Record<string, string>> = { ...COMMAND_FACT_KEYS, ...RESULT_FACT_KEYS };

const outcome = z.enum(HOOK_OUTCOMES);
const finite = z.number().check(z.refine(Number.isFinite));
const code = z.union([finite, z.null()]);
const selector = {
  outcome: z.union([outcome, z.array(outcome).check(z.minLength(1))]),
  code: z.optional(z.union([code, z.array(code).check(z.minLength(1))])),
};
const nonBlank = z.string().check(z.refine((s) => s.trim().length > 0));

export const actionSchema = z.union([
  z.strictObject({ type: z.literal("interrupt"), ...selector }),
  z.strictObject({ type: z.literal("shutdown"), interrupt: z.optional(z.boolean()), ...selector }),
  z.strictObject({ type: z.literal("compact"), instructions: z.optional(z.string()), ...selector }),
  z.strictObject({
    type: z.literal("message"),
    message: nonBlank,
    delivery: z.enum(["steer", "followUp", "nextTurn"]),
    triggerTurn: z.optional(z.boolean()),
    sendAs: z.optional(z.enum(["custom", "user"])),
    ...selector,
  }),
  z.strictObject({ type: z.literal("emit-custom-event"), name: nonBlank, data: z.optional(z.unknown()), ...selector }),
]);

const scalar = z.union([z.string(), finite, z.boolean(), z.null()]);
const filterSchema = z.record(z.string(), z.union([scalar, z.array(scalar)]));

export const hookSchema = z.strictObject({
  description: z.string(),
  event: z.enum(EVENTS),
  filter: z.optional(filterSchema),
  when: z.optional(z.string()),
  shell: z.optional(z.string()),
  action: z.optional(actionSchema),
  default: z.optional(z.boolean()),
  /** hookit extension: timeout of each `when`/`shell` run in ms (HooKit: fixed 5000). */
  timeout: z.optional(z.int().check(z.minimum(1), z.maximum(600_000))),
  /** hookit extension, tool_call only: a failure asks the user to confirm instead of blocking. */
  ask: z.optional(z.boolean()),
  /** hookit extension, tool_result only: a failure redacts the secrets hookit recognizes instead of suppressing the result. */
  redact: z.optional(z.boolean()),
});

const LOCAL_REF = /^local\/[^/\x00]+$/;
const REPO_REF = /^(?!local\/)[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+\/[^/\x00]+$/;
export const presetSchema = z.strictObject({
  description: z.string(),
  preset: z.array(z.string().check(z.refine((s) => LOCAL_REF.test(s) || REPO_REF.test(s)))),
  default: z.optional(z.boolean()),
});

export type HookRecord = z.infer<typeof hookSchema>;

const ALLOWED: Record<EventName, readonly HookOutcome[]> = {
  tool_call: ["pass", "block"],
  tool_result: ["pass", "patch"],
  turn_end: ["pass", "report"],
  agent_end: ["pass", "report"],
  agent_settled: ["pass", "report"],
  hook_result: ["pass", "report"],
  session_before_switch: ["pass", "cancel"],
  session_before_fork: ["pass", "cancel"],
};
const HOOK_RESULT_FILTER_KEYS = new Set(["event", "hookRef", "invocationId", "outcome", "code"]);
const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

/** Rules across fields of a structurally valid hook. */
export function hookRulesHold(hook: HookRecord): boolean {
  if (hook.shell === undefined && hook.action === undefined) return false;
  if (hook.event === "hook_result" && hook.filter && !hookResultFilterValid(hook.filter)) return false;
  if (hook.ask !== undefined && hook.event !== "tool_call") return false;
  if (hook.redact !== undefined && hook.event !== "tool_result") return false;
  const action = hook.action;
  if (!action) return true;
  const outcomes = asArray(action.outcome);
  if (!outcomes.every((o) => ALLOWED[hook.event].includes(o))) return false;
  if (action.code !== undefined) {
    const codes = asArray(action.code);
    const passFeasible = outcomes.includes("pass") && codes.includes(0);
    const failFeasible = outcomes.some((o) => o !== "pass") && codes.some((c) => c === null || c !== 0);
    if (!passFeasible && !failFeasible) return false;
  }
  if (action.type === "message") {
    if (action.delivery === "nextTurn" && action.triggerTurn === true) return false;
    if (action.sendAs === "user" && (action.delivery === "nextTurn" || action.triggerTurn !== undefined)) return false;
  }
  return true;
}

function hookResultFilterValid(filter: Record<string, unknown>): boolean {
  for (const [key, value] of Object.entries(filter)) {
    if (!HOOK_RESULT_FILTER_KEYS.has(key)) return false;
    const values = asArray(value);
    if (key === "outcome") {
      if (!values.every((v) => (HOOK_OUTCOMES as readonly unknown[]).includes(v))) return false;
    } else if (key === "code") {
      if (!values.every((v) => v === null || typeof v === "number")) return false;
    } else if (!values.every((v) => typeof v === "string")) return false;
  }
  return true;
}

/** The whole file, for `hookit schema`. Entry-level rules above are not expressible here. */
export function fileJsonSchema(): Record<string, unknown> {
  const entry = z.union([hookSchema, presetSchema]);
  const section = z.record(z.string().check(z.regex(/^[^/\u0000]+$/)), entry);
  const file = z.looseObject({
    $schema: z.optional(z.string()),
    repos: z.optional(z.array(z.string().check(z.regex(/^[^/]+\/[^/]+$/)))),
    local: z.optional(section),
  });
  const schema = z.toJSONSchema(file, { unrepresentable: "any" }) as Record<string, unknown>;
  const props = schema.properties as Record<string, unknown>;
  // Any other top-level key is an owner/repo section of the same shape as `local`.
  schema.additionalProperties = props.local;
  (props.repos as Record<string, unknown>).uniqueItems = true;
  schema.title = "hookit policy (HooKit hookit.json format)";
  describeFactKeys(schema);
  return schema;
}

// --- hookit extension: fact keys (`hookit.*`, docs/configuration.md) ---------

const FACT_EVENTS: ReadonlySet<string> = new Set(["tool_call", "tool_result"]);
/** Read from the repository before the call runs; after it, the work is already gone. */
const CALL_ONLY_FACT = "hookit.discards";

/** A `hookit.*` filter key must be a known fact, on a tool event, with string patterns. */
export function factFilterProblem(ref: string, event: string, filter: Record<string, unknown> | undefined): string | undefined {
  if (!filter) return undefined;
  for (const [key, value] of Object.entries(filter)) {
    if (!key.startsWith(FACT_PREFIX)) continue;
    if (!Object.hasOwn(FACT_KEYS, key)) {
      return `entry "${ref}" filter["${key}"] is not a hookit fact; the reserved "${FACT_PREFIX}" keys are ${Object.keys(FACT_KEYS).join(", ")}`;
    }
    if (!FACT_EVENTS.has(event)) return `entry "${ref}" filter["${key}"]: facts exist only on tool_call and tool_result events`;
    if (Object.hasOwn(RESULT_FACT_KEYS, key) && event !== "tool_result")
      return `entry "${ref}" filter["${key}"]: result facts exist only on tool_result events`;
    if (key === CALL_ONLY_FACT && event !== "tool_call")
      return `entry "${ref}" filter["${key}"]: what a call would discard is known only before it runs, on tool_call events`;
    const list = Array.isArray(value) ? value : [value];
    if (list.length === 0 || !list.every((v) => typeof v === "string"))
      return `entry "${ref}" filter["${key}"] must be a regex string or a list of them`;
  }
  return undefined;
}

/** Adds the fact keys to the JSON Schema of every `filter` object. */
function describeFactKeys(node: unknown): void {
  if (node === null || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  const filter = (record.properties as Record<string, Record<string, unknown>> | undefined)?.filter;
  if (filter && typeof filter === "object") {
    const pattern = { type: "string", format: "regex" };
    filter.properties = Object.fromEntries(
      Object.entries(FACT_KEYS).map(([key, description]) => [
        key,
        {
          description: `hookit fact${Object.hasOwn(RESULT_FACT_KEYS, key) ? "" : key === CALL_ONLY_FACT ? " (tool_call)" : " (tool_call, tool_result)"}: ${description}. Matches when any element matches.`,
          anyOf: [pattern, { type: "array", items: pattern, minItems: 1 }],
        },
      ]),
    );
    const known = Object.keys(FACT_KEYS)
      .map((key) => key.slice(FACT_PREFIX.length))
      .join("|");
    filter.propertyNames = { not: { pattern: `^hookit\\.(?!(${known})$)` } };
  }
  for (const value of Object.values(record)) describeFactKeys(value);
}
