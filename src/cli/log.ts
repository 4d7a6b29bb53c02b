import { defineCommand } from "citty";
import { readFileSync } from "node:fs";
import { stateDir } from "../paths.ts";
import { decisionLogPath, type LogRecord } from "../run/decision-log.ts";
import { logger } from "./_output.ts";

const COLOURS: Record<string, string> = { block: "31", patch: "33", continue: "35", report: "33", pass: "32" };

export function readDecisions(path: string): LogRecord[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  const out: LogRecord[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as LogRecord);
    } catch {
      // a damaged line (disk full mid-write) is skipped, never fatal
    }
  }
  return out;
}

export function formatTable(records: readonly LogRecord[], colour: boolean): string {
  const head = ["time", "agent", "event", "tool", "outcome", "hooks", "ms"];
  const rows = records.map((r) => [
    r.ts.replace("T", " ").slice(0, 19), r.agent, r.event, r.tool ?? "", r.outcome, r.hooks.join(",") || "-", String(r.durationMs),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const fmt = (cells: string[], paint = false) => cells.map((cell, i) => {
    const padded = cell.padEnd(widths[i] as number);
    return paint && i === 4 && COLOURS[cell] ? `\x1b[${COLOURS[cell]}m${padded}\x1b[0m` : padded;
  }).join("  ").trimEnd();
  return [fmt(head), ...rows.map((row) => fmt(row, colour))].join("\n") + "\n";
}

export default defineCommand({
  meta: { name: "log", description: "Show hookit's recent decisions (newest last)" },
  args: {
    json: { type: "boolean", description: "One JSON record per line", default: false },
    n: { type: "string", description: "How many records (default 20)", default: "20" },
    agent: { type: "string", description: "Only this agent" },
    session: { type: "string", description: "Only this session id" },
  },
  run({ args }) {
    const limit = Number.parseInt(args.n, 10);
    if (!Number.isInteger(limit) || limit < 1) {
      logger.error(`-n must be a positive whole number, got "${args.n}"`);
      process.exitCode = 1;
      return;
    }
    const path = decisionLogPath(stateDir());
    const records = readDecisions(path)
      .filter((r) => !args.agent || r.agent === args.agent)
      .filter((r) => !args.session || r.session === args.session)
      .slice(-limit);
    if (args.json) {
      process.stdout.write(records.map((r) => JSON.stringify(r) + "\n").join(""));
      return;
    }
    if (records.length === 0) {
      logger.info(`no decisions logged yet (${path})`);
      return;
    }
    process.stdout.write(formatTable(records, process.stdout.isTTY === true && !process.env.NO_COLOR));
  },
});
