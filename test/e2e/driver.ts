// Runs one scenario inside the (possibly network-isolated) namespace: starts the fake model server
// on the port the harness chose, runs the CLI once under a clean environment with a timeout, stops
// the server, and writes the outcome as JSON. The harness bundles this file with esbuild and runs
// it as `unshare -n sh -c 'ip link set lo up && exec node driver.mjs <spec>'` where it can.
import { execa } from "execa";
import { readFileSync, writeFileSync } from "node:fs";
import { startFakeServer } from "./servers/http.ts";
import type { ModelTurn, Wire } from "./servers/types.ts";

export interface DriverSpec {
  wire: Wire;
  turns: ModelTurn[];
  port: number;
  logFile: string;
  resultFile: string;
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Written to the CLI's stdin, then closed. Without it stdin is /dev/null. */
  stdin?: string;
  /** The CLI's stdin and stdout are the driver's own, for a client talking to it (pi-rpc.ts); stdout is then not captured. */
  interactive?: boolean;
}

export interface DriverResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
  error?: string;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // the group is already gone
  }
}

async function runCli(spec: DriverSpec): Promise<DriverResult> {
  const [command, ...args] = spec.argv;
  if (command === undefined) throw new Error("driver: empty argv");
  // detached: the CLI gets its own process group, so a timeout kills its hooks and tools too
  // (execa's own timeout would stop the CLI alone, and a tool holding its stdout would keep the run open).
  const cli = execa(command, args, {
    cwd: spec.cwd,
    env: spec.env,
    extendEnv: false,
    detached: true,
    reject: false,
    stripFinalNewline: false,
    ...(spec.interactive
      ? { stdin: "inherit", stdout: "inherit" }
      : spec.stdin === undefined
        ? { stdin: "ignore" }
        : { input: spec.stdin }),
  } as const);
  // A client that gives up on the CLI (pi-rpc.ts) sends SIGTERM: the CLI's group goes too, the result is still written.
  process.once("SIGTERM", () => killGroup(cli.pid));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(cli.pid);
  }, spec.timeoutMs);
  const result = await cli;
  clearTimeout(timer);
  // Tools the CLI started in the background must not outlive the scenario.
  killGroup(cli.pid);
  const started = result.exitCode !== undefined || result.signal !== undefined;
  return {
    exitCode: result.exitCode ?? null,
    signal: result.signal ?? null,
    timedOut,
    stdout: typeof result.stdout === "string" ? result.stdout : "",
    stderr: result.stderr,
    durationMs: result.durationMs,
    ...(started ? {} : { error: String(result.shortMessage) }),
  };
}

async function main(): Promise<void> {
  const specFile = process.argv[2];
  if (!specFile) throw new Error("usage: driver.mjs <spec.json>");
  const spec = JSON.parse(readFileSync(specFile, "utf8")) as DriverSpec;
  writeFileSync(spec.logFile, "");
  const server = await startFakeServer({ wire: spec.wire, turns: spec.turns, logFile: spec.logFile, port: spec.port });
  let result: DriverResult;
  try {
    result = await runCli(spec);
  } finally {
    await server.close();
  }
  writeFileSync(spec.resultFile, JSON.stringify(result, null, 2));
}

main().catch((error: unknown) => {
  process.stderr.write(`e2e driver failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
