// `hookit hook --agent <id> <NativeEvent>`: the hot path, run by the agent on
// every hook event. stdin → adapter.parse → engine → adapter.respond → exactly
// one reply on stdout and the exit code the harness expects. Nothing else is
// ever written to stdout; diagnostics go to stderr (through the reply) and to
// the decision log. Heavy modules (zod, citty, consola) are never loaded here.
import { parseHookArgs, readStdin, repeatedKey, writeAll, type HookArgs } from "./hook-io.ts";
import { loadAdapter, resolveHookAgent } from "../agents/registry.ts";
import { isPayloadError, PayloadError, type Adapter, type Invocation, type InvocationKind, type Reply } from "../contract/types.ts";
import { isHookitError } from "../base/errors.ts";
import { nearest } from "../base/nearest.ts";
import type { Env } from "../base/paths.ts";
import { judge, judgeFailure, type JudgeOptions, type Judgement } from "./judge.ts";
import { backgroundSettled } from "./background.ts";
import { diskPolicy } from "./policy-view.ts";
import { loadExternal } from "./external.lazy.ts";
import { hasManagedLayer } from "../policy/managed-layer.ts";
import { packageDirOfBundle } from "../protect/package-dir.ts";

export { parseHookArgs, type HookArgs };

/** `stdin`: the payload when the caller has read it already (the build's code-cache warm-up); else it is read here. */
export async function runHook(argv: readonly string[], stdin?: string): Promise<void> {
  const args = parseHookArgs(argv);
  let reply: Reply;
  try {
    reply = await hookReply(args, stdin ?? (await readStdin()), process.env, process.cwd());
  } catch (error) {
    // hookReply answers every failure it can see; this is the last resort for the
    // rest (an adapter file that does not load, stdin too large to read). An
    // unhandled rejection would exit 1 with a stack trace, which several agents
    // read as "allow" on a pre-tool event.
    reply = lastResortReply(args, error);
  }
  const written = [
    writeAll(2, reply.stderr && !reply.stderr.endsWith("\n") ? `${reply.stderr}\n` : reply.stderr),
    writeAll(1, reply.stdout),
  ];
  process.exitCode = reply.exitCode;
  // The bin ends the process when this settles (src/bin.cjs): nothing may still be on its way.
  await Promise.all([...written, backgroundSettled()]);
}

/** The whole hook call as a function of its inputs (tests drive it directly too). */
export async function hookReply(args: HookArgs, stdin: string, env: Env, processCwd: string): Promise<Reply> {
  const id = resolveHookAgent(args.agent);
  if (!id) return externalHookReply(args, stdin, env, processCwd);
  return replyWith(await loadAdapter(id), args, stdin, env, processCwd);
}

async function replyWith(adapter: Adapter, args: HookArgs, stdin: string, agentEnv: Env, processCwd: string): Promise<Reply> {
  // What the agent loaded from its own files is not the user's switch (Gemini's `.env`).
  const env = adapter.userEnv?.(agentEnv, processCwd) ?? agentEnv;
  const known = adapter.kindOf(args.nativeEvent);
  const kind: InvocationKind = known ?? "lifecycle";
  const bare: Invocation = { agent: adapter.id, nativeEvent: args.nativeEvent, kind, events: [] };
  // HOOKIT=0 switches off the user's own policy; a managed one still runs (without the user's layers).
  if (env.HOOKIT === "0" && !hasManagedLayer(env)) return adapter.respond(bare, { notices: [] });
  const options: JudgeOptions = {
    env,
    processCwd,
    policy: diskPolicy(env),
    session: "disk",
    log: true,
    packageDir: installedPackageDir(),
    budgetMs: guardBudget(env),
  };
  let invocation = bare;
  let judged: Judgement;
  if (known === undefined) {
    judged = judgeFailure(
      bare,
      "payload",
      `hookit: ${adapter.title} event "${args.nativeEvent}" is not one hookit knows;${nearEvent(adapter, args.nativeEvent)} check the hook command (hookit doctor).`,
      options,
    );
  } else {
    try {
      invocation = adapter.parse(args.nativeEvent, parseJson(stdin, args.nativeEvent, kind === "tool_call"));
      judged = await judge(invocation, options);
    } catch (error) {
      // A broken external adapter cannot be trusted to encode its own failure.
      if (isExternalAdapterError(error)) throw error;
      // A payload nested deeper than the stack (RangeError) is as unreadable as a malformed one.
      const detail = error instanceof Error ? error.message : String(error);
      judged =
        isPayloadError(error) || error instanceof RangeError
          ? judgeFailure(bare, "payload", `hookit: could not read the ${adapter.title} ${args.nativeEvent} payload: ${detail}`, options)
          : judgeFailure(bare, "internal", detail, options);
    }
  }
  const reply = adapter.respond(invocation, judged.decision);
  if (judged.logError && env.HOOKIT_DEBUG) reply.stderr += `hookit: could not write the decision log: ${judged.logError}\n`;
  return reply;
}

