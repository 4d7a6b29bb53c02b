import { defineCommand } from "citty";
import { runDoctor, type Status } from "../doctor/index.ts";

const MARK: Record<Status, string> = { ok: "✓", warn: "!", error: "✗", info: "·" };

export default defineCommand({
  meta: { name: "doctor", description: "Check every agent's install, the hook command, trust and policy gaps" },
  args: {
    json: { type: "boolean", description: "Print the checks as JSON", default: false },
  },
  async run({ args }) {
    const report = await runDoctor(process.cwd(), process.env);
    if (args.json) process.stdout.write(JSON.stringify(report, null, 2) + "\n");
    else {
      for (const check of report.checks) {
        const where = check.agent ? `[${check.agent}${check.scope ? ` ${check.scope}` : ""}] ` : "";
        process.stderr.write(`${MARK[check.status]} ${where}${check.message}\n`);
        if (check.fix) process.stderr.write(`    fix: ${check.fix}\n`);
      }
      process.stderr.write(report.ok ? "hookit doctor: no problems found\n" : "hookit doctor: problems found (see ✗ above)\n");
    }
    process.exitCode = report.ok ? 0 : 1;
  },
});
