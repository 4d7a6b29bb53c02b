// Where the policy comes from, through the built `hookit hook`: a HOOKIT_CONFIG that
// names a missing file used to allow everything; outside a git work tree the project
// policy was found only from its own directory (from a subdirectory `git push --force` passed).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { binPath, fileSandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const box = fileSandbox();
const root = box.root;
const home = join(root, "home");
const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") };

beforeAll(() => {
  mkdirSync(home, { recursive: true });
});

function preToolUse(cwd: string, command: string, extra: Record<string, string> = {}) {
  const payload = JSON.stringify({
    session_id: "s",
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "t",
  });
  const run = spawnSync(process.execPath, [binPath(), "hook", "--agent", "claude", "PreToolUse"], {
    cwd,
    env: { ...env, ...extra },
    input: payload,
    encoding: "utf8",
  });
  const reply =
    run.stdout.trim() === ""
      ? {}
      : (JSON.parse(run.stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } });
  return {
    status: run.status,
    decision: reply.hookSpecificOutput?.permissionDecision,
    reason: reply.hookSpecificOutput?.permissionDecisionReason,
  };
}

describe("policy lookup", () => {
  test("a HOOKIT_CONFIG naming a missing file blocks pre-tool calls with the reason", () => {
    const reply = preToolUse(root, "ls", { HOOKIT_CONFIG: join(root, "missing.json") });
    expect(reply.decision).toBe("deny");
    expect(reply.reason).toMatch(/HOOKIT_CONFIG names .*missing\.json, which does not exist/);
  });

  test("outside a git work tree, a subdirectory finds the project's policy", () => {
    const project = join(home, "scratch");
    const sub = join(project, "src", "deep");
    mkdirSync(sub, { recursive: true });
    // `hookit init` writes and trusts the starter policy (no-force-push among its guards).
    execFileSync(process.execPath, [binPath(), "init"], { cwd: project, env });
    expect(preToolUse(project, "git push --force").decision).toBe("deny");
    expect(preToolUse(sub, "git push --force").decision).toBe("deny");
    expect(preToolUse(sub, "ls").decision).not.toBe("deny");
  });

  test("init outside a work tree still writes into the current directory, not HOME", () => {
    const dir = join(home, "other", "place");
    mkdirSync(dir, { recursive: true });
    execFileSync(process.execPath, [binPath(), "init"], { cwd: dir, env });
    expect(existsSync(join(dir, ".hookit", "hookit.json"))).toBe(true);
    expect(readFileSync(join(dir, ".hookit", "hookit.json"), "utf8")).toContain('"$schema": "./schema.json"');
  });
});
