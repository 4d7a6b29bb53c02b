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
