// Drives the BUILT `hookit` binary as a process, the way an agent runs it:
// payload on stdin, answer on stdout/stderr/exit code. Every call gets its own
// HOME / XDG_* / policy in a temporary sandbox, and an environment that holds
// nothing from the developer's shell except PATH.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { FIXTURES, ROOT, binPath, packageRoot, useBuiltHookit as useBuiltCopy } from "../../_built.ts";

export { FIXTURES, ROOT, binPath, packageRoot };

export interface Reply {
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

export interface Sandbox {
  root: string;
  /** Where the processes run: an empty directory, so no project policy is found by accident. */
  cwd: string;
  env: Record<string, string>;
  stateDir: string;
  /** Writes the policy file `HOOKIT_CONFIG` names; a string is written as is. */
  policy(policy: unknown): string;
}

const sandboxes: string[] = [];

/** Call once at the top of a test file: a private copy of the build, and sandboxes removed after each test. */
export function useBuiltHookit(): void {
  useBuiltCopy();
  afterEach(() => {
    for (const dir of sandboxes.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
}

export function createSandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "hookit-hook-"));
  sandboxes.push(root);
  const cwd = join(root, "cwd");
  mkdirSync(cwd);
  const policyPath = join(root, "policy.json");
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: join(root, "home"),
    XDG_CONFIG_HOME: join(root, "config"),
    XDG_STATE_HOME: join(root, "state"),
    HOOKIT_CONFIG: policyPath,
  };
  return {
    root,
    cwd,
    env,
    stateDir: join(env.XDG_STATE_HOME, "hookit"),
    policy(policy) {
      writeFileSync(policyPath, typeof policy === "string" ? policy : JSON.stringify(policy, null, 2));
      return policyPath;
    },
  };
}

/** Runs `hookit <args…>` with `stdin` piped in, as a harness would. */
export function runHookit(box: Sandbox, args: readonly string[], stdin: string, env: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath(), ...args], { cwd: box.cwd, env: { ...box.env, ...env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (exitCode) => resolve({ stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), exitCode }));
    // A hook that does not read stdin closes the pipe early; that is its business.
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
  });
}

export function runHook(box: Sandbox, agent: string, nativeEvent: string, stdin: string, env?: Record<string, string>): Promise<Reply> {
  return runHookit(box, ["hook", "--agent", agent, nativeEvent], stdin, env);
}

/** A captured payload, verbatim. */
export function fixtureText(agent: string, file: string): string {
  return readFileSync(join(FIXTURES, agent, file), "utf8");
}

/** A captured payload with some fields replaced (a cwd that exists here, a session id, …). */
export function fixtureWith(agent: string, file: string, changes: Record<string, unknown>): string {
  return JSON.stringify({ ...(JSON.parse(fixtureText(agent, file)) as object), ...changes });
}

// --- policies and the texts they produce (HooKit's fixed texts, hookit-semantics §3.3) ---

const hook = (event: string, shell: string) => ({ description: "", event, shell, default: true });

export const PASS_POLICY = {
  local: { allow: hook("tool_call", "true"), keep: hook("tool_result", "true"), done: hook("agent_end", "true") },
};
export const BLOCK_POLICY = { local: { deny: hook("tool_call", "false") } };
export const PATCH_POLICY = { local: { redact: hook("tool_result", "false") } };
export const CONTINUE_POLICY = { local: { tests: hook("agent_end", "false") } };

export const blockReason = (tool: string): string => `hookit: hook "deny" rejected ${tool} — \`false\``;
export const patchReason = (tool: string): string => `hookit: hook "redact" blocked ${tool} result — \`false\``;
export const patchText = (tool: string): string => `[BLOCKED by HooKit] ${patchReason(tool)}\n\nThe original tool result was suppressed.`;
export const CONTINUATION = "1 hook failed after your last turn:\n\n- **tests**: `false` (exit 1)";
export const RETRY_STOPPED = "hookit: agent-end hooks still fail; automatic retry stopped.";

/** One JSON object and a newline: the exact bytes hookit prints for `value`. */
export const jsonLine = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** The decision log, one parsed record per line. */
export function decisionLog(box: Sandbox): Array<Record<string, unknown>> {
  const path = join(box.stateDir, "decisions.jsonl");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** What must never reach a harness's protocol channel. */
export const STACK_OR_USAGE = /^\s+at .+:\d+|USAGE|Usage:|node:internal/m;
