// Issue 31 on the real Claude Code: a project install, and `"disableAllHooks": true` in the
// user's own ~/.claude/settings.json. The real CLI then runs the command the project's guard
// forbids (the switch at the other scope wins), and `hookit doctor` in that project says so
// with ✗ and the file to fix, where it used to print ✓ and exit 0.
import { execaSync } from "execa";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clis } from "./clis.ts";
import { disposeScratch, hookitBin, runScenario } from "./harness.ts";

afterAll(disposeScratch);

const MARKER = "scopes-forbidden-marker";
const POLICY = {
  local: {
    "no-marker": { description: "e2e", event: "tool_call", filter: { toolName: "^bash$", command: MARKER }, shell: "false", default: true },
  },
};

describe(`Claude Code ${clis.claude.version}: a user-scope switch over a project install`, () => {
  it("the CLI runs the forbidden command, and doctor reports the user file that switched hookit off", async () => {
    const r = await runScenario({
      agent: "claude",
      name: "user-scope-switch",
      policy: POLICY,
      turns: [{ tool: "Bash", input: { command: `touch ${MARKER}`, description: "Run test command" } }, { say: "Done." }],
      sabotage: ({ home }) => {
        mkdirSync(join(home, ".claude"), { recursive: true });
        writeFileSync(join(home, ".claude/settings.json"), `${JSON.stringify({ disableAllHooks: true })}\n`);
      },
    });
    expect(r.modelRequests.length, r.summary()).toBeGreaterThanOrEqual(2);
    // What the switch does on the real CLI: no hook ran, the guarded command ran.
    expect(r.exists(MARKER), r.summary()).toBe(true);
    const doctor = execaSync(process.execPath, [hookitBin(), "doctor"], {
      cwd: r.project,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: r.home },
      extendEnv: false,
      reject: false,
    });
    expect(doctor.exitCode, doctor.stdout).toBe(1);
    expect(doctor.stdout).toContain(`${join(r.home, ".claude/settings.json")}: "disableAllHooks": true switches off every hook`);
  });
});

// Copilot CLI reads `disableAllHooks` from the repository's settings (`copilot config --repo`,
// `.github/copilot/settings.json`), which a cloned repository can ship: checked on the real CLI,
// it switches off the repository's hooks, hookit's included, and doctor says which file did.
// The user's ~/.copilot/settings.json is another matter: on 1.0.102 the same line there leaves a
// user install running (the second case), and a repository install too, so doctor does not read it.
describe(`Copilot CLI ${clis.copilot.version}: disableAllHooks`, () => {
  const doctorIn = (r: { project: string; home: string }) =>
    execaSync(process.execPath, [hookitBin(), "doctor"], {
      cwd: r.project,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: r.home },
      extendEnv: false,
      reject: false,
    });

  it("in the repository's settings: the CLI runs the forbidden command, and doctor names the file", async () => {
    const r = await runScenario({
      agent: "copilot",
      name: "repo-switch",
      policy: POLICY,
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
      sabotage: ({ project }) => {
        mkdirSync(join(project, ".github/copilot"), { recursive: true });
        writeFileSync(join(project, ".github/copilot/settings.json"), `${JSON.stringify({ disableAllHooks: true })}\n`);
      },
    });
    expect(r.modelRequests.length, r.summary()).toBeGreaterThanOrEqual(2);
    expect(r.exists(MARKER), r.summary()).toBe(true);
    const doctor = doctorIn(r);
    expect(doctor.exitCode, doctor.stdout).toBe(1);
    expect(doctor.stdout).toContain(`${join(r.project, ".github/copilot/settings.json")}: "disableAllHooks": true switches off every hook`);
  });

  it("in the user's settings, over a user install: hookit's hooks still run, and doctor does not flag it", async () => {
    const r = await runScenario({
      agent: "copilot",
      name: "user-switch",
      policy: POLICY,
      install: false,
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
      sabotage: ({ home, project }) => {
        const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
        execaSync(process.execPath, [hookitBin(), "install", "--agent", "copilot", "--global"], { cwd: project, env, extendEnv: false });
        execaSync(process.execPath, [hookitBin(), "trust", "--yes"], { cwd: project, env, extendEnv: false });
        writeFileSync(join(home, ".copilot/settings.json"), `${JSON.stringify({ disableAllHooks: true })}\n`);
      },
    });
    expect(r.modelRequests.length, r.summary()).toBeGreaterThanOrEqual(2);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(doctorIn(r).stdout).not.toContain("disableAllHooks");
  });
});
