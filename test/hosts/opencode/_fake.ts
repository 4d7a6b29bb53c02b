// A recording stand-in for the OpenCode SDK client a plugin receives, a sandbox
// (HOME, XDG dirs, a git project) the plugin's env points at, and the captured
// OpenCode 1.18.33 hook inputs in test/fixtures/opencode/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { createHookitPlugin, type HookitOpencodeOptions } from "../../../src/hosts/opencode/plugin.ts";
import type { OpencodeClient, OpencodeHooks } from "../../../src/agents/opencode/opencode-types.ts";

export type Call = { kind: "promptAsync" | "abort" | "showToast" | "log"; args: any };

export interface FakeClient {
  client: OpencodeClient;
  calls: Call[];
  of(kind: Call["kind"]): any[];
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
    of: (kind) => calls.filter((c) => c.kind === kind).map((c) => c.args),
  };
}

export interface Sandbox {
  root: string;
  project: string;
  env: Record<string, string | undefined>;
  stateDir: string;
  globalPolicy(policy: unknown): string;
  projectPolicy(policy: unknown): string;
}

const cleanups: string[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary HOME with a git project in it; the env points hookit there and nowhere else. */
export function createSandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "hookit-opencode-"));
  cleanups.push(root);
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: join(root, "home"),
    XDG_CONFIG_HOME: join(root, "config"),
    XDG_STATE_HOME: join(root, "state"),
  };
  const write = (path: string, policy: unknown) => {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, typeof policy === "string" ? policy : JSON.stringify(policy));
    return path;
  };
  return {
    root,
    project,
    env,
    stateDir: join(root, "state", "hookit"),
    globalPolicy: (policy) => write(join(root, "config", "hookit", "hookit.json"), policy),
    projectPolicy: (policy) => write(join(project, ".hookit", "hookit.json"), policy),
  };
}

/** `local` hooks, all `default: true` unless they say otherwise. */
export function hooks(entries: Record<string, Record<string, unknown>>): unknown {
  const local: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(entries)) local[name] = { description: "", default: true, ...entry };
  return { local };
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
export function fixture(name: string): any {
  return JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/opencode", `${name}.json`), "utf8"));
}

/** The session id every captured fixture carries. */
export const SESSION = "ses_dd65adad5ffemyYLMoSaYAD61D";
