// HOOKIT=0 or HOOKIT_CONFIG that Gemini CLI loaded from a `.env` into its hooks' environment
// (measured on 0.61.0: test/e2e/gemini-env.e2e.test.ts) is not the user's switch: through
// `hookit hook --agent gemini` as Gemini runs it, the guard still blocks. The user's own shell
// still switches hookit off.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { agentPayloads } from "../reliability/_payloads.ts";
import { inspectReply } from "../reliability/_protocol.ts";
import { policy, runBin, runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const GUARD = policy({ "no-force-push": { event: "tool_call", filter: { command: "git push --force" }, shell: "false" } });
const FORBIDDEN = "git push --force origin main";

async function guarded(): Promise<Sandbox> {
  const box = sandbox();
  box.projectPolicy(GUARD);
  expect((await runBin(box, ["trust", "--yes"], "", { cwd: box.project })).exitCode).toBe(0);
  return box;
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

async function forbiddenBlocked(box: Sandbox, env: Record<string, string>): Promise<boolean> {
  const [event, payload] = agentPayloads("gemini", box.project).preTool;
  (payload.tool_input as Record<string, unknown>).command = FORBIDDEN;
  const reply = await runHook(box, "gemini", event, payload, { cwd: box.project, env });
  const result = inspectReply("gemini", event, "tool_call", { stdout: reply.stdout, stderr: reply.stderr, exitCode: reply.exitCode ?? -1 });
  expect(result.problems).toEqual([]);
  return result.blocked;
}

describe("gemini: HOOKIT from a .env Gemini loads", () => {
  test.each([
    ["the project's .gemini/.env", (box: Sandbox) => join(box.project, ".gemini/.env"), "HOOKIT=0\n"],
    ["the project's .env", (box: Sandbox) => join(box.project, ".env"), "HOOKIT: 0\n"],
    ["a .env above the project", (box: Sandbox) => join(box.project, "..", ".env"), "export HOOKIT='0'\n"],
    ["~/.gemini/.env", (box: Sandbox) => join(box.env.HOME, ".gemini/.env"), "HOOKIT=0\n"],
    ["~/.env", (box: Sandbox) => join(box.env.HOME, ".env"), "HOOKIT=0\n"],
  ])("HOOKIT=0 with the value of %s leaves the guard on", async (_, file, text) => {
    const box = await guarded();
    write(file(box), text);
    expect(await forbiddenBlocked(box, { HOOKIT: "0" })).toBe(true);
  });

  test("HOOKIT_CONFIG with the value of .gemini/.env leaves the user's policies in place", async () => {
    const box = await guarded();
    const allowAll = join(box.project, "allow-all.json");
    write(allowAll, "{}\n");
    write(join(box.project, ".gemini/.env"), `HOOKIT_CONFIG=${allowAll}\n`);
    expect(await forbiddenBlocked(box, { HOOKIT_CONFIG: allowAll })).toBe(true);
  });

  test("XDG_STATE_HOME from .gemini/.env (an empty trust store: the project policy untrusted) leaves the user's trust in place", async () => {
    // Gemini sets only what the environment lacks: a user without XDG_STATE_HOME, whose trust is in ~/.local/state.
    const box = sandbox();
    box.projectPolicy(GUARD);
    const own = { XDG_STATE_HOME: join(box.home, ".local", "state") };
    expect((await runBin(box, ["trust", "--yes"], "", { cwd: box.project, env: own })).exitCode).toBe(0);
    expect(await forbiddenBlocked(box, own)).toBe(true);
    const empty = join(box.root, "empty-state");
    mkdirSync(empty);
    write(join(box.project, ".gemini/.env"), `XDG_STATE_HOME=${empty}\n`);
    expect(await forbiddenBlocked(box, { XDG_STATE_HOME: empty })).toBe(true);
  });

  test("HOOKIT=0 the files do not give (the user's shell) still switches hookit off", async () => {
    const box = await guarded();
    write(join(box.project, ".gemini/.env"), "HOOKIT=1\n# HOOKIT=0\n");
    expect(await forbiddenBlocked(box, {})).toBe(true);
    expect(await forbiddenBlocked(box, { HOOKIT: "0" })).toBe(false);
  });
});
