// How the e2e suite runs OpenCode (bundled by e2e-profile.ts, run by the e2e driver inside the
// network namespace). Mode `attach` (default): `opencode serve` on loopback, then
// `opencode run --attach <url> <prompt>`, then wait until every session has stayed idle for a
// while, then stop the server. That is how the TUI works too (a client of the in-process server),
// and it is the only headless way to see a corrective turn: a plain `opencode run` exits as soon
// as its session goes idle. Mode `run`: a plain `opencode run <prompt>`, to show that difference.
//
//   HOOKIT_E2E_OPENCODE_CLI='["…/opencode"]' [HOOKIT_E2E_OPENCODE_MODE=run] node launcher.mjs <prompt>
import { spawn, type ChildProcess } from "node:child_process";

const QUIET_MS = 2_500;
const SETTLE_LIMIT_MS = 60_000;
const POLL_MS = 250;

const cli = JSON.parse(process.env.HOOKIT_E2E_OPENCODE_CLI ?? "[]") as string[];
const prompt = process.argv[2] ?? "";
const env = { ...process.env, PWD: process.cwd() }; // OpenCode takes its project from $PWD
const [command, ...prefix] = cli;
if (command === undefined) throw new Error("HOOKIT_E2E_OPENCODE_CLI is not set");

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function serverUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`opencode serve did not start:\n${seen}`)), 30_000);
    const read = (chunk: Buffer) => {
      process.stderr.write(chunk);
      seen += chunk.toString("utf8");
      const match = /listening on (http:\/\/[\w.:]+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on("data", read);
    server.stderr?.on("data", read);
    server.once("exit", (code) => reject(new Error(`opencode serve exited ${code}:\n${seen}`)));
  });
}

/** Waits until the server reports no busy session for QUIET_MS in a row (a corrective turn starts within ms of idle). */
async function settle(url: string): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const busy = await fetch(`${url}/session/status`, { signal: AbortSignal.timeout(5_000) })
      .then(async (r) => Object.keys((await r.json()) as object).length > 0)
      .catch(() => true);
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    await sleep(POLL_MS);
  }
}

async function main(): Promise<number> {
  if (process.env.HOOKIT_E2E_OPENCODE_MODE === "run") {
    return exited(spawn(command!, [...prefix, "run", prompt], { stdio: "inherit", env }));
  }
  const server = spawn(command!, [...prefix, "serve", "--port", "0", "--hostname", "127.0.0.1"], {
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  const serverExit = exited(server);
  try {
    const url = await serverUrl(server);
    const code = await exited(spawn(command!, [...prefix, "run", "--attach", url, prompt], { stdio: "inherit", env }));
    await settle(url);
    return code;
  } finally {
    server.kill("SIGTERM");
    const stopped = await Promise.race([serverExit.then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) server.kill("SIGKILL");
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`opencode e2e launcher: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
