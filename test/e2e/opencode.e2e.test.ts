// OpenCode 1.18.33 with hookit's in-process plugin (dist/opencode.mjs, listed in the project's
// opencode.json by `hookit install`). The conformance scenarios run OpenCode as `opencode serve`
// driven by `opencode run --attach` (test/hosts/opencode/e2e-launcher.ts); the extra scenarios below
// show what a plain `opencode run` does differently, and that OpenCode runs unguarded when the
// plugin file is gone.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { disposeScratch, runScenario } from "./harness.ts";
import { BLOCK_REASON, CORRECTIVE, GUARD_POLICY, MARKER, STOP_POLICY, describeConformance } from "./scenarios.ts";
import { afterLastToolCall, rawToolResults, userTexts } from "./views.ts";
import { MODEL_READS } from "./block-views.ts";

describeConformance("opencode", {
  // The plugin throws Error(reason); OpenCode makes the message the failed call's tool result.
  blockedResult: MODEL_READS.opencode,
  // tool.execute.after replaces output.output, which is exactly what the model reads.
  patchedResult: (text) => text,
  // session.idle → promptAsync: the corrective message is a plain user message.
  correctiveMessage: (message) => message,
  // Like the command-hook agents: an invalid policy must not silently turn the guard off.
  brokenPolicy: "tool blocked",
  // OpenCode has no project trust; hookit keeps enforcing the version its trust store holds.
  editedPolicy: "trusted version runs",
  writeHello: (project) => ({ tool: "write", input: { filePath: join(project, "hello.txt"), content: "hello\n" } }),
});

describe("opencode: what differs from the TUI and `opencode serve`", () => {
  afterAll(disposeScratch);
  const plainRun = { HOOKIT_E2E_OPENCODE_MODE: "run" };

  it("a plain `opencode run` blocks the same way", async () => {
    const r = await runScenario({
      agent: "opencode",
      name: "run-block",
      env: plainRun,
      policy: GUARD_POLICY,
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    });
    expect(r.modelRequests.length, r.summary()).toBe(2);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(rawToolResults(r.views[1] ?? []).at(-1), r.summary()).toBe(BLOCK_REASON);
  });

  it("a plain `opencode run` exits at idle: agent_end is judged and logged, but no corrective turn runs", async () => {
    const r = await runScenario({
      agent: "opencode",
      name: "run-agent-end",
      env: plainRun,
      policy: STOP_POLICY,
      turns: [{ say: "First answer." }, { say: "Second answer." }],
    });
    expect(r.modelRequests.length, r.summary()).toBe(1);
    expect(
      userTexts(r.views[0] ?? []).some((u) => u.includes(CORRECTIVE)),
      r.summary(),
    ).toBe(false);
    // The plugin's dispose waited for the evaluation: the decision log has the stop that was not delivered.
    const log = join(r.home, ".local/state/hookit/decisions.jsonl");
    const stops = (existsSync(log) ? readFileSync(log, "utf8") : "").split("\n").filter((l) => l.includes('"kind":"stop"'));
    expect(stops.length, r.summary()).toBe(1);
    expect(JSON.parse(stops[0]!).outcome).toBe("continue");
  });

  it("a plugin file that is gone: OpenCode runs unguarded and says nothing (hookit doctor flags the entry)", async () => {
    const breakPlugin = ({ project }: { project: string }) => {
      writeFileSync(join(project, "opencode.json"), JSON.stringify({ plugin: [join(project, "missing/hookit/dist/opencode.mjs")] }) + "\n");
    };
    const r = await runScenario({
      agent: "opencode",
      name: "missing-plugin",
      policy: GUARD_POLICY,
      sabotage: breakPlugin,
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    });
    expect(r.modelRequests.length, r.summary()).toBe(2);
    expect(r.exists(MARKER), r.summary()).toBe(true);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).not.toContain("hookit");
  });
});