/** ` did you mean "PreToolUse"?` when the hook command's event is one typo from an event hookit registers. */
function nearEvent(adapter: Adapter, nativeEvent: string): string {
  const near = nearest(
    nativeEvent,
    adapter.registrations.map((r) => r.native),
  );
  return near ? ` did you mean "${near}"?` : "";
}

/** `guarded`: a pre-tool payload, where a key given twice is refused (repeatedKey). */
function parseJson(stdin: string, nativeEvent: string, guarded: boolean): unknown {
  if (stdin.trim() === "") throw new PayloadError(`the ${nativeEvent || "hook"} payload on stdin was empty`);
  let payload: unknown;
  try {
    payload = JSON.parse(stdin);
  } catch (error) {
    throw new PayloadError(`stdin is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const repeated = guarded ? repeatedKey(stdin) : undefined;
  if (repeated !== undefined)
    throw new PayloadError(`it gives the key "${repeated}" twice in one object, so which call would run is ambiguous; the call is refused`);
  return payload;
}

/**
 * A name that is not built in: an external adapter (docs/adapters.md), whose
 * loader is imported only now. When it is missing or breaks there is no
 * protocol to answer in, so protocolFreeReply answers instead.
 */
async function externalHookReply(args: HookArgs, stdin: string, env: Env, processCwd: string): Promise<Reply> {
  const { loadExternalAdapter } = await loadExternal();
  const loaded = await loadExternalAdapter(args.agent, env);
  // HOOKIT=0 turns hookit off: a missing or broken adapter must not block anything then.
  const off = env.HOOKIT === "0";
  if (!loaded.ok) return off ? { stdout: "", stderr: "", exitCode: 0 } : protocolFreeReply(args, loaded.reason);
  let kind: InvocationKind | undefined;
  try {
    kind = loaded.adapter.kindOf(args.nativeEvent);
    return await replyWith(loaded.adapter, args, stdin, env, processCwd);
  } catch (error) {
    if (off) return { stdout: "", stderr: "", exitCode: 0 };
    const broken = isExternalAdapterError(error);
    return protocolFreeReply(args, broken ? (error as Error).message : lastResortReply(args, error).stderr, kind);
  }
}

function lastResortReply(args: HookArgs, error: unknown): Reply {
  const detail = error instanceof Error ? error.message : String(error);
  return protocolFreeReply(args, `hookit: internal error: ${detail.split("\n")[0]}`);
}

/**
 * No usable adapter means no protocol: exit 2 with the reason on stderr blocks a
 * pre-tool event in every known harness; exit 0 lets anything else (a stop) go
 * on. The event's kind decides when an external adapter told it, else its name.
 */
function protocolFreeReply(args: HookArgs, message: string, kind?: InvocationKind): Reply {
  const preTool = kind ? kind === "tool_call" : /^(pre.?tool|before.?tool|beforeShell|beforeMCP|beforeReadFile)/i.test(args.nativeEvent);
  return { stdout: "", stderr: message, exitCode: preTool ? 2 : 0 };
}

/** The external adapter loader is a separate bundle: its errors are recognised by code (src/base/errors.ts). */
function isExternalAdapterError(error: unknown): error is Error {
  return isHookitError(error, "E_EXTERNAL_ADAPTER");
}

/**
 * The hookit package this hook process runs from, protected from tool calls: deleting it
 * would leave the agents' hooks broken. `__dirname` is dist/hook.cjs's folder (the CommonJS
 * wrapper's, which src/bin.cjs passes its own, already resolved through links); the ES
 * build (`hookit hook --help`) and the sources under test have none.
 */
function installedPackageDir(): string | undefined {
  return packageDirOfBundle(typeof __dirname === "string" ? __dirname : undefined);
}

/** hookit installs its hooks with a 30 s limit; answering by 25 s leaves room to be heard. */
const GUARD_BUDGET_MS = 25_000;

/**
 * On guard events hookit must answer before the agent's hook timeout, which
 * most agents treat as "go on" (see judge.ts). `HOOKIT_BUDGET_MS` may only shorten it.
 */
function guardBudget(env: Env): number {
  const asked = Number(env.HOOKIT_BUDGET_MS);
  return Number.isFinite(asked) && asked > 0 ? Math.min(asked, GUARD_BUDGET_MS) : GUARD_BUDGET_MS;
}
