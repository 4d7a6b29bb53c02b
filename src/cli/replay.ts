import { defineCommand } from "citty";
import { resolve } from "node:path";
import { stateDir } from "../base/paths.ts";
import { formatReplay, replayRecords, selectRecords } from "../policytest/replay.ts";
import { inSandbox } from "../policytest/sandbox.ts";
import { readDecisionLog } from "../run/decision-log.ts";
import { resolveLogAgent } from "./log.ts";
import { fail, note } from "./_output.ts";
import { triedPolicy, triedPolicyArgs } from "./_tried-policy.ts";

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `7d`, `12h`, `30m`, `2w`, or a date/time (`2026-11-30`, ISO 8601) → ms since the epoch. */
function parseSince(text: string, now = Date.now()): number | undefined {
  const relative = /^(\d+)\s*([smhdw])$/.exec(text.trim());
  if (relative) return now - Number(relative[1]) * (UNITS[relative[2] as string] as number);
  const absolute = Date.parse(text);
  return Number.isNaN(absolute) ? undefined : absolute;
}

export default defineCommand({
  meta: {
    name: "replay",
    description: "Re-evaluate the logged tool calls against the policy on disk (or --policy FILE) and list every flip",
  },
  args: {
    since: { type: "string", description: "Only calls logged since then: 7d, 12h, 30m, 2w or a date (default: the whole log)" },
    agent: { type: "string", description: "Only this agent's calls" },
    ...triedPolicyArgs("Replay against this policy file (default: global + project policy as they are on disk, trusted or not)"),
    json: { type: "boolean", description: "Print the result as JSON", default: false },
  },
  async run({ args }) {
    const cwd = resolve(args.cwd ?? process.cwd());
    const since = args.since === undefined ? undefined : parseSince(args.since);
    if (args.since !== undefined && since === undefined)
      return fail(`--since must be like 7d, 12h, 30m, 2w or a date, got "${args.since}"`);
    const candidate = triedPolicy(
      cwd,
      { explicit: args.policy },
      (diagnostics) =>
        `the policy is invalid, nothing can be replayed:\n${diagnostics}\nFix it (hookit validate shows every problem), then replay again.`,
    );
    if (!candidate) return;
    const all = readDecisionLog(stateDir());
    let agent: string | undefined;
    if (args.agent) {
      const resolved = resolveLogAgent(args.agent, all);
      if ("error" in resolved) return fail(resolved.error);
      agent = resolved.id;
    }
    const records = selectRecords(all, { since, agent });
    if (!args.json)
      note.info(
        `replaying ${records.length} logged tool call${records.length === 1 ? "" : "s"} against ${candidate.described.join(" + ") || "no policy file"}`,
      );
    const tty = process.stderr.isTTY === true && !args.json;
    const progress = tty
      ? (done: number, total: number) => process.stderr.write(`\r  ${done}/${total}${done === total ? "\n" : ""}`)
      : undefined;
    const result = await inSandbox(candidate.projectDir, process.env, (sandbox) =>
      replayRecords(records, candidate.hooks, { cwd: sandbox.project, env: sandbox.env }, progress),
    );
    process.stdout.write(args.json ? JSON.stringify(result, null, 2) + "\n" : formatReplay(result));
    process.exitCode = result.flips.length > 0 ? 2 : 0;
  },
});
