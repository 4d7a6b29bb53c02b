import { defineCommand } from "citty";
import { runDoctor, type Status } from "../doctor/index.ts";

const MARK: Record<Status, string> = { ok: "✓", warn: "!", error: "✗", info: "·" };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export default defineCommand({
  meta: {
    name: "doctor",
    description: "Check every agent's install, the hook command, trust and policy gaps (exit 1 when something is not enforced)",
  },
  args: {
    json: { type: "boolean", description: "Print the checks as JSON", default: false },
  },
  async run({ args }) {
    const report = await runDoctor(process.cwd(), process.env);
    // The report is the command's output: stdout, so `hookit doctor | less` shows it.
    if (args.json) process.stdout.write(JSON.stringify(report, null, 2) + "\n");
    else {
      const lines: string[] = [];
      for (const check of report.checks) {
        const where = check.agent ? `[${check.agent}${check.scope ? ` ${check.scope}` : ""}] ` : "";
        lines.push(`${MARK[check.status]} ${where}${check.message}`);
        if (check.fix) lines.push(`    fix: ${check.fix}`);
      }
      if (report.advice.length > 0) lines.push("Still to do by hand, if not done yet:", ...report.advice.map((a) => `  - ${a}`));
      const counts = [
        report.errors > 0 && plural(report.errors, "problem"),
        report.warnings > 0 && plural(report.warnings, "warning"),
      ].filter(Boolean);
      if (report.errors === 0 && report.warnings > 0) counts.unshift("no problems");
      lines.push(
        counts.length === 0
          ? "hookit doctor: no problems found"
          : `hookit doctor: ${counts.join(", ")} (see ${report.errors > 0 ? "✗" : "!"} above)`,
      );
      process.stdout.write(lines.join("\n") + "\n");
    }
    // A warning (a double install, a capability gap) can be a state the user accepts; a ✗ cannot.
    process.exitCode = report.errors > 0 ? 1 : 0;
  },
});
