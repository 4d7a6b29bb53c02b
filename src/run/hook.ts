// `hookit hook --agent <id> <NativeEvent>`: the hot path, run by the agent on
// every hook event. stdin → adapter.parse → engine → adapter.respond → exactly
// one reply on stdout and the exit code the harness expects. Nothing else is
// ever written to stdout; diagnostics go to stderr (through the reply) and to
// the decision log. Heavy modules (zod, citty, consola) are never loaded here.
import { existsSync } from "node:fs";
import { parseHookArgs, readStdin, writeAll, type HookArgs } from "./hook-io.ts";
import { loadAdapter, resolveHookAgent } from "../adapters/registry.ts";
import type { Adapter, Decision, Invocation, InvocationKind, Reply } from "../adapters/types.ts";
import { enabledHookSet } from "../engine/enabled.ts";
import { stateDir as defaultStateDir, type Env } from "../paths.ts";
import { loadCatalogCached } from "./catalog-cache.ts";
import { decide, type DecideResult } from "./decide.ts";
import { appendDecision } from "./decision-log.ts";
import { resolvePolicyFiles } from "./policy.ts";
import { engineStore, updateSessionState } from "./session-state.ts";
import { isTrusted } from "./trust.ts";
import { policyProblem, untrustedNotice } from "./notices.ts";
import { loadExternal } from "./_external.ts";

export { parseHookArgs, type HookArgs };

export async function runHook(argv: readonly string[]): Promise<void> {
  const args = parseHookArgs(argv);
  let reply: Reply;
  try {
    reply = await hookReply(args, await readStdin(), process.env, process.cwd());
  } catch (error) {
    // hookReply answers every failure it can see; this is the last resort for the
    // rest (an adapter file that does not load, stdin too large to read). An
    // unhandled rejection would exit 1 with a stack trace, which several agents
    // read as "allow" on a pre-tool event.
    reply = lastResortReply(args, error);
  }
  writeAll(2, reply.stderr && !reply.stderr.endsWith("\n") ? `${reply.stderr}\n` : reply.stderr);
  writeAll(1, reply.stdout);
  process.exitCode = reply.exitCode;
}

/** The whole hook call as a function of its inputs (tests drive it directly too). */
export async function hookReply(args: HookArgs, stdin: string, env: Env, processCwd: string): Promise<Reply> {
  const id = resolveHookAgent(args.agent);
  if (!id) return externalHookReply(args, stdin, env, processCwd);
  return replyWith(await loadAdapter(id), args, stdin, env, processCwd);
}

async function replyWith(adapter: Adapter, args: HookArgs, stdin: string, env: Env, processCwd: string): Promise<Reply> {
  const known = adapter.kindOf(args.nativeEvent);
  const kind: InvocationKind = known ?? "lifecycle";
  const bare: Invocation = { agent: adapter.id, nativeEvent: args.nativeEvent, kind, events: [] };
  if (env.HOOKIT === "0") return adapter.respond(bare, { notices: [] });
  const started = Date.now();
  let invocation = bare;
  let decided: { decision: Decision; result?: DecideResult };
  try {
    if (known === undefined) {
      decided = { decision: failure(kind, `hookit: ${adapter.title} event "${args.nativeEvent}" is not one hookit knows; check the hook command (hookit doctor).`) };
    } else {
      invocation = adapter.parse(args.nativeEvent, parseJson(stdin, args.nativeEvent));
      decided = await decideInvocation(adapter, invocation, env, processCwd);
    }
  } catch (error) {
    // A broken external adapter cannot be trusted to encode its own failure.
    if (error instanceof Error && error.name === "ExternalAdapterError") throw error;
    // A payload nested deeper than the stack (RangeError) is as unreadable as a malformed one.
    const what = error instanceof Error && (error.name === "PayloadError" || error instanceof RangeError)
      ? `could not read the ${adapter.title} ${args.nativeEvent} payload: ${error.message}`
      : `internal error: ${error instanceof Error ? error.message : String(error)}`;
    decided = { decision: failure(kind, `hookit: ${what}`) };
  }
  const reply = adapter.respond(invocation, decided.decision);
  const logError = logDecision(env, adapter, args, invocation, decided, started);
  if (logError && env.HOOKIT_DEBUG) reply.stderr += `hookit: could not write the decision log: ${logError}\n`;
  return reply;
}

