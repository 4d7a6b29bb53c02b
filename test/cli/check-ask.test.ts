// `hookit check` shows hookit's ask as its own outcome (HooKit would call it a block).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { binPath, fileSandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();
const box = fileSandbox();

const policy = (ask: boolean) => {
  const file = join(box.root, `policy-${ask}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      local: {
        confirm: {
          description: "",
          event: "tool_call",
          ...(ask && { ask: true }),
          filter: { command: "deploy" },
          shell: "false",
          default: true,
        },
      },
    }),
  );
  return file;
};
const check = (file: string) =>
  spawnSync(process.execPath, [binPath(), "check", "--policy", file, "--cwd", box.project], {
    input: JSON.stringify({ event: "tool_call", toolName: "bash", input: { command: "deploy prod" } }),
    env: box.env,
    encoding: "utf8",
  });

test("an asking hook prints `tool_call: ask` and exits 2 (it does not pass)", () => {
  const run = check(policy(true));
  expect(run.stdout).toBe('tool_call: ask\nhookit: hook "confirm" rejected bash — `false`\n');
  expect(run.status).toBe(2);
});

test("the same hook without ask is HooKit's block", () => {
  expect(check(policy(false)).stdout).toBe('tool_call: block\nhookit: hook "confirm" rejected bash — `false`\n');
});
