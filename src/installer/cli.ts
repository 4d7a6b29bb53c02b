// What `hookit install` and `hookit uninstall` share: flags, the run, and the
// output. The report goes to stdout and problems to stderr; with --dry-run stdout
// carries only the diff (so it can be piped into `patch`) and the report moves to stderr.
import { createConsola } from "consola";
import type { ArgsDef } from "citty";
import { AGENT_IDS } from "../agents/registry.ts";
import type { Env } from "../base/paths.ts";
import { InstallError, installAgents, uninstallAgents } from "./index.ts";
import type { AgentOutcome, InstallReport } from "./index.ts";

export const INSTALL_ARGS = {
  agent: {
    type: "string",
    description: `${AGENT_IDS.join(", ")} (comma-separated), or all`,
    valueHint: "name[,name…]|all",
  },
  project: {
    type: "string",
    description: "Project scope (the default): the git work tree around the current directory, or DIR",
    valueHint: "DIR",
  },
  global: { type: "boolean", description: "User scope: the agent's settings in your home directory" },
  system: {
    type: "boolean",
    description: "Managed scope, as root: /etc/hookit/hookit.json and each agent's managed settings (docs/teams/managed.md)",
  },
  policy: { type: "string", description: "With --system: the policy file to install as the managed policy", valueHint: "FILE" },
  "dry-run": { type: "boolean", description: "Print the changes as a unified diff on stdout; write nothing" },
  command: {
    type: "string",
    description: "Program the hooks run, e.g. hookit (default: docs/install.md, What is written where)",
    valueHint: "CMD",
  },
  absolute: {
    type: "boolean",
    description: "Project scope: run this machine's node and bin, not `hookit` from PATH",
  },
} as const satisfies ArgsDef;

export interface CliIo {
  env: Env;
  cwd: string;
  stdout: (text: string) => void;
  stderr: NodeJS.WritableStream;
}

export type Flags = Partial<Record<keyof typeof INSTALL_ARGS, string | boolean | undefined>>;

/** Runs one command; returns the exit code. Never throws, never prints a stack. */
export async function runInstallCommand(mode: "install" | "uninstall", args: Flags, rawArgs: string[], io: CliIo): Promise<number> {
  // consola only ever calls write(); any writable stream will do (tests pass a buffer).
  const stream = io.stderr as NodeJS.WriteStream;
  const out = { write: (text: string) => (io.stdout(text), true) } as unknown as NodeJS.WriteStream;
  // An explicit level: consola would otherwise go quiet under CI or TEST variables.
  let logger = createConsola({ stdout: stream, stderr: stream, level: 3 });
  try {
    if (args.system === true || rawArgs.includes("--system")) {
      logger = createConsola({ stdout: args["dry-run"] ? stream : out, stderr: stream, level: 3 });
      const { runSystemCommand } = await import("./system-cli.ts");
      return await runSystemCommand(mode, args, rawArgs, io, logger);
    }
    const options = toOptions(args, rawArgs, io);
    if (!options.dryRun) logger = createConsola({ stdout: out, stderr: stream, level: 3 });
    const report = mode === "install" ? await installAgents(options) : await uninstallAgents(options);
    printInstallReport(mode, report, io, logger);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error(error instanceof InstallError ? message : `hookit ${mode} failed: ${message}`);
    return 1;
  }
}

// --- internal ---

function toOptions(args: Flags, rawArgs: string[], io: CliIo) {
  // `--project` takes an optional DIR; the parser would swallow a following flag as its value.
  let project = typeof args.project === "string" ? args.project : undefined;
  const flagAfterProject = project?.startsWith("-") === true;
  if (flagAfterProject) project = "";
  const has = (flag: string) => args[flag as keyof Flags] === true || (flagAfterProject && rawArgs.includes(`--${flag}`));
  const agent = typeof args.agent === "string" ? args.agent : "";
  if (agent === "" || agent.startsWith("-")) {
    throw new InstallError("E_USAGE", `Name the agents: --agent ${AGENT_IDS.join(",")}, or --agent all.`);
  }
  if (has("global") && project !== undefined) {
    throw new InstallError("E_USAGE", "Choose one scope: --project [DIR] or --global.");
  }
  if (typeof args.policy === "string")
    throw new InstallError("E_USAGE", "--policy goes with --system; a user install enforces your own policy files.");
  const command = typeof args.command === "string" ? args.command : undefined;
  return {
    agents: agent.split(","),
    scope: has("global") ? ("global" as const) : ("project" as const),
    ...(project ? { projectDir: project } : {}),
    dryRun: has("dry-run"),
    ...(command !== undefined ? { command } : {}),
    ...(has("absolute") ? { absolute: true } : {}),
    env: io.env,
    cwd: io.cwd,
  };
}

export function printInstallReport(
  mode: "install" | "uninstall",
  report: InstallReport,
  io: CliIo,
  logger: ReturnType<typeof createConsola>,
): void {
  for (const outcome of report.outcomes) {
    if (outcome.diff) io.stdout(outcome.diff);
    const line = `${outcome.title}: ${describe(mode, outcome, report.dryRun)}`;
    if (outcome.action === "unchanged") logger.info(line);
    else logger.success(line);
    if (outcome.backup) logger.info(`  ${report.dryRun ? "would keep" : "kept"} the original as ${outcome.backup}`);
    for (const warning of outcome.warnings) logger.warn(`${outcome.title}: ${outcome.file}: ${warning}`);
  }
  for (const line of report.skipped ?? []) logger.warn(line);
  if (report.trusted) logger.success(`Trusted the project policy ${report.trusted} as it is now.`);
  if (report.trustPending) {
    logger.warn(
      `The project policy ${report.trustPending} changed since you trusted it; hookit keeps enforcing the trusted version. Review the change with \`hookit trust\`.`,
    );
  }
  if (report.command?.form === "path")
    logger.info("The hooks run hookit from PATH: a teammate who has hookit installed can use these files as they are.");
  if (report.command?.note && report.scope.kind === "project") logger.warn(report.command.note);
  if (report.dryRun) logger.info("Dry run: nothing was written.");
  if (mode !== "install") return;
  for (const outcome of report.outcomes) {
    // A re-run that changed nothing has nothing new to do: the list was shown when it did.
    if (outcome.nextSteps.length === 0 || outcome.action === "unchanged") continue;
    logger.info([`Still to do for ${outcome.title}:`, ...outcome.nextSteps.map((step) => `  - ${step}`)].join("\n"));
  }
}

function describe(mode: "install" | "uninstall", outcome: AgentOutcome, dryRun: boolean): string {
  const would = dryRun ? "would be " : "";
  if (mode === "install") {
    if (outcome.action === "create") return `${outcome.file} ${would}created`;
    if (outcome.action === "update") return `hookit's hooks ${would}written to ${outcome.file}`;
    return `already installed in ${outcome.file}`;
  }
  if (outcome.action === "delete") return `${outcome.file} ${would}deleted (hookit had created it)`;
  if (outcome.action === "update") return `hookit's hooks ${would}removed from ${outcome.file}`;
  return outcome.existed ? `nothing of hookit's in ${outcome.file}` : `not installed (no ${outcome.file})`;
}
