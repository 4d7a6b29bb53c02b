// `hookit hook` cases from data, run through the built binary the same way for every agent: each
// agent's file lists its fixtures, the policy they run under and the exact reply each must get.
// (The cases whose expectations come from the harness's spec are _suites.ts.)
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { decisionLog, FIXTURES, fixtureText, type Reply, runHook, sandbox } from "../../_sandbox.ts";
import { jsonLine, PASS_POLICY } from "./_texts.ts";
import type { HarnessSpec } from "./_suites.ts";

/** The agent, and the harness rules every reply must follow (when the file has them). */
export type Harness = Pick<HarnessSpec, "agent"> & Partial<Pick<HarnessSpec, "check">>;

/** A reply with exit 0: one JSON object line on stdout (nothing without a value), `stderr` as given. */
export const answer = (value?: unknown, stderr = ""): Reply => ({
  stdout: value === undefined ? "" : jsonLine(value),
  stderr,
  exitCode: 0,
});

/** One run of the hook: the native event, what reaches stdin, the whole reply it must get. */
export interface Step {
  event: string;
  stdin: string;
  reply: Reply;
}

/** A step on a captured fixture; the event is the part of its name before the first dash. */
export function onFixture(agent: string, file: string, reply: Reply, stdin = fixtureText(agent, file)): Step {
  return { event: eventOf(file), stdin, reply };
}

export interface HookCase {
  name: string;
  policy: unknown;
  /** Run in order in one sandbox, so a later step sees the session state an earlier one left. */
  steps: Step[];
  /** The whole decision log after the last step, when the case checks it. */
  log?: unknown;
}

/** A table of fixtures and the tool each is about, under one policy: one single-step case a row. */
export interface FixtureTable {
  policy: unknown;
  rows: Array<[file: string, tool: string]>;
  name(file: string): string;
  reply(tool: string): Reply;
}

/** The table's rows as cases, named `<agent>: <title> > <name(file)>`. */
export function describeFixtureTable(harness: Harness, title: string, table: FixtureTable): void {
  const cases = table.rows.map(([file, tool]) => ({
    name: table.name(file),
    policy: table.policy,
    steps: [onFixture(harness.agent, file, table.reply(tool))],
  }));
  describeHookCases(harness, title, cases);
}

/** Each case in a fresh sandbox, named `<agent>: <title> > <case>`. */
export function describeHookCases(harness: Harness, title: string, cases: HookCase[]): void {
  describe(`${harness.agent}: ${title}`, () => {
    for (const { name, policy, steps, log } of cases) {
      test(name, async () => {
        const box = sandbox({ policyFile: true });
        box.policy(policy);
        for (const [index, step] of steps.entries()) {
          const reply = await runHook(box, harness.agent, step.event, step.stdin);
          harness.check?.(reply, step.event);
          expect(reply, `step ${index + 1}, ${step.event}`).toEqual(step.reply);
        }
        if (log !== undefined) expect(decisionLog(box)).toEqual(log);
      });
    }
  });
}

export interface PassingPolicy {
  /** The reply each native event gets when every hook passes; nothing with exit 0 unless given. */
  reply?(nativeEvent: string): Reply;
  /** The PASS_POLICY hook each native event runs (`local/allow`, …); an event not named runs none. */
  hooks: Record<string, string>;
  /** The hooks a file runs where its event's hook runs more than once (a patch of two files). */
  hooksByFile?: Record<string, string[]>;
  /** stdin by file name: payloads beyond test/fixtures/<agent>/, or in place of one there. */
  stdin?: Record<string, string>;
}

/**
 * Every payload file of the agent under a policy whose hooks all pass: the reply, and one
 * decision-log record saying the hooks the event runs passed.
 */
export function describePassingPolicy(harness: Harness, passing: PassingPolicy): void {
  const { agent } = harness;
  const replyTo = passing.reply ?? (() => answer());
  const files = readdirSync(join(FIXTURES, agent))
    .filter((file) => file.endsWith(".json"))
    .sort();
  const stdin = { ...Object.fromEntries(files.map((file) => [file, fixtureText(agent, file)])), ...passing.stdin };
  describeHookCases(
    harness,
    "a passing policy",
    Object.entries(stdin).map(([file, text]) => {
      const event = eventOf(file);
      const hook = passing.hooks[event];
      const hooks = passing.hooksByFile?.[file] ?? (hook === undefined ? [] : [hook]);
      const said = replyTo(event).stdout.trim();
      return {
        name: `${file} is answered with ${said === "" ? "nothing" : said} and exit 0; its hooks ran and passed`,
        policy: PASS_POLICY,
        steps: [onFixture(agent, file, replyTo(event), text)],
        log: [expect.objectContaining({ agent, event, outcome: "pass", hooks })],
      };
    }),
  );
}

function eventOf(file: string): string {
  return file.replace(/\.json$/, "").split("-")[0] as string;
}
