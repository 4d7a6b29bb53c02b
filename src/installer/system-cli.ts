// `hookit install --system` / `hookit uninstall --system` on the command line:
// flags, the run as root (or the sudo line to run), and the report.
import type { createConsola } from "consola";
import { shQuote } from "../install/marker.ts";
import { InstallError } from "./index.ts";
import { printInstallReport, type CliIo, type Flags } from "./cli.ts";
import { installSystem, uninstallSystem, type SystemReport } from "./system.ts";

type Logger = ReturnType<typeof createConsola>;

export async function runSystemCommand(
  mode: "install" | "uninstall",
  args: Flags,
  rawArgs: string[],
  io: CliIo,
  logger: Logger,
): Promise<number> {
  try {
    if (args.global === true || typeof args.project === "string" || typeof args.command === "string" || args.absolute === true) {
      throw new InstallError(
        "E_USAGE",
        "--system goes alone: no --project, --global, --command or --absolute (the managed hooks always run the system copy of hookit).",
      );
    }
    if (mode === "uninstall" && typeof args.policy === "string") throw new InstallError("E_USAGE", "--policy goes with install --system.");
    const agent: string[] | "all" = typeof args.agent === "string" && args.agent !== "" ? args.agent.split(",") : "all";
    const options = {
      agents: agent,
      dryRun: args["dry-run"] === true,
      env: io.env,
      cwd: io.cwd,
      ...(typeof args.policy === "string" && { policy: args.policy }),
    };
    const report = mode === "install" ? await installSystem(options) : await uninstallSystem(options);
    printSystemReport(mode, report, io, logger);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof InstallError && error.code === "E_NOT_ROOT") {
      logger.error(
        `${message}\nRun: sudo ${shQuote(process.execPath)} ${shQuote(process.argv[1] ?? "hookit")} ${mode} ${rawArgs.join(" ")}`,
      );
    } else logger.error(error instanceof InstallError ? message : `hookit ${mode} --system failed: ${message}`);
    return 1;
  }
}

function printSystemReport(mode: "install" | "uninstall", report: SystemReport, io: CliIo, logger: Logger): void {
  const { policy } = report;
  const would = report.agents.dryRun ? "would be " : "";
  const told: Record<typeof policy.action, string> = {
    create: `${policy.path} ${would}created (the managed policy)`,
    update: `${policy.path} ${would}replaced by the policy given`,
    unchanged: mode === "install" ? `${policy.path} kept as it is (the managed policy)` : `no managed policy at ${policy.path}`,
    delete: `${policy.path} ${would}deleted (install had written it)`,
    kept: `${policy.path} kept: ${policy.why}. It still applies to every hookit on this machine; delete it by hand if you meant to.`,
  };
  logger.info(told[policy.action]);
  if (report.packageDir)
    logger.info(`${mode === "install" ? "the managed hooks run" : "removed"} the system hookit copy ${report.packageDir}`);
  printInstallReport(mode, report.agents, io, logger);
  for (const line of report.skipped) logger.warn(line);
}
