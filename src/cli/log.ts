import { defineCommand } from "citty";
import { AGENT_IDS, ALIASES, resolveHookAgent } from "../agents/registry.ts";
import { stateDir } from "../base/paths.ts";
import { decisionLogPath, LOGGED_OUTCOMES, readDecisionLog, type LogRecord } from "../run/decision-log.ts";
import { didYouMean, nearest } from "../base/nearest.ts";
import { fail, logger } from "./_output.ts";

const COLOURS: Record<string, string> = { block: "31", ask: "36", patch: "33", continue: "35", report: "33", pass: "32" };

function formatTable(records: readonly LogRecord[], colour: boolean): string {
  const head = ["time", "agent", "event", "tool", "outcome", "hooks", "ms"];
  const rows = records.map((r) => [
    r.ts.replace("T", " ").slice(0, 19),
    r.agent,
    r.probe ? `${r.event} (probe)` : r.event,
    r.tool ?? "",
    r.outcome,
    r.hooks.join(",") || "-",
    String(r.durationMs),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const fmt = (cells: string[], paint = false) =>
    cells
      .map((cell, i) => {
        const padded = cell.padEnd(widths[i] as number);
        return paint && i === 4 && COLOURS[cell] ? `\x1b[${COLOURS[cell]}m${padded}\x1b[0m` : padded;
      })
      .join("  ")
      .trimEnd();
  return [fmt(head), ...rows.map((row) => fmt(row, colour))].join("\n") + "\n";
}

/**
 * The agent id an `--agent` value means: a built-in name or alias (any case),
 * or a name the log holds (an external adapter). Anything else is a typo.
 */
export function resolveLogAgent(name: string, records: readonly LogRecord[]): { id: string } | { error: string } {
  const lower = name.toLowerCase();
  const builtIn = resolveHookAgent(lower) ?? (AGENT_IDS as readonly string[]).find((id) => id === lower);
  if (builtIn) return { id: builtIn };
  if (records.some((r) => r.agent === name)) return { id: name };
  const known = [...new Set([...AGENT_IDS, ...Object.keys(ALIASES), ...records.map((r) => r.agent)])];
  const near = nearest(lower, known);
  return { error: `unknown agent "${name}".${near ? ` Did you mean "${near}"?` : ""} Expected one of ${AGENT_IDS.join(", ")}.` };
}

export default defineCommand({
  meta: { name: "log", description: "Show hookit's recent decisions (newest last)" },
  args: {
    json: {
      type: "boolean",
      description: "One JSON record per line (with the recorded events: pipe one into hookit check)",
      default: false,
    },
    n: { type: "string", description: "How many records (default 20)", default: "20" },
    agent: { type: "string", description: "Only this agent" },
    session: { type: "string", description: "Only this session id" },
    probes: { type: "boolean", description: "Include the calls hookit doctor made to probe each install", default: false },
    outcome: { type: "string", description: `Only this outcome (${LOGGED_OUTCOMES.join(", ")})` },
  },
  run({ args }) {
    const limit = Number.parseInt(args.n, 10);
    if (!Number.isInteger(limit) || limit < 1) return fail(`-n must be a positive whole number, got "${args.n}"`);
    const dir = stateDir();
    const all = readDecisionLog(dir);
    // An outcome no record can hold would print "no decisions logged yet": a typo, not an empty log.
    if (args.outcome !== undefined && !(LOGGED_OUTCOMES as readonly string[]).includes(args.outcome)) {
      return fail(`unknown outcome "${args.outcome}".${didYouMean(args.outcome, LOGGED_OUTCOMES)}`);
    }
    let agent: string | undefined;
    if (args.agent) {
      const resolved = resolveLogAgent(args.agent, all);
      if ("error" in resolved) return fail(resolved.error);
      agent = resolved.id;
    }
    const records = all
      .filter((r) => args.probes || !r.probe)
      .filter((r) => !agent || r.agent === agent)
      .filter((r) => !args.session || r.session === args.session)
      .filter((r) => !args.outcome || r.outcome === args.outcome)
      .slice(-limit);
    if (args.json) {
      process.stdout.write(records.map((r) => JSON.stringify(r) + "\n").join(""));
      return;
    }
    if (records.length === 0) {
      const probes = all.some((r) => r.probe) && !args.probes ? " (hookit doctor's probe calls are hidden: --probes shows them)" : "";
      logger.info(`no decisions logged yet${agent ? ` for ${agent}` : ""}${probes} (${decisionLogPath(dir)})`);
      return;
    }
    process.stdout.write(formatTable(records, process.stdout.isTTY === true && !process.env.NO_COLOR));
  },
});
