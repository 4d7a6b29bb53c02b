// A session of decisions through the built `hookit hook`, and the helpers to
// wait for the background shipper it starts.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import { fixtureWith, type Reply, runBin, runHook, sandbox, type Sandbox } from "../_sandbox.ts";
import { startReceiver, type Receiver } from "./_receiver.ts";

export const SESSION = "6b1f0c8e-telemetry-test";

/** Blocks `rm …`, lets everything else through. */
export const POLICY = {
  local: {
    "no-rm": { description: "", event: "tool_call", filter: { command: "^rm " }, shell: "false", default: true },
    allow: { description: "", event: "tool_call", shell: "true", default: true },
  },
};

export function enableExport(box: Sandbox, otlp: unknown): void {
  const dir = join(box.env.XDG_CONFIG_HOME as string, "hookit");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "settings.json"), JSON.stringify({ telemetry: { otlp } }));
}

/** One Claude Code PreToolUse call running `command`; returns the reply. */
export function bashCall(box: Sandbox, command: string, env?: Record<string, string>): Promise<Reply> {
  const payload = fixtureWith("claude", "PreToolUse-Bash.json", { cwd: box.cwd, session_id: SESSION, tool_input: { command } });
  return runHook(box, "claude", "PreToolUse", payload, { env });
}

export function ship(box: Sandbox, env?: Record<string, string>): Promise<Reply> {
  return runBin(box, ["telemetry", "ship"], "", { env });
}

export async function waitFor(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The background shipper is gone (it lingers a few idle seconds after its last batch). */
export function shipperGone(box: Sandbox): Promise<void> {
  return waitFor("the background shipper to exit", () => !existsSync(join(box.stateDir, "telemetry", "ship.lock")));
}

const opened: Array<{ receiver: Receiver; box: Sandbox }> = [];

/** Call once per test file: every test's receiver is closed, once its background shipper is gone. */
export function useReceivers(): void {
  afterEach(async () => {
    for (const { receiver, box } of opened.splice(0)) {
      await shipperGone(box).catch(() => {});
      await receiver.close();
    }
  });
}

/** A receiver, and a sandbox with the blocking policy. */
export async function receiverAndSandbox(): Promise<{ r: Receiver; b: Sandbox }> {
  const r = await startReceiver();
  const b = sandbox({ policyFile: true });
  b.policy(POLICY);
  opened.push({ receiver: r, box: b });
  return { r, b };
}
