// Pi in RPC mode (`--mode rpc`, pi-extension-api.md §9) under the e2e harness: the same throwaway
// HOME and project, offline models.json and `hookit install --agent pi` as every scenario
// (harness.ts), but the driver hands Pi's stdin and stdout to this process, which speaks Pi's
// JSONL protocol: commands in; `response` records, session events and `extension_ui_request`
// records (hookit's notifications) out. Every wait is bounded.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AGENTS, type AgentContext } from "./agents.ts";
import { cliCommand } from "./clis.ts";
import type { DriverResult, DriverSpec } from "./driver.ts";
import { CACHE_ROOT, canIsolate, driverCommand, freePort, freshRun, hookitBin, run } from "./harness.ts";
import { readJsonl, writeFiles } from "./scenario-files.ts";
import { isRecord, type LoggedRequest, type ModelTurn } from "./servers/types.ts";
import { conversation, type ViewItem } from "./views.ts";

export type RpcRecord = Record<string, unknown>;

/** One command's answer or one awaited event; Pi answers these in about a second. */
const STEP_TIMEOUT_MS = 20_000;
/** Pi disposes its runtime after stdin closes; past this the driver is told to kill it. */
const EXIT_TIMEOUT_MS = 15_000;

export interface PiRpcOptions {
  name: string;
  /** Written to `<project>/.hookit/hookit.json`, then `hookit install --agent pi --project`. */
  policy: unknown;
  /** The fake model's script (servers/chat.ts). */
  turns?: ModelTurn[];
}

export interface PiRpcRun {
  driver: DriverResult;
  requests: LoggedRequest[];
  /** Main-loop model requests, in order. */
  modelRequests: LoggedRequest[];
  views: ViewItem[][];
}

export interface PiRpc {
  dir: string;
  /** Every stdout record so far, in order (a line that is not JSON becomes `{type: "unparsed", text}`). */
  readonly records: readonly RpcRecord[];
  /** Sends a command and resolves with its `response` record. */
  send(command: RpcRecord): Promise<RpcRecord>;
  /** Writes one record that gets no response (an `extension_ui_response` to a dialog). */
  reply(record: RpcRecord): void;
  /** Resolves with the index of the first record at or after `from` that matches. */
  waitFor(what: string, match: (record: RpcRecord) => boolean, from?: number): Promise<number>;
  /** Closes stdin (Pi's orderly shutdown), waits for the exit, and reads what the fake received. */
  close(): Promise<PiRpcRun>;
  summary(): string;
}

/** Pi's print-mode command line (agents.ts) turned into an RPC one: `--mode rpc` for `-p`, no prompt argument. */
function rpcArgv(printArgv: string[], prompt: string): string[] {
  if (!printArgv.includes("-p") || printArgv.at(-1) !== prompt) throw new Error(`unexpected Pi argv: ${printArgv.join(" ")}`);
  return printArgv.slice(0, -1).flatMap((arg) => (arg === "-p" ? ["--mode", "rpc"] : [arg]));
}

const open = new Set<PiRpc>();

/** Closes every session a test left open (afterEach), so a failed assertion leaks no Pi. */
export async function closeAllPiRpc(): Promise<void> {
  await Promise.allSettled([...open].map((session) => session.close()));
}

