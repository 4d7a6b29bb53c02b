// `hookit telemetry ship | status`: export decisions as OpenTelemetry log
// records (docs/teams/telemetry.md). Hook processes start `ship --background`
// themselves; a timer (cron, systemd) can run `ship` for machines where no
// agent has run for a while.
import { defineCommand } from "citty";
import { stateDir } from "../base/paths.ts";
import { telemetryChecks } from "../telemetry/doctor.ts";
import { ship } from "../telemetry/ship.ts";
import { fail, logger } from "./_output.ts";

/** What one run may take: a backgrounded run watches for a session's last decisions, then stops. */
const BUDGET_MS = { foreground: 60_000, background: 30_000 };

export default defineCommand({
  meta: {
    name: "telemetry",
    description: "Ship hookit's decisions to an OpenTelemetry collector (ship), or show where they stand (status)",
  },
  args: {
    action: { type: "positional", description: "ship | status", required: true },
    background: {
      type: "boolean",
      description: "Started by a hook process: no output, and keep watching the log for a few idle seconds",
      default: false,
    },
  },
  async run({ args }) {
    const env = process.env;
    if (args.action === "status") {
      for (const check of telemetryChecks(env)) process.stdout.write(`${check.message}\n${check.fix ? `    fix: ${check.fix}\n` : ""}`);
      return;
    }
    if (args.action !== "ship") return fail(`hookit telemetry: unknown action "${args.action}"; expected ship or status`);
    const report = await ship(env, stateDir(env), {
      budgetMs: args.background ? BUDGET_MS.background : BUDGET_MS.foreground,
      linger: args.background,
    });
    if (args.background) return;
    if (report.state === "off")
      logger.info("telemetry export is off: nothing to ship (telemetry.otlp in hookit's settings.json turns it on)");
    else if (report.state === "busy") logger.info("another hookit telemetry ship is running");
    else if (report.state === "error")
      fail(`shipped ${report.shipped} decisions, then: ${report.error} (the rest wait in the decision log)`);
    else process.stdout.write(`shipped ${report.shipped} decision${report.shipped === 1 ? "" : "s"}\n`);
  },
});
