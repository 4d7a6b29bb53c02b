// A hook that runs out of time: the model reads HooKit's reason exactly as for any
// failed command, and the user is told it timed out (before, nothing said "timed out").
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { binPath, fileSandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const box = fileSandbox();
const root = box.root;
const policy = join(root, "policy.json");
const env = { PATH: process.env.PATH, HOME: join(root, "home"), XDG_STATE_HOME: join(root, "state"), HOOKIT_CONFIG: policy };

beforeAll(() => {
  writeFileSync(
    policy,
    JSON.stringify({
      local: {
        slow: { description: "", event: "tool_call", filter: { command: "slow" }, shell: "sleep 5", timeout: 1000, default: true },
        quick: { description: "", event: "tool_call", filter: { command: "quick" }, shell: "exit 1", timeout: 1000, default: true },
      },
    }),
  );
});

function hook(command: string) {
  const payload = JSON.stringify({
    session_id: "s",
    cwd: root,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "t",
  });
  const run = spawnSync(process.execPath, [binPath(), "hook", "--agent", "claude", "PreToolUse"], {
    cwd: root,
    env,
    input: payload,
    encoding: "utf8",
  });
  return JSON.parse(run.stdout) as { systemMessage?: string; hookSpecificOutput: { permissionDecisionReason: string } };
}

test("timed out: the reason stays HooKit's, the user reads 'timed out after 1 s'", () => {
  const reply = hook("slow");
  expect(reply.hookSpecificOutput.permissionDecisionReason).toBe('hookit: hook "slow" rejected bash — `sleep 5`');
  expect(reply.systemMessage).toMatch(/hook "local\/slow" timed out after 1 s and was stopped/);
  const log = readFileSync(join(root, "state", "hookit", "decisions.jsonl"), "utf8");
  expect(log).toMatch(/timed out after 1 s/);
});

test("a command that simply fails says nothing about time", () => {
  const reply = hook("quick");
  expect(reply.hookSpecificOutput.permissionDecisionReason).toBe('hookit: hook "quick" rejected bash — `exit 1`');
  expect(reply.systemMessage ?? "").not.toMatch(/timed out/);
});
