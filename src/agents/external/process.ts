// The process form of an external adapter: `hookit-agent-<name> <call>` with
// a JSON request on stdin and one JSON answer on stdout (protocol.ts). The
// Adapter contract is synchronous, so each call is a spawnSync: the hook
// process has nothing else to do while it waits.
import type { spawnSync as SpawnSync } from "node:child_process";
import type { Env } from "../../base/paths.ts";
import { PayloadError, type Adapter } from "../../contract/types.ts";
import { ShapeError } from "./_check.ts";
import { checkedAdapter, type Broken } from "./checked.ts";
import { PROTOCOL_VERSION, readNormalizeError, type ExternalInfo } from "./protocol.ts";

/** One call answers well within this, or the adapter counts as broken (the harness waits for us). */
const CALL_TIMEOUT_MS = 10_000;
/** A tool result travels through `normalize`, so answers may be large. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
const STDERR_EXCERPT = 300;

type ProtocolCall = "info" | "normalize" | "respond";
/** Runs one protocol call and returns the parsed JSON answer; throws the adapter's Broken error. */
export type Caller = (call: ProtocolCall, request?: unknown) => unknown;

export interface CallerOptions {
  spawnSync: typeof SpawnSync;
  env: Env;
  timeoutMs?: number;
}

export function processCaller(executable: string, broken: Broken, options: CallerOptions): Caller {
  const timeout = options.timeoutMs ?? CALL_TIMEOUT_MS;
  const env = Object.fromEntries(Object.entries(options.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return (call, request) => {
    const run = options.spawnSync(executable, [call], {
      input: request === undefined ? "" : `${JSON.stringify(request)}\n`,
      encoding: "utf8",
      env,
      timeout,
      killSignal: "SIGKILL",
      maxBuffer: MAX_ANSWER_BYTES,
      windowsHide: true,
    });
    const errorCode = (run.error as NodeJS.ErrnoException | undefined)?.code;
    if (errorCode === "ETIMEDOUT") throw broken(`\`${call}\` did not answer within ${timeout / 1000} s`);
    if (errorCode === "ENOBUFS") throw broken(`\`${call}\` answered more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB`);
    if (run.error) throw broken(`\`${call}\` could not be run (${run.error.message})`);
    if (run.status !== 0) {
      const how = run.status === null ? `was killed by ${run.signal}` : `exited with ${run.status}`;
      throw broken(`\`${call}\` ${how}${excerpt(run.stderr)}`);
    }
    const text = run.stdout.trim();
    if (text === "") throw broken(`\`${call}\` printed nothing on stdout${excerpt(run.stderr)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw broken(`\`${call}\` printed something that is not one JSON value (${(error as Error).message})`);
    }
  };
}

/** An Adapter whose parse and respond are `normalize` and `respond` calls. */
export function processAdapter(info: ExternalInfo, call: Caller, broken: Broken): Adapter {
  const kinds = new Map(info.registrations.map((registration) => [registration.native, registration.kind]));
  return checkedAdapter(
    info,
    {
      // The process form has no kindOf call: the events it knows are the ones it registers.
      kindOf: (nativeEvent) => kinds.get(nativeEvent),
      parse(nativeEvent, payload) {
        const answer = call("normalize", { protocol: PROTOCOL_VERSION, nativeEvent, payload });
        let error: string | undefined;
        try {
          error = readNormalizeError(answer);
        } catch (shape) {
          if (shape instanceof ShapeError) throw broken(`its normalize error answer is invalid: ${shape.message}`);
          throw shape;
        }
        if (error !== undefined) throw new PayloadError(error);
        return answer;
      },
      respond: (invocation, decision) => call("respond", { protocol: PROTOCOL_VERSION, invocation, decision }),
    },
    broken,
  );
}

// --- internal ---

function excerpt(stderr: string): string {
  const text = stderr.trim().replace(/\s+/g, " ");
  if (text === "") return "";
  return `; its stderr: ${text.length > STDERR_EXCERPT ? `${text.slice(0, STDERR_EXCERPT)}…` : text}`;
}
