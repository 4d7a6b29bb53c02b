// hookit as an OpenCode plugin: OpenCode calls the plugin function once per
// instance (one per directory) and then the returned hooks, in its own process.
// tool.execute.before blocks by throwing, tool.execute.after patches by
// replacing the output, session.idle is the agent's stop (answered with a
// corrective prompt), message.updated marks a turn end, chat.message a new
// user turn. Bus events are not awaited by OpenCode, so their work is tracked
// and `dispose` waits for it (a plain `opencode run` exits right after idle).
import type { SessionMetadata } from "../../engine/types.ts";
import type { SessionState } from "../../run/session-state.ts";
import type { Env } from "../../base/paths.ts";
import { createDelivery, undeliveredMessage } from "../../agents/opencode/deliver.ts";
import {
  abortedSession,
  finishedAssistantMessage,
  idleSession,
  sessionInfo,
  stopInvocation,
  toolCallInvocation,
  toolResultInvocation,
  turnEndInvocation,
} from "../../agents/opencode/events.ts";
import type { OpencodeEvent, OpencodeHooks, OpencodePlugin } from "../../agents/opencode/opencode-types.ts";
import { createPolicySource } from "./policy.ts";
import { packageDirOf } from "../../protect/package-dir.ts";
import { createRuntime } from "./runtime.ts";

export interface HookitOpencodeOptions {
  /** Environment for policy lookup (`HOME`, `XDG_*`, `HOOKIT_CONFIG`, `HOOKIT`) and hook shells. @default process.env */
  env?: Env;
  /** Wall clock in ms for the decision log. @default Date.now */
  now?: () => number;
  /** How long `dispose` waits for unfinished agent_end / turn_end evaluations. @default 10000 */
  disposeWaitMs?: number;
}

interface Session {
  state: SessionState;
  /** Model steps finished since the last user message (turn_end's turnIndex). */
  turns: number;
  metadata: SessionMetadata;
  /** agent_end evaluations of one session run one after another. */
  queue: Promise<void>;
  /** The user stopped the current run; cleared by the next user message. */
  aborted: boolean;
}

// A long-running `opencode serve` must not keep every session and message it ever saw: oldest go first.
const MAX_SESSIONS = 200;
const MAX_REMEMBERED = 500;

function remember(set: Set<string>, value: string): void {
  set.add(value);
  if (set.size > MAX_REMEMBERED) set.delete(set.values().next().value as string);
}

/** The plugin function with injectable surroundings (tests use this). */
export function createHookitPlugin(options: HookitOpencodeOptions = {}): OpencodePlugin {
  return async ({ client, directory }) => {
    const env = options.env ?? process.env;
    // The documented escape hatch: no hooks at all.
    if (env.HOOKIT === "0") return {};
    const delivery = createDelivery(client);
    const runtime = createRuntime({
      env,
      policy: createPolicySource(directory, env),
      delivery,
      now: options.now ?? Date.now,
      packageDir: packageDirOf(import.meta.url),
      directory,
    });
    const sessions = new Map<string, Session>();
    const subagents = new Set<string>();
    const finished = new Set<string>();
    const pending = new Set<Promise<unknown>>();

    const sessionFor = (id: string): Session => {
      let session = sessions.get(id);
      if (!session) {
        session = {
          state: { engine: {}, continuations: 0 },
          turns: 0,
          metadata: { sessionId: id },
          queue: Promise.resolve(),
          aborted: false,
        };
        sessions.set(id, session);
        if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
      }
      return session;
    };
    const track = (work: Promise<unknown>) => {
      const settled = work.catch(() => undefined).finally(() => pending.delete(settled));
      pending.add(settled);
    };

    const onIdle = (id: string) => {
      const session = sessionFor(id);
      session.queue = session.queue
        .then(async () => {
          const decision = await runtime.judge("stop", () => stopInvocation(id, session.metadata, session.aborted), session.state);
          if (decision?.stopAgent !== undefined) await delivery.abort(id, decision.stopAgent);
          else if (decision?.continueWith !== undefined) await delivery.continueWith(id, decision.continueWith);
        })
        .catch(() => undefined); // one failed evaluation must not stall the session's later ones
      track(session.queue);
    };
    const onTurnEnd = (message: { id: string; sessionID: string }) => {
      if (finished.has(message.id)) return;
      remember(finished, message.id);
      const session = sessionFor(message.sessionID);
      const turnIndex = session.turns++;
      track(runtime.judge("turn_end", () => turnEndInvocation(message.sessionID, turnIndex, session.metadata)));
    };

    const hooks: OpencodeHooks = {
      async "tool.execute.before"(input, output) {
        const metadata = sessionFor(String(input?.sessionID)).metadata;
        const decision = await runtime.judge("tool_call", () => toolCallInvocation(input, output?.args, metadata));
        if (decision?.stopAgent !== undefined) track(delivery.abort(String(input.sessionID), decision.stopAgent));
        // OpenCode fails the call with this error; its message is exactly what the model reads.
        if (decision?.block !== undefined) throw new Error(decision.block);
        // A pass message has no model channel before the tool runs: the user is told instead.
        if (decision?.context !== undefined) delivery.tell(undeliveredMessage(decision.context));
      },
      async "tool.execute.after"(input, output) {
        const metadata = sessionFor(String(input?.sessionID)).metadata;
        const decision = await runtime.judge("tool_result", () => toolResultInvocation(input, output, metadata));
        if (decision?.stopAgent !== undefined) track(delivery.abort(String(input.sessionID), decision.stopAgent));
        if (decision?.patch !== undefined) {
          output.output = decision.patch.text;
          // An attachment (an image a read returned, …) would reach the model beside the text.
          if (Array.isArray(output.attachments)) output.attachments = [];
        } else if (decision?.context !== undefined && typeof output.output === "string") {
          // A message Action rides after the tool's output, which is what the model reads next.
          output.output = `${output.output}\n\n${decision.context}`;
        }
      },
      async "chat.message"(input, output) {
        if (typeof input?.sessionID !== "string") return;
        const session = sessionFor(input.sessionID);
        session.turns = 0;
        session.aborted = false;
        const model = output?.message?.model;
        session.metadata = {
          sessionId: input.sessionID,
          ...(typeof model?.providerID === "string" && { provider: model.providerID }),
          ...(typeof model?.modelID === "string" && { model: model.modelID }),
        };
      },
      async event({ event }: { event: OpencodeEvent }) {
        switch (event?.type) {
          case "session.created":
          case "session.updated": {
            const info = sessionInfo(event.properties);
            if (info?.child) remember(subagents, info.id);
            return;
          }
          case "session.idle": {
            const id = idleSession(event.properties);
            // A subagent's stop is its parent's business: only top-level sessions are judged.
            if (id !== undefined && !subagents.has(id)) onIdle(id);
            return;
          }
          case "message.updated": {
            const aborted = abortedSession(event.properties);
            if (aborted !== undefined) sessionFor(aborted).aborted = true;
            const message = finishedAssistantMessage(event.properties);
            if (message && !subagents.has(message.sessionID)) onTurnEnd(message);
            return;
          }
        }
      },
      async dispose() {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const limit = new Promise((resolve) => (timer = setTimeout(resolve, options.disposeWaitMs ?? 10_000)));
        await Promise.race([Promise.allSettled([...pending]), limit]);
        clearTimeout(timer);
      },
    };
    return hooks;
  };
}
