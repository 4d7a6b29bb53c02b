// Runs one scenario inside the (possibly network-isolated) namespace: starts the fake model server
// on the port the harness chose, runs the CLI once under a clean environment with a timeout, stops
// the server, and writes the outcome as JSON. The harness bundles this file with esbuild and runs
// it as `unshare -n sh -c 'ip link set lo up && exec node driver.mjs <spec>'` where it can.
import { spawn } from "node:child_process";
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
  const started = Date.now();
  const [command, ...args] = spec.argv;
  if (command === undefined) throw new Error("driver: empty argv");
  // detached: the CLI gets its own process group, so a timeout kills its hooks and tools too.
  const child = spawn(command, args, {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: spec.interactive ? ["inherit", "inherit", "pipe"] : [spec.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  if (spec.stdin !== undefined) child.stdin?.end(spec.stdin);
  // A client that gives up on the CLI (pi-rpc.ts) sends SIGTERM: the CLI's group goes too, the result is still written.
  process.once("SIGTERM", () => killGroup(child.pid));
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, spec.timeoutMs);
  return new Promise((resolve) => {
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ exitCode: null, signal: null, timedOut, stdout, stderr, durationMs: Date.now() - started, error: String(error) });
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      // Tools the CLI started in the background must not outlive the scenario.
      killGroup(child.pid);
      resolve({ exitCode, signal, timedOut, stdout, stderr, durationMs: Date.now() - started });
    });
  });
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
