// docs/getting-started.md says what its commands show; the docs test runs each and
// checks the exit code, this checks the two claims that matter: the agent's call is
// denied, and `hookit log` shows that decision.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { binPath, fileSandbox, ROOT, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const box = fileSandbox();
const root = box.root;
const repo = join(root, "repo");
const bin = join(root, "bin");
const env = {
  PATH: `${bin}:${process.env.PATH}`,
  HOME: join(root, "home"),
  XDG_CONFIG_HOME: join(root, "config"),
  XDG_STATE_HOME: join(root, "state"),
};
const page = readFileSync(join(ROOT, "docs", "getting-started.md"), "utf8").split("\n");
const line = (start: string) => page.find((l) => l.startsWith(start))!;
const sh = (command: string) => spawnSync("/bin/sh", ["-c", command], { cwd: repo, env, encoding: "utf8" });

beforeAll(() => {
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(bin);
  writeFileSync(join(bin, "hookit"), `#!/bin/sh\nexec "${process.execPath}" "${binPath()}" "$@"\n`);
  chmodSync(join(bin, "hookit"), 0o755);
});

test("init, the agent's call is denied, and the log shows it", () => {
  expect(sh("hookit init").status).toBe(0);
  const dry = sh(line(`echo '{"event":"tool_call"`).replace(/ \| hookit check.*$/, " | hookit check --dry-run"));
  expect(dry.stdout).toContain("+ local/no-force-push: would run");
  const reply = sh(line(`echo '{"session_id":"first-hour"`));
  expect(reply.status).toBe(0);
  expect(JSON.parse(reply.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  const log = sh("hookit log");
  expect(log.stdout).toMatch(/claude\s+PreToolUse\s+bash\s+block\s+local\/no-force-push/);
});