export async function startPiRpc(options: PiRpcOptions): Promise<PiRpc> {
  const { dir, home, project, env } = freshRun(`pi-rpc-${options.name}`);
  const ctx: AgentContext = { cacheRoot: CACHE_ROOT, home, project, port: await freePort(), prompt: "unused in RPC mode" };
  const launch = AGENTS.pi.launch(ctx, cliCommand("pi", CACHE_ROOT));
  writeFiles(launch.files);
  writeFiles({ [join(project, ".hookit/hookit.json")]: JSON.stringify(options.policy, null, 2) + "\n" });
  run(process.execPath, [hookitBin(), "install", "--agent", "pi", "--project", project], { cwd: project, env });

  const spec: DriverSpec = {
    wire: "chat",
    turns: options.turns ?? [],
    port: ctx.port,
    logFile: join(dir, "requests.jsonl"),
    resultFile: join(dir, "result.json"),
    argv: rpcArgv(launch.argv, ctx.prompt),
    cwd: project,
    env: { ...env, ...launch.env },
    timeoutMs: launch.timeoutMs,
    interactive: true,
  };
  const [command, args] = driverCommand(spec, join(dir, "spec.json"));
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });

  const records: RpcRecord[] = [];
  const waiters = new Set<() => void>();
  let pending = "";
  let driverStderr = "";
  let exit: string | undefined;
  const wake = () => {
    for (const check of waiters) check();
  };
  child.stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    // Split on LF only: U+2028/U+2029 are valid inside JSON strings (Pi's rpc.md, Framing).
    let newline: number;
    while ((newline = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, newline).replace(/\r$/, "");
      pending = pending.slice(newline + 1);
      if (line !== "") records.push(parseRecord(line));
    }
    wake();
  });
  child.stderr.on("data", (chunk: Buffer) => (driverStderr += chunk.toString("utf8")));
  // A write after Pi died fails with EPIPE; the waiter for its response reports the exit instead.
  child.stdin.on("error", () => undefined);
  const exited = new Promise<void>((resolve) => {
    const done = (why: string) => {
      exit ??= why;
      wake();
      resolve();
    };
    child.on("error", (error) => done(`driver failed to start: ${String(error)}`));
    child.on("close", (code, signal) => done(`driver exited ${code ?? signal}`));
  });

  let nextId = 0;
  let closing: Promise<PiRpcRun> | undefined;
  const session: PiRpc = {
    dir,
    records,
    summary: () =>
      [
        `pi rpc/${options.name} in ${dir} (isolated: ${canIsolate()})${exit ? `; ${exit}` : ""}`,
        `records: ${records.map((r) => JSON.stringify(r).slice(0, 300)).join("\n  ")}`,
        `driver stderr: ${driverStderr.slice(-1500)}`,
        existsSync(spec.resultFile) ? `pi stderr: ${readResult(spec.resultFile).stderr.slice(-1500)}` : "",
      ].join("\n"),
    waitFor: (what, match, from = 0) =>
      new Promise<number>((resolve, reject) => {
        const check = () => {
          const index = records.findIndex((record, i) => i >= from && match(record));
          if (index >= 0) finish(() => resolve(index));
          else if (exit !== undefined) finish(() => reject(new Error(`Pi exited before ${what}\n${session.summary()}`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`timed out after ${STEP_TIMEOUT_MS} ms waiting for ${what}\n${session.summary()}`))),
          STEP_TIMEOUT_MS,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      }),
    async send(commandRecord) {
      const id = `e2e-${++nextId}`;
      const from = records.length;
      child.stdin.write(JSON.stringify({ ...commandRecord, id }) + "\n");
      const index = await session.waitFor(
        `the response to ${String(commandRecord.type)} (${id})`,
        (r) => r.type === "response" && r.id === id,
        from,
      );
      return records[index] as RpcRecord;
    },
    reply: (record) => void child.stdin.write(JSON.stringify(record) + "\n"),
    close: () => (closing ??= shutDown()),
  };

  const shutDown = async (): Promise<PiRpcRun> => {
    open.delete(session);
    child.stdin.end();
    const timers = [
      setTimeout(() => child.kill("SIGTERM"), EXIT_TIMEOUT_MS), // the driver kills Pi's group and still reports
      setTimeout(() => child.kill("SIGKILL"), EXIT_TIMEOUT_MS + 5_000),
    ];
    await exited;
    timers.forEach(clearTimeout);
    if (!existsSync(spec.resultFile)) throw new Error(`the RPC driver left no result\n${session.summary()}`);
    const requests = readJsonl(spec.logFile);
    const modelRequests = requests.filter((r) => r.answer?.startsWith("step:"));
    return { driver: readResult(spec.resultFile), requests, modelRequests, views: modelRequests.map((r) => conversation("chat", r)) };
  };
  open.add(session);
  return session;
}

function parseRecord(line: string): RpcRecord {
  try {
    const value: unknown = JSON.parse(line);
    return isRecord(value) ? value : { type: "unparsed", text: line };
  } catch {
    return { type: "unparsed", text: line };
  }
}

function readResult(file: string): DriverResult {
  return JSON.parse(readFileSync(file, "utf8")) as DriverResult;
}

/** hookit's notifications: Pi turns `ctx.ui.notify` into these records in RPC mode (rpc-extension-ui.md). */
export function notifications(records: readonly RpcRecord[]): { index: number; message: string; notifyType: unknown }[] {
  return records.flatMap((record, index) =>
    record.type === "extension_ui_request" && record.method === "notify"
      ? [{ index, message: String(record.message), notifyType: record.notifyType }]
      : [],
  );
}
