// `hookit doctor` against real installs in a temporary HOME and repository:
// the probe runs the installed command line through /bin/sh with the built
// hookit, exactly as the agent would.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { runDoctor } from "../../src/doctor/index.ts";
import { installAgents } from "../../src/installer/index.ts";
import { trustPolicy } from "../../src/policy/trust.ts";

const REPO = resolve(import.meta.dirname, "../..");
let root: string;

beforeAll(() => {
  if (!existsSync(join(REPO, "dist", "hook.cjs"))) execFileSync("npm", ["run", "build"], { cwd: REPO, stdio: "ignore" });
});

function box() {
  root = mkdtempSync(join(tmpdir(), "hookit-doctor-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(home, { recursive: true });
  const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") };
  return { home, project, env };
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

const policy = JSON.stringify({ local: { guard: { description: "", event: "tool_result", shell: "false", default: true } } });

describe("hookit doctor", () => {
  test("a healthy install: the command runs and answers, no errors", async () => {
    const { project, env } = box();
    await installAgents({ agents: ["claude"], projectDir: project, env, cwd: project, packageRoot: REPO });
    const report = await runDoctor(project, env);
    const claude = report.checks.filter((c) => c.agent === "claude" && c.status === "ok");
    expect(claude.some((c) => /the hook command runs/.test(c.message))).toBe(true);
    expect(report.checks.filter((c) => c.status === "error")).toEqual([]);
    expect(report.ok).toBe(true);
  });

  test("a hook command that no longer runs is an error with the fix", async () => {
    const { project, env } = box();
    const pkg = join(root, "pkg");
    mkdirSync(pkg);
    execFileSync("cp", ["-r", join(REPO, "dist"), join(REPO, "package.json"), pkg]);
    await installAgents({ agents: ["codex"], projectDir: project, env, cwd: project, packageRoot: pkg });
    renameSync(join(pkg, "dist"), join(pkg, "gone")); // the checkout moved
    const report = await runDoctor(project, env);
    const broken = report.checks.find((c) => c.agent === "codex" && c.status === "error");
    expect(broken?.message).toMatch(
      /installed hook command fails \(the hookit it runs is gone: .*\/dist\/bin\.cjs does not exist \(moved or deleted\)\)/,
    );
    expect(broken?.fix).toMatch(/hookit install --agent codex --project/);
    expect(report.ok).toBe(false);
  });

  test("an untrusted project policy and a duplicate install are reported", async () => {
    const { project, env } = box();
    mkdirSync(join(project, ".hookit"));
    writeFileSync(join(project, ".hookit", "hookit.json"), policy);
    await installAgents({ agents: ["gemini"], projectDir: project, env, cwd: project, packageRoot: REPO });
    await installAgents({ agents: ["gemini"], scope: "global", env, cwd: project, packageRoot: REPO });
    writeFileSync(join(project, ".hookit", "hookit.json"), policy + "\n"); // edited after install: trust revoked
    const report = await runDoctor(project, env);
    expect(report.checks.find((c) => /was edited since you trusted it/.test(c.message))?.status).toBe("error");
    expect(report.checks.find((c) => /both the project and the global scope/.test(c.message))?.agent).toBe("gemini");
  });

  test("capability gaps of this policy on this agent", async () => {
    const { project, env } = box();
    mkdirSync(join(project, ".hookit"));
    const path = join(project, ".hookit", "hookit.json");
    writeFileSync(path, policy);
    trustPolicy(path, policy, env);
    await installAgents({ agents: ["cursor"], projectDir: project, env, cwd: project, packageRoot: REPO });
    const report = await runDoctor(project, env);
    const gap = report.checks.find((c) => c.agent === "cursor" && /^tool_result hooks on Cursor/.test(c.message));
    expect(gap).toBeDefined();
  });

  test("a policy with message Actions and an ask: each agent's messages and ask rows are named", async () => {
    const { project, env } = box();
    mkdirSync(join(project, ".hookit"));
    const path = join(project, ".hookit", "hookit.json");
    const asking = JSON.stringify({
      local: {
        confirm: {
          description: "",
          event: "tool_call",
          ask: true,
          shell: "false",
          default: true,
          action: { type: "message", outcome: "block", message: "Confirm?", delivery: "steer" },
        },
      },
    });
    writeFileSync(path, asking);
    trustPolicy(path, asking, env);
    await installAgents({ agents: ["gemini"], projectDir: project, env, cwd: project, packageRoot: REPO });
    const messages = (await runDoctor(project, env)).checks.filter((c) => c.agent === "gemini").map((c) => c.message);
    expect(messages.some((m) => /^messages hooks on Gemini CLI: approximate — .*BeforeTool drops additionalContext/.test(m))).toBe(true);
    expect(messages.some((m) => /^ask hooks on Gemini CLI: approximate — .*an ask is the deny/.test(m))).toBe(true);
  });

  test("a TOML config (Kimi Code) is read too: its installed command is probed", async () => {
    const { project, env } = box();
    await installAgents({ agents: ["kimi"], scope: "global", env, cwd: project, packageRoot: REPO });
    const report = await runDoctor(project, env);
    const kimi = report.checks.find((c) => c.agent === "kimi" && c.status === "ok");
    expect(kimi?.message).toMatch(/installed in .*config\.toml; the hook command runs/);
  });

  test("nothing installed and no policy: nothing is enforced (✗), and each check says what to run", async () => {
    const { project, env } = box();
    const report = await runDoctor(project, env);
    expect(report.checks.map((c) => c.fix)).toEqual(
      expect.arrayContaining(["hookit init", expect.stringMatching(/^hookit install --agent all/)]),
    );
    expect(report.ok).toBe(false);
  });
});
