// Asks Codex itself which hooks it loads and whether it trusts them: Codex skips an
// untrusted hook without a word, so a hooks.json that looks right is not enough.
// `codex app-server` answers `hooks/list` with each hook's `trustStatus` (checked on
// Codex 0.171); hookit starts it on stdio, asks once, and stops it. Bounded: a Codex
// that does not answer in time is reported as unknown, never waited on.
import { execa } from "execa";
import { delimiter, join } from "node:path";
import { isExecutableFile } from "../base/exec-path.ts";
import type { Env } from "../base/paths.ts";

interface CodexHook {
  command: string;
  sourcePath: string;
  enabled: boolean;
  trustStatus: "managed" | "untrusted" | "trusted" | "modified" | string;
}

export type CodexHookList = { ok: true; hooks: CodexHook[]; errors: { path: string; message: string }[] } | { ok: false; detail: string };

const TIMEOUT_MS = 10_000;

export function findCodex(env: Env): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const path = join(dir, "codex");
    if (isExecutableFile(path)) return path;
  }
  return undefined;
}

export async function listCodexHooks(codex: string, cwd: string, env: Env, timeoutMs = TIMEOUT_MS): Promise<CodexHookList> {
  // execa's timeout stops a Codex that never answers; on an answer hookit stops it at once (leaving
  // the loop alone would wait for the server to end).
  const server = execa(codex, ["app-server"], { cwd, env, extendEnv: false, stderr: "ignore", timeout: timeoutMs, reject: false });
  const send = (message: object) => server.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  server.stdin.on("error", () => undefined); // an early exit is reported from the result below
  send({ id: 1, method: "initialize", params: { clientInfo: { name: "hookit-doctor", version: "1" } } });
  send({ method: "initialized" });
  send({ id: 2, method: "hooks/list", params: { cwds: [cwd] } });
  try {
    for await (const line of server) {
      const answer = parseAnswer(line);
      if (answer) {
        server.kill();
        return answer;
      }
    }
  } catch {
    // It failed to start or timed out: the result says which.
  }
  const result = await server;
  if (result.timedOut) return { ok: false, detail: `codex app-server did not answer hooks/list within ${timeoutMs / 1000} s` };
  if (result.exitCode === undefined && result.signal === undefined)
    return { ok: false, detail: `could not run ${codex}: ${String(result.shortMessage)}` };
  return { ok: false, detail: `codex app-server exited (${result.exitCode ?? result.signal}) before answering hooks/list` };
}

function parseAnswer(line: string): CodexHookList | undefined {
  let message: { id?: unknown; result?: { data?: unknown }; error?: { message?: unknown } };
  try {
    message = JSON.parse(line) as typeof message;
  } catch {
    return undefined;
  }
  if (message.id !== 2) return undefined;
  if (message.error) return { ok: false, detail: `codex app-server refused hooks/list: ${String(message.error.message)}` };
  const entries = Array.isArray(message.result?.data) ? (message.result.data as { hooks?: unknown; errors?: unknown }[]) : [];
  const hooks = entries.flatMap((e) => (Array.isArray(e.hooks) ? (e.hooks as CodexHook[]) : []));
  const errors = entries.flatMap((e) => (Array.isArray(e.errors) ? (e.errors as { path: string; message: string }[]) : []));
  return { ok: true, hooks, errors };
}