/** Every answer, including hookit's own failures, lands in the decision log (`hookit log`). */
function logDecision(
  env: Env,
  adapter: Adapter,
  args: HookArgs,
  invocation: Invocation,
  { decision, result }: { decision: Decision; result?: DecideResult },
  started: number,
): string | undefined {
  const tool = toolOf(invocation);
  const reason = reasonOf(decision);
  return appendDecision(defaultStateDir(env), {
    ts: new Date(started).toISOString(),
    agent: adapter.id,
    event: args.nativeEvent,
    kind: invocation.kind,
    ...(invocation.sessionId !== undefined && { session: invocation.sessionId }),
    ...(tool !== undefined && { tool }),
    outcome: outcomeOf(decision),
    ...(reason !== undefined && { reason }),
    hooks: result?.hooks ?? [],
    durationMs: Date.now() - started,
    ...(decision.notices.length > 0 && { notices: decision.notices.map((n) => n.message) }),
  });
}

async function decideInvocation(
  adapter: Adapter,
  invocation: Invocation,
  env: Env,
  processCwd: string,
): Promise<{ decision: Decision; result?: DecideResult }> {
  // A directory that does not exist here (a payload from elsewhere) would make every shell fail.
  const reported = invocation.cwd || env.CLAUDE_PROJECT_DIR || env.GEMINI_PROJECT_DIR;
  const cwd = reported && existsSync(reported) ? reported : processCwd;
  const dir = defaultStateDir(env);
  const policy = resolvePolicyFiles(cwd, env, (path, text) => isTrusted(path, text, env));
  const catalog = await loadCatalogCached(policy.files, dir);
  if (!catalog.ok) return { decision: failure(invocation.kind, policyProblem(catalog.diagnostics)) };
  const notices = policy.untrusted ? untrustedNotice(policy.untrusted, dir) : [];
  const hooks = enabledHookSet(catalog.entries);
  const context = {
    cwd: policy.projectDir,
    env,
    metadata: { ...invocation.metadata, projectTrusted: policy.untrusted === undefined },
    extraEnv: { HOOKIT_NATIVE_EVENT: invocation.nativeEvent },
  };
  let result: DecideResult;
  if (invocation.kind === "stop" && invocation.sessionId) {
    const saved = await updateSessionState(dir, adapter.id, invocation.sessionId, (session) =>
      decide(invocation, hooks, { ...context, state: engineStore(session) }, session),
    );
    if (saved.ok) {
      result = saved.value;
      if (saved.warning) result.decision.notices.push({ message: `hookit: ${saved.warning}`, severity: "warning" });
    } else {
      result = await decide(invocation, hooks, context, undefined);
      result.decision.notices.push({ message: `hookit: session state unavailable (${saved.error}); deciding without it.`, severity: "warning" });
    }
  } else {
    result = await decide(invocation, hooks, context, undefined);
  }
  result.decision.notices.unshift(...notices);
  return { decision: result.decision, result };
}

function parseJson(stdin: string, nativeEvent: string): unknown {
  if (stdin.trim() === "") throw payloadError(`the ${nativeEvent || "hook"} payload on stdin was empty`);
  try {
    return JSON.parse(stdin);
  } catch (error) {
    throw payloadError(`stdin is not valid JSON (${(error as Error).message})`);
  }
}

function payloadError(message: string): Error {
  const error = new Error(message);
  error.name = "PayloadError";
  return error;
}

/** Fail closed where the harness is about to run a tool; elsewhere tell the user and go on. */
function failure(kind: InvocationKind, message: string): Decision {
  if (kind === "tool_call") return { block: message, notices: [] }; // the harness shows a block's reason itself
  return { notices: [{ message, severity: "error" }] };
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
    const broken = error instanceof Error && error.name === "ExternalAdapterError";
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

function toolOf(invocation: Invocation): string | undefined {
  const event = invocation.events[0];
  return event && "toolName" in event ? event.toolName : undefined;
}

function outcomeOf(decision: Decision): string {
  if (decision.block !== undefined) return "block";
  if (decision.patch) return "patch";
  if (decision.continueWith !== undefined) return "continue";
  return decision.notices.some((n) => n.severity === "error") ? "report" : "pass";
}

function reasonOf(decision: Decision): string | undefined {
  return decision.block ?? decision.patch?.reason ?? decision.continueWith;
}
