// The policy test file format (`.hookit/tests/*.json`) and its reader. One
// file holds cases; each case is one event — normalized (`hookit check`'s
// input) or an agent's native payload — and the outcome it must get.
import { readFileSync } from "node:fs";
import * as z from "zod/mini";
import { parseEventStream } from "./event-input.ts";
import { NATIVE_EVENTS } from "../engine/types.ts";
import { resolveHookAgent } from "../agents/registry.ts";
import { OUTCOMES, type Input, type Outcome } from "./run-input.ts";

const text = z.string().check(z.minLength(1));
const expectSchema = z.strictObject({
  outcome: z.enum(OUTCOMES),
  reason: z.optional(text),
  message: z.optional(text),
  hooks: z.optional(z.array(text)),
});
const common = { name: text, description: z.optional(z.string()), expect: expectSchema };
const normalizedCase = z.strictObject({ ...common, event: z.looseObject({ event: z.enum(NATIVE_EVENTS) }) });
const nativeCase = z.strictObject({ ...common, agent: text, native: text, payload: z.unknown() });
const fileSchema = z.strictObject({ $schema: z.optional(z.string()), cases: z.array(z.union([normalizedCase, nativeCase])) });
const fileShape = z.strictObject({ $schema: z.optional(z.string()), cases: z.array(z.unknown()) });

function issues(list: readonly { path: readonly PropertyKey[]; message: string }[], prefix: PropertyKey[]): string {
  return list
    .map((i) => {
      const path = [...prefix, ...i.path].map(String).join(".");
      return `${path || "(file)"}: ${i.message}`;
    })
    .join("; ");
}

export interface Expectation {
  outcome: Outcome;
  /** Text the reason must contain (block / patch / cancel reason, ask question, continuation). */
  reason?: string;
  /** Text some message must contain (notices, presented messages, Action messages). */
  message?: string;
  /** Exactly these hooks failed (refs, e.g. `local/no-force-push`), in any order. */
  hooks?: string[];
}

export interface TestCase {
  file: string;
  name: string;
  input: Input;
  expect: Expectation;
}

export type FileResult = { file: string; cases: TestCase[] } | { file: string; error: string };

export function readCaseFile(file: string): FileResult {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return { file, error: (error as Error).message };
  }
  const parsed = z.safeParse(fileShape, value);
  if (!parsed.success) return { file, error: issues(parsed.error.issues, []) };
  const cases: TestCase[] = [];
  for (const [i, raw] of parsed.data.cases.entries()) {
    // Checked against the one shape it means (a union's error would say only "Invalid input").
    const shape = raw !== null && typeof raw === "object" && "event" in raw ? normalizedCase : nativeCase;
    const one = z.safeParse(shape, raw);
    if (!one.success) return { file, error: issues(one.error.issues, ["cases", i]) };
    const c = one.data;
    const where = `cases.${i} ("${c.name}")`;
    let input: Input;
    if ("event" in c) {
      try {
        input = { event: parseEventStream(JSON.stringify(c.event))[0] as NonNullable<ReturnType<typeof parseEventStream>[0]> };
      } catch (error) {
        return { file, error: `${where}: ${(error as Error).message.replace(/^the event: /, "event: ")}` };
      }
    } else {
      if (!resolveHookAgent(c.agent.toLowerCase())) return { file, error: `${where}: unknown agent "${c.agent}"` };
      input = { agent: c.agent, native: c.native, payload: c.payload };
    }
    cases.push({ file, name: c.name, input, expect: c.expect });
  }
  return { file, cases };
}

/** The JSON Schema of a test file (shipped as dist/policy-tests.schema.json). */
export function testFileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(fileSchema, { unrepresentable: "any" }) as Record<string, unknown>;
  schema.title = "hookit policy tests (.hookit/tests/*.json)";
  return schema;
}
