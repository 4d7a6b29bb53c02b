// A recording stand-in for the OpenCode SDK client a plugin receives, the plugin started in a
// sandbox from test/_sandbox.ts, and the captured OpenCode 1.18.33 hook inputs in
// test/fixtures/opencode/.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sandbox } from "../../_sandbox.ts";
import { createHookitPlugin, type HookitOpencodeOptions } from "../../../src/hosts/opencode/plugin.ts";
import type { OpencodeClient, OpencodeHooks } from "../../../src/agents/opencode/opencode-types.ts";

/** `local` hooks, each enabled: the shared builder. */
export { policy as hooks } from "../../_sandbox.ts";

export type Call = { kind: "promptAsync" | "abort" | "showToast" | "log"; args: unknown };

export interface FakeClient {
  client: OpencodeClient;
  calls: Call[];
  of(kind: "showToast"): Array<{ body: { message: string; variant: string } }>;
  of(kind: Call["kind"]): unknown[];
}

/** `failing`: methods that reject. */
export function createClient(failing: Call["kind"][] = []): FakeClient {
  const calls: Call[] = [];
  const record = (kind: Call["kind"]) => async (args: unknown) => {
    calls.push({ kind, args });
    if (failing.includes(kind)) throw new Error(`${kind} exploded`);
    return {};
  };
  return {
    client: {
      session: { promptAsync: record("promptAsync"), abort: record("abort") },
      tui: { showToast: record("showToast") },
      app: { log: record("log") },
    },
    calls,
    // The client records what hookit passed; a toast's shape is the SDK's.
    of: ((kind: Call["kind"]) => calls.filter((c) => c.kind === kind).map((c) => c.args)) as FakeClient["of"],
  };
}

export interface Started extends FakeClient {
  hooks: OpencodeHooks;
  /** Fires one bus event and waits for the work it started (as `dispose` would). */
  emit(type: string, properties: Record<string, unknown>): Promise<void>;
}

/** The plugin function called the way OpenCode calls it, for `sandbox.project`. */
export async function startPlugin(sandbox: Sandbox, options: HookitOpencodeOptions & { failing?: Call["kind"][] } = {}): Promise<Started> {
  const fake = createClient(options.failing);
  const hooks = await createHookitPlugin({ env: sandbox.env, now: () => 1_795_000_000_000, ...options })({
    client: fake.client,
    directory: sandbox.project,
  });
  return {
    ...fake,
    hooks,
    async emit(type, properties) {
      await hooks.event?.({ event: { type, properties } });
      await hooks.dispose?.();
    },
  };
}

/** One captured OpenCode 1.18.33 hook call (`{input, output}` or `{event}`), a fresh copy each time. */
// biome-ignore lint/suspicious/noExplicitAny: a captured payload, handed to hooks typed for each event
export function fixture(name: string): any {
  return JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/opencode", `${name}.json`), "utf8"));
}

/** The session id every captured fixture carries. */
export const SESSION = "ses_dd65adad5ffemyYLMoSaYAD61D";
