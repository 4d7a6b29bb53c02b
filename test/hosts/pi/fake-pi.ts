// A small recording stand-in for Pi's ExtensionAPI and handler context. Every
// call hookit makes into "Pi" lands, in order, in `calls`; `fire()` runs the
// registered handlers like Pi's runner does (load order, awaited). `startExtension` runs hookit's
// extension in a sandbox from test/_sandbox.ts.
import { createHookitExtension } from "../../../src/hosts/pi/index.ts";
import type { Sandbox } from "../../_sandbox.ts";
import type { PiAPI, PiCommand, PiContext, PiContextUsage, PiEvent, PiHandler, PiSessionEntry } from "../../../src/agents/pi/pi-types.ts";

/** `local` hooks, each enabled: the shared builder. */
export { policy as hooks } from "../../_sandbox.ts";

export type Call = { kind: string; args: unknown[] };

export interface FakeOptions {
  hasUI?: boolean;
  trusted?: boolean | "unsupported";
  branch?: PiSessionEntry[];
  sessionId?: string;
  mode?: string;
  usage?: PiContextUsage;
  /** Method names (`sendMessage`, `abort`, `notify`, …) that throw when called. */
  failing?: string[];
  signal?: AbortSignal;
}

export interface Fake {
  pi: PiAPI;
  ctx: PiContext;
  calls: Call[];
  branch: PiSessionEntry[];
  commands: Map<string, PiCommand>;
  fire(event: string, payload: PiEvent): Promise<unknown>;
  /** Calls of one kind, args only. */
  of(kind: string): unknown[][];
}

export function createFake(cwd: string, options: FakeOptions = {}): Fake {
  const calls: Call[] = [];
  const handlers = new Map<string, PiHandler[]>();
  const commands = new Map<string, PiCommand>();
  const branch = options.branch ?? [];
  const failing = new Set(options.failing ?? []);
  const recorder =
    (kind: string) =>
    (...args: unknown[]) => {
      calls.push({ kind, args });
      if (failing.has(kind)) throw new Error(`${kind} exploded`);
    };
  const pi: PiAPI = {
    on(event, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
    registerCommand(name, command) {
      commands.set(name, command);
    },
    sendMessage: recorder("sendMessage"),
    sendUserMessage: recorder("sendUserMessage"),
    appendEntry: recorder("appendEntry"),
    events: { emit: recorder("emit") },
    getThinkingLevel: () => "medium",
  };
  const ctx: PiContext = {
    ui: { notify: recorder("notify"), setStatus: recorder("setStatus") },
    hasUI: options.hasUI ?? true,
    cwd,
    mode: options.mode ?? "tui",
    sessionManager: {
      getSessionId: () => options.sessionId ?? "session-1",
      getSessionFile: () => "/sessions/one.jsonl",
      getSessionName: () => undefined,
      getLeafId: () => "leaf-9",
      getBranch: () => branch,
    },
    model: { provider: "fake", id: "fake-model" },
    signal: options.signal,
    abort: recorder("abort"),
    shutdown: recorder("shutdown"),
    compact: recorder("compact"),
    getContextUsage: () => options.usage,
  };
  const trusted = options.trusted;
  if (trusted !== "unsupported") ctx.isProjectTrusted = () => trusted ?? false;
  return {
    pi,
    ctx,
    calls,
    branch,
    commands,
    async fire(event, payload) {
      let result: unknown;
      for (const handler of handlers.get(event) ?? []) result = await handler(payload, ctx);
      return result;
    },
    of: (kind) => calls.filter((c) => c.kind === kind).map((c) => c.args),
  };
}

/** A started extension: factory called, `session_start` fired, calls so far cleared. */
export async function startExtension(sandbox: Sandbox, options: FakeOptions = {}, keepCalls = false): Promise<Fake> {
  const fake = createFake(sandbox.project, options);
  let tick = 0;
  createHookitExtension({ env: sandbox.env, now: () => (tick += 10), clock: () => new Date(2026, 10, 29, 12, 0, 0) })(fake.pi);
  await fake.fire("session_start", { type: "session_start", reason: "startup" });
  if (!keepCalls) fake.calls.length = 0;
  return fake;
}

/** `local` hooks, all `default: true` unless they say otherwise. */
