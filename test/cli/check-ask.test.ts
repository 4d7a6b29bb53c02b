// `hookit check` shows hookit's ask as its own outcome (HooKit would call it a block).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, test } from "vitest";

const BIN = join(resolve(import.meta.dirname, "../.."), "dist", "bin.cjs");
const home = mkdtempSync(join(tmpdir(), "hookit-check-ask-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const policy = (ask: boolean) => {
  const file = join(home, `policy-${ask}.json`);
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
  spawnSync(process.execPath, [BIN, "check", "--policy", file, "--cwd", home], {
    input: JSON.stringify({ event: "tool_call", toolName: "bash", input: { command: "deploy prod" } }),
    env: { PATH: process.env.PATH, HOME: home, XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config") },
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
