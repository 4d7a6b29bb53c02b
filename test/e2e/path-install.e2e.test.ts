// A project install a team commits: with hookit on PATH the hooks run `hookit hook …`, found by
// name when the agent runs them (src/installer/command-form.ts). On the real CLIs: the guard holds
// in that form, and on a machine whose PATH has no hookit the guarded call is blocked, not run.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CliId } from "./clis.ts";
import { disposeScratch, runScenario } from "./harness.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";
import { afterLastToolCall } from "./views.ts";

/** The project file each agent's install writes, and where its pre-tool command sits in it. */
const FILES: Partial<Record<CliId, string>> = {
  claude: ".claude/settings.json",
  gemini: ".gemini/settings.json",
  copilot: ".github/hooks/hookit.json",
};

/** What the model reads when the hook's program is missing: Copilot shows only the exit code. */
const MISSING: Partial<Record<CliId, RegExp>> = {
  claude: /hookit: (command )?not found/,
  gemini: /hookit: (command )?not found/,
  copilot: /Denied by preToolUse hook: hook exited with code 2/,
};

describe.each(Object.keys(FILES) as CliId[])("%s: a project install that runs hookit from PATH", (agent) => {
  afterAll(disposeScratch);

  it("writes `hookit hook …`, and the block reaches the model", async () => {
    const r = await runScenario({
      agent,
      name: "path-block",
      policy: GUARD_POLICY,
      hookitOnPath: true,
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    });
    const installed = readFileSync(join(r.project, FILES[agent]!), "utf8");
    expect(installed, r.summary()).toMatch(new RegExp(`"hookit hook --agent ${agent} \\w+ \\|\\| exit 2"`));
    expect(installed, r.summary()).not.toContain("bin.cjs");
    expect(r.modelRequests.length, r.summary()).toBe(2);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
  });

  it("blocks the call on a machine whose PATH has no hookit", async () => {
    const r = await runScenario({
      agent,
      name: "path-missing",
      policy: GUARD_POLICY,
      hookitOnPath: true,
      // The teammate's machine: the committed file, no hookit installed.
      sabotage: ({ dir }) => rmSync(join(dir, "bin/hookit")),
      turns: [{ shell: "touch e2e-allowed.txt" }, { say: "Done." }],
    });
    expect(r.modelRequests.length, r.summary()).toBe(2);
    expect(r.exists("e2e-allowed.txt"), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toMatch(MISSING[agent]!);
  });
});
